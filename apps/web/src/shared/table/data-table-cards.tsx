import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Collapse from '@mui/material/Collapse';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { sxList } from '../ui/sx';
import type { DataTableProps } from './data-table';

/** Phones: one card per row, with a sort choice above them. */
export function CardList<R>({
  shown,
  pagination,
  ...props
}: DataTableProps<R> & { shown: readonly R[]; pagination: ReactNode }) {
  const { t } = useTranslation();
  const { onSort } = props;
  const sortable = props.columns.filter((c) => c.sortable !== false);
  const value = props.sort ? `${props.sort.column}:${props.sort.direction}` : '';
  return (
    <Box data-testid={props.testId}>
      {onSort && props.cardSort !== false && (
        <TextField
          select
          size="small"
          fullWidth
          label={t('fleet.common.sort_by')}
          value={value}
          onChange={(event) => {
            const [column = '', direction] = event.target.value.split(':');
            onSort({ column, direction: direction === 'desc' ? 'desc' : 'asc' });
          }}
          sx={{ mb: 1.5 }}
        >
          {sortable.flatMap((column) =>
            (['asc', 'desc'] as const).map((direction) => (
              <MenuItem key={`${column.id}:${direction}`} value={`${column.id}:${direction}`}>
                {column.label} {direction === 'asc' ? '↑' : '↓'}
              </MenuItem>
            )),
          )}
        </TextField>
      )}
      {/* One column that may shrink: a card's one-line (noWrap) text truncates, not widens it. */}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1,
        }}
      >
        {shown.map((row) => (
          <Box
            component="li"
            key={props.rowKey(row)}
            data-row={(props.rowName ?? props.rowKey)(row)}
            data-testid={props.rowTestId?.(row)}
          >
            <PhoneCard row={row} props={props} />
          </Box>
        ))}
      </Box>
      {pagination}
    </Box>
  );
}

function PhoneCard<R>({ row, props }: { row: R; props: DataTableProps<R> }) {
  const [expanded, setExpanded] = useState(false);
  const expandable = Boolean(props.renderExpanded);
  const content = props.renderCard ? props.renderCard(row) : <FieldCard row={row} props={props} />;
  if (!expandable && !props.onRowClick) {
    // Nothing to open: a plain card, whose own buttons (row actions) stay buttons.
    return (
      <Paper variant="outlined" sx={[{ p: 1.5, minWidth: 0 }, ...sxList(props.rowSx?.(row))]}>
        {content}
      </Paper>
    );
  }
  return (
    <Card variant="outlined">
      <CardActionArea
        onClick={() => (expandable ? setExpanded((e) => !e) : props.onRowClick?.(row))}
        aria-label={expandable ? props.expandLabel?.(row, expanded) : props.rowLabel?.(row)}
        aria-expanded={expandable ? expanded : undefined}
        sx={{ p: 1.5 }}
      >
        {content}
      </CardActionArea>
      {expandable && (
        <Collapse in={expanded} unmountOnExit>
          <Box sx={{ px: 1.5, pb: 1.5 }}>{props.renderExpanded?.(row)}</Box>
        </Collapse>
      )}
    </Card>
  );
}

/** The default card: the first column as its title (beside the row's actions), then the others. */
function FieldCard<R>({ row, props }: { row: R; props: DataTableProps<R> }) {
  const [first, ...rest] = props.columns;
  const cell = (column: (typeof props.columns)[number]) =>
    column.render ? column.render(row) : (column.value(row) ?? '—');
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
          {first && cell(first)}
        </Box>
        {props.actions ? <Box sx={{ flexShrink: 0 }}>{props.actions(row)}</Box> : null}
      </Box>
      <Box
        component="dl"
        sx={{
          m: 0,
          mt: 0.5,
          display: 'grid',
          gridTemplateColumns: 'auto 1fr',
          columnGap: 1.5,
          rowGap: 0.25,
          fontSize: '0.875rem',
        }}
      >
        {rest
          .filter((column) => !column.hideOnPhone)
          .map((column) => (
            <Box key={column.id} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                {column.label}
              </Box>
              <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
                {cell(column)}
              </Box>
            </Box>
          ))}
      </Box>
    </>
  );
}
