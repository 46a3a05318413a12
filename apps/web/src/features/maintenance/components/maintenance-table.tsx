import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SearchIcon from '@mui/icons-material/Search';
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
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/error-message';
import { useTranslation } from '../../../shared/i18n/use-translation';

export interface MaintColumn<T> {
  id: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => string | number;
  numeric?: boolean;
  /** Left out of the phone cards (the first column is the card's title). */
  hideOnPhone?: boolean;
}

export interface MaintTableProps<T> {
  /** Prefix of test ids and element ids. */
  name: string;
  title: string;
  subtitle: string;
  query: Pick<UseQueryResult<T[]>, 'data' | 'isError' | 'error' | 'refetch'>;
  columns: readonly MaintColumn<T>[];
  rowKey: (row: T) => string | number;
  searchTexts: (row: T) => readonly string[];
  /** Narrows rows before the search (the screen's filters). */
  preFilter?: (row: T) => boolean;
  emptyText: string;
  filters?: ReactNode;
  /** Buttons beside the title (create, plans). */
  headerActions?: ReactNode;
  createLabel?: string;
  onCreate?: () => void;
  onExport?: (rows: T[]) => void;
  actions?: (row: T) => ReactNode;
  /** Shown under a row's cells (attachments…). */
  initialSort?: { id: string; desc?: boolean };
}

/** A maintenance list: title, search, filters, export, a sortable table (cards on phones). */
export function MaintTable<T>(props: MaintTableProps<T>) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(props.initialSort ?? { id: '', desc: false });
  const { data } = props.query;
  const { preFilter, searchTexts, columns } = props;
  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    const filtered = (data ?? []).filter(
      (row) =>
        (preFilter?.(row) ?? true) &&
        (!needle || searchTexts(row).some((text) => text.toLocaleLowerCase().includes(needle))),
    );
    const column = columns.find((c) => c.id === sort.id);
    if (!column?.sortValue) return filtered;
    const value = column.sortValue;
    const sign = sort.desc ? -1 : 1;
    return [...filtered].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (
        sign *
        (typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y)))
      );
    });
  }, [data, preFilter, searchTexts, search, columns, sort]);

  return (
    <Box data-testid={`maint-${props.name}`}>
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
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, flexWrap: 'wrap' }}>
          {props.headerActions}
          {props.onCreate ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={props.onCreate}
              data-testid={`${props.name}-create`}
            >
              {props.createLabel}
            </Button>
          ) : null}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <TextField
          id={`${props.name}-search`}
          size="small"
          placeholder={t('maintenance.common.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: { sm: 320 } }}
          slotProps={{
            htmlInput: { 'aria-label': t('maintenance.common.search'), type: 'search' },
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
            {t('maintenance.common.rows', { count: rows.length })}
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
            {t('maintenance.common.export')}
          </Button>
        ) : null}
      </Box>
      {props.query.isError && !data ? (
        <Paper variant="outlined" sx={{ p: 3 }} role="alert">
          <Typography sx={{ mb: 1 }}>{t('maintenance.common.load_failed')}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {errorMessage(props.query.error, t)}
          </Typography>
          <Button variant="outlined" onClick={() => void props.query.refetch()}>
            {t('maintenance.common.retry')}
          </Button>
        </Paper>
      ) : !data ? (
        <Box aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} sx={{ mb: 1 }} />
          ))}
        </Box>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary" data-testid={`${props.name}-empty`}>
            {props.emptyText}
          </Typography>
        </Paper>
      ) : isPhone ? (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          {rows.map((row) => (
            <Paper
              key={props.rowKey(row)}
              variant="outlined"
              sx={{ p: 1.5 }}
              data-testid={`${props.name}-row`}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0 }}>
                  {columns[0]?.render(row)}
                </Typography>
                {props.actions?.(row)}
              </Box>
              {columns.slice(1).map((c) =>
                c.hideOnPhone ? null : (
                  <Box key={c.id} sx={{ display: 'flex', gap: 1, mt: 0.5, alignItems: 'baseline' }}>
                    <Typography variant="body2" color="text.secondary" sx={{ minWidth: 110 }}>
                      {c.label}
                    </Typography>
                    <Typography variant="body2" component="div" sx={{ minWidth: 0 }}>
                      {c.render(row)}
                    </Typography>
                  </Box>
                ),
              )}
            </Paper>
          ))}
        </Box>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={props.title}>
            <TableHead>
              <TableRow>
                {columns.map((c) => (
                  <TableCell key={c.id} align={c.numeric ? 'right' : 'left'}>
                    {c.sortValue ? (
                      <TableSortLabel
                        active={sort.id === c.id}
                        direction={sort.id === c.id && sort.desc ? 'desc' : 'asc'}
                        onClick={() =>
                          setSort((s) => ({ id: c.id, desc: s.id === c.id ? !s.desc : false }))
                        }
                        data-testid={`${props.name}-sort-${c.id}`}
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
                {props.actions ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={props.rowKey(row)} hover data-testid={`${props.name}-row`}>
                  {columns.map((c) => (
                    <TableCell key={c.id} align={c.numeric ? 'right' : 'left'}>
                      {c.render(row)}
                    </TableCell>
                  ))}
                  {props.actions ? (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {props.actions(row)}
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
