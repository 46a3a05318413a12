import AddIcon from '@mui/icons-material/Add';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isAborted } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { useTranslation } from '../i18n/use-translation';

// The frame of a list screen (administration, maintenance): a heading with its buttons, the
// filter bar (search, filters, the count, Excel) and the states around the table.

/** Title and subtitle, with the screen's buttons (create…) beside them. */
export function ListHeader(props: {
  /** Prefix of the create button's test id (`users` → `users-create`). */
  name: string;
  title: string;
  subtitle: string;
  /** Buttons before the create button. */
  actions?: ReactNode;
  createLabel?: string | undefined;
  onCreate?: (() => void) | undefined;
}) {
  return (
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
      {props.actions || props.onCreate ? (
        <Box sx={{ display: 'flex', gap: 1, flexShrink: 0, flexWrap: 'wrap' }}>
          {props.actions}
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
      ) : null}
    </Box>
  );
}

/** The search box, the screen's filters, the count of rows and the Excel button. */
export function FilterBar(props: {
  /** Prefix of the search box's id and the export button's test id. */
  name: string;
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  /** Filters shown beside the search box. */
  children?: ReactNode;
  /** "12 rows", once loaded. */
  countText?: string | undefined;
  onExport?: (() => void) | undefined;
  exportLabel?: string | undefined;
  exportDisabled?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        id={`${props.name}-search`}
        size="small"
        placeholder={props.searchLabel}
        value={props.search}
        onChange={(event) => props.onSearch(event.target.value)}
        sx={{ flex: '1 1 240px', maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': props.searchLabel, type: 'search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {props.children}
      {props.countText !== undefined ? (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
          {props.countText}
        </Typography>
      ) : null}
      {props.onExport ? (
        <Button
          variant="outlined"
          startIcon={<FileDownloadIcon />}
          disabled={props.exportDisabled}
          onClick={props.onExport}
          data-testid={`${props.name}-export`}
        >
          {props.exportLabel}
        </Button>
      ) : null}
    </Box>
  );
}

/** A list's failed load (with retry), its loading skeleton, its empty message, or the list. */
export function ListState(props: {
  name: string;
  query: Pick<UseQueryResult<unknown>, 'data' | 'isError' | 'error' | 'refetch'>;
  failedText: string;
  /** Said instead of `failedText` (and without the detail) when the load was cancelled. */
  cancelledText?: string;
  retryText: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { query } = props;
  if (query.isError && !query.data) {
    const cancelled = props.cancelledText !== undefined && isAborted(query.error);
    return (
      <Paper variant="outlined" sx={{ p: 3 }} role="alert">
        <Typography sx={{ mb: 1 }}>{cancelled ? props.cancelledText : props.failedText}</Typography>
        {!cancelled ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {errorMessage(query.error, t)}
          </Typography>
        ) : null}
        <Button variant="outlined" onClick={() => void query.refetch()}>
          {props.retryText}
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
  if (props.empty) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary" data-testid={`${props.name}-empty`}>
          {props.emptyText}
        </Typography>
      </Paper>
    );
  }
  return <>{props.children}</>;
}
