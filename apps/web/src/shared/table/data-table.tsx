import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import type { ColumnModel, SortState } from './table-model';

export interface TableColumn<R> extends ColumnModel<R> {
  /** How the cell draws; defaults to the value. */
  render?: (row: R) => ReactNode;
  align?: 'left' | 'right';
  /** Text that may wrap onto two lines (long names); other cells stay on one line. */
  wrap?: boolean;
}

export interface DataTableProps<R> {
  /** The rows to show, already filtered and sorted (every page). */
  rows: readonly R[];
  columns: readonly TableColumn<R>[];
  rowKey: (row: R) => string | number;
  sort: SortState | null;
  onSort: (sort: SortState) => void;
  /** Clicking a row (or pressing Enter on it). */
  onRowClick?: (row: R) => void;
  /** The accessible name of a clickable row. */
  rowLabel?: (row: R) => string;
  /** A row's card on phones (< 600 px). */
  renderCard: (row: R) => ReactNode;
  /** Content shown under an expanded row (the row then expands instead of `onRowClick`). */
  renderExpanded?: (row: R) => ReactNode;
  expandLabel?: (row: R, expanded: boolean) => string;
  testId: string;
}

const PAGE_SIZES = [25, 50, 100];

/** A sortable, paged table; a list of cards on phones. */
export function DataTable<R>(props: DataTableProps<R>) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1] ?? 50);
  const pages = Math.max(1, Math.ceil(props.rows.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = props.rows.slice(current * pageSize, (current + 1) * pageSize);
  const pagination =
    props.rows.length > PAGE_SIZES[0]! ? (
      <TablePagination
        component="div"
        count={props.rows.length}
        page={current}
        onPageChange={(_, next) => setPage(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={phone ? '' : t('fleet.table.rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          t('fleet.table.displayed', { from, to, count })
        }
      />
    ) : null;

  if (phone) return <CardList {...props} shown={shown} pagination={pagination} />;

  const visible = props.columns;
  return (
    <Paper variant="outlined" data-testid={props.testId}>
      <TableContainer>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {props.renderExpanded && <TableCell padding="checkbox" />}
              {visible.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align ?? 'left'}
                  sortDirection={props.sort?.column === column.id ? props.sort.direction : false}
                  // Headers wrap between words (units included): a long label does not push
                  // the last columns out of a 1440 px screen.
                  sx={{ fontWeight: 600, verticalAlign: 'bottom', lineHeight: 1.3 }}
                >
                  {column.sortable === false ? (
                    column.label
                  ) : (
                    <TableSortLabel
                      active={props.sort?.column === column.id}
                      direction={props.sort?.column === column.id ? props.sort.direction : 'asc'}
                      onClick={() =>
                        props.onSort({
                          column: column.id,
                          direction:
                            props.sort?.column === column.id && props.sort.direction === 'asc'
                              ? 'desc'
                              : 'asc',
                        })
                      }
                    >
                      {column.label}
                    </TableSortLabel>
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <BodyRow key={props.rowKey(row)} row={row} columns={visible} props={props} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Paper>
  );
}

function BodyRow<R>({
  row,
  columns,
  props,
}: {
  row: R;
  columns: readonly TableColumn<R>[];
  props: DataTableProps<R>;
}) {
  const [expanded, setExpanded] = useState(false);
  const expandable = Boolean(props.renderExpanded);
  const activate = () => (expandable ? setExpanded((e) => !e) : props.onRowClick?.(row));
  const clickable = expandable || Boolean(props.onRowClick);
  return (
    <Fragment>
      <TableRow
        hover={clickable}
        data-row={props.rowKey(row)}
        tabIndex={clickable ? 0 : undefined}
        aria-label={props.rowLabel?.(row)}
        aria-expanded={expandable ? expanded : undefined}
        onClick={clickable ? activate : undefined}
        onKeyDown={(event) => {
          if (clickable && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            activate();
          }
        }}
        sx={{
          cursor: clickable ? 'pointer' : undefined,
          '& > td': expandable && expanded ? { borderBottom: 'none' } : undefined,
        }}
      >
        {expandable && (
          <TableCell padding="checkbox">
            <IconButton
              size="small"
              aria-label={props.expandLabel?.(row, expanded)}
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                setExpanded((e) => !e);
              }}
            >
              {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </IconButton>
          </TableCell>
        )}
        {columns.map((column) => (
          <TableCell
            key={column.id}
            align={column.align ?? 'left'}
            data-column={column.id}
            sx={column.wrap ? { minWidth: 120 } : { whiteSpace: 'nowrap' }}
          >
            {column.render ? column.render(row) : (column.value(row) ?? '—')}
          </TableCell>
        ))}
      </TableRow>
      {expandable && (
        <TableRow>
          <TableCell
            colSpan={columns.length + 1}
            sx={{ py: 0, ...(expanded ? {} : { border: 0 }) }}
          >
            <Collapse in={expanded} unmountOnExit>
              <Box sx={{ py: 1.5 }}>{props.renderExpanded?.(row)}</Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}

/** Phones: one card per row, with a sort choice above them. */
function CardList<R>({
  shown,
  pagination,
  ...props
}: DataTableProps<R> & { shown: readonly R[]; pagination: ReactNode }) {
  const { t } = useTranslation();
  const sortable = props.columns.filter((c) => c.sortable !== false);
  const value = props.sort ? `${props.sort.column}:${props.sort.direction}` : '';
  return (
    <Box data-testid={props.testId}>
      <TextField
        select
        size="small"
        fullWidth
        label={t('fleet.common.sort_by')}
        value={value}
        onChange={(event) => {
          const [column = '', direction] = event.target.value.split(':');
          props.onSort({ column, direction: direction === 'desc' ? 'desc' : 'asc' });
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
          <Box component="li" key={props.rowKey(row)} data-row={props.rowKey(row)}>
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
  return (
    <Card variant="outlined">
      <CardActionArea
        onClick={() => (expandable ? setExpanded((e) => !e) : props.onRowClick?.(row))}
        aria-label={expandable ? props.expandLabel?.(row, expanded) : props.rowLabel?.(row)}
        aria-expanded={expandable ? expanded : undefined}
        sx={{ p: 1.5 }}
      >
        {props.renderCard(row)}
      </CardActionArea>
      {expandable && (
        <Collapse in={expanded} unmountOnExit>
          <Box sx={{ px: 1.5, pb: 1.5 }}>{props.renderExpanded?.(row)}</Box>
        </Collapse>
      )}
    </Card>
  );
}
