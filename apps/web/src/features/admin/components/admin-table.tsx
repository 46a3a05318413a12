import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SearchIcon from '@mui/icons-material/Search';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme, SxProps } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { filterRows } from '../admin-search';

export interface AdminColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** Left out of the phone cards (the first column is the card's title). */
  hideOnPhone?: boolean;
}

export interface AdminTableProps<T> {
  /** Prefix of test ids and element ids (`users`, `roles`…). */
  name: string;
  title: string;
  subtitle: string;
  createLabel?: string | undefined;
  onCreate?: (() => void) | undefined;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch' | 'isPending'>;
  columns: readonly AdminColumn<T>[];
  rowKey: (row: T) => string | number;
  searchTexts: (row: T) => readonly (string | number | null | undefined)[];
  actions?: ((row: T) => ReactNode) | undefined;
  rowSx?: ((row: T) => SxProps<Theme> | undefined) | undefined;
  emptyText: string;
  /** Filters shown beside the search box. */
  filters?: ReactNode;
  /** Shown above the table (e.g. devices waiting for assignment). */
  banner?: ReactNode;
  /** Narrows rows before the search (e.g. "new only"). */
  preFilter?: ((row: T) => boolean) | undefined;
  /** Offers an Excel export of the rows that pass the filters and the search, as shown. */
  onExport?: ((rows: T[]) => void) | undefined;
  exportLabel?: string | undefined;
}

/**
 * An administration list: title, search, create button, then a table (cards on phones), with
 * loading, empty, no-match and error states.
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { data } = props.query;
  const { preFilter, searchTexts } = props;
  const rows = useMemo(
    () =>
      filterRows(
        (data ?? []).filter((row) => preFilter?.(row) ?? true),
        search,
        searchTexts,
      ),
    [data, search, preFilter, searchTexts],
  );

  return (
    <Box data-testid={`admin-${props.name}`}>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: { xs: 'stretch', sm: 'flex-start' },
          flexDirection: { xs: 'column', sm: 'row' },
          mb: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1">{props.title}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {props.subtitle}
          </Typography>
        </Box>
        {props.onCreate ? (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={props.onCreate}
            data-testid={`${props.name}-create`}
            sx={{ flexShrink: 0 }}
          >
            {props.createLabel}
          </Button>
        ) : null}
      </Box>
      {props.banner}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          id={`${props.name}-search`}
          size="small"
          placeholder={t('admin.common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('admin.common.search'), type: 'search' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {props.filters}
        {data ? (
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
            {t('admin.common.rows', { count: rows.length })}
          </Typography>
        ) : null}
        {props.onExport ? (
          <Button
            variant="outlined"
            startIcon={<FileDownloadIcon />}
            disabled={rows.length === 0}
            onClick={() => props.onExport?.(rows)}
            data-testid={`${props.name}-export`}
          >
            {props.exportLabel}
          </Button>
        ) : null}
      </Box>
      <TableBodyState {...props} rows={rows} search={search} isPhone={isPhone} />
    </Box>
  );
}

function TableBodyState<T>(
  props: AdminTableProps<T> & { rows: T[]; search: string; isPhone: boolean },
) {
  const { t } = useTranslation();
  const { query, rows } = props;
  if (query.isError && !query.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} role="alert">
        <Typography sx={{ mb: 1 }}>
          {isAborted(query.error)
            ? t('admin.common.load_cancelled')
            : t('admin.common.load_failed')}
        </Typography>
        {!isAborted(query.error) ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {errorMessage(query.error, t)}
          </Typography>
        ) : null}
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Paper>
    );
  }
  if (!query.data) {
    return (
      <Box aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={44} sx={{ mb: 1 }} />
        ))}
      </Box>
    );
  }
  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" data-testid={`${props.name}-empty`}>
          {props.search.trim()
            ? t('admin.common.no_results', { query: props.search.trim() })
            : props.emptyText}
        </Typography>
      </Paper>
    );
  }
  return props.isPhone ? <PhoneCards {...props} /> : <DesktopTable {...props} />;
}

function DesktopTable<T>(props: AdminTableProps<T> & { rows: T[] }) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
      <Table size="small" aria-label={props.title}>
        <TableHead>
          <TableRow>
            {props.columns.map((column) => (
              <TableCell key={column.id} align={column.numeric ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
            {props.actions ? (
              <TableCell align="right" aria-label={t('admin.common.actions')} />
            ) : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow
              key={props.rowKey(row)}
              hover
              data-testid={`${props.name}-row`}
              sx={props.rowSx?.(row) ?? {}}
            >
              {props.columns.map((column) => (
                <TableCell key={column.id} align={column.numeric ? 'right' : 'left'}>
                  {column.render(row)}
                </TableCell>
              ))}
              {props.actions ? (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                  {props.actions(row)}
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PhoneCards<T>(props: AdminTableProps<T> & { rows: T[] }) {
  const [first, ...rest] = props.columns;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {props.rows.map((row) => (
        <Paper
          component="li"
          variant="outlined"
          key={props.rowKey(row)}
          data-testid={`${props.name}-row`}
          sx={[{ p: 1.5, minWidth: 0 }, ...toArray(props.rowSx?.(row))]}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {first?.render(row)}
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
                    {column.render(row)}
                  </Box>
                </Box>
              ))}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}

function toArray(
  sx: SxProps<Theme> | undefined,
): readonly Exclude<SxProps<Theme>, readonly unknown[]>[] {
  if (!sx) return [];
  return (Array.isArray(sx) ? sx : [sx]) as Exclude<SxProps<Theme>, readonly unknown[]>[];
}
