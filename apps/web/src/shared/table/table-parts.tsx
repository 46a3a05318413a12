import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import InboxIcon from '@mui/icons-material/Inbox';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { isAborted } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { clearEnd, searchStart } from '../ui/search-adornments';

/** The search box of a table. */
export function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      sx={{ flex: { xs: '1 1 100%', sm: '1 1 260px' }, maxWidth: { sm: 360 } }}
      slotProps={{
        htmlInput: { 'aria-label': t('fleet.common.search'), 'data-testid': 'table-search' },
        input: {
          startAdornment: searchStart,
          endAdornment: clearEnd(value, t('fleet.common.clear_search'), () => onChange(''), 'end'),
        },
      }}
    />
  );
}

/**
 * A select of a filter bar. `allLabel` names the empty value, shown as a value (not as an empty
 * field); without it the empty value leaves the label inside the field.
 */
export function SelectFilter({
  id,
  label,
  value,
  allLabel,
  options = [],
  onChange,
  children,
  testId,
  sx = { flex: { xs: '1 1 140px', sm: '0 1 220px' }, minWidth: 140 },
}: {
  id: string;
  label: string;
  value: string;
  allLabel?: string;
  options?: readonly { value: string; label: ReactNode }[];
  onChange: (value: string) => void;
  /** Choices of its own (after the options). */
  children?: ReactNode;
  /** The input's test id. */
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={sx}
      slotProps={{
        ...(allLabel !== undefined && {
          select: { displayEmpty: true },
          inputLabel: { shrink: true },
        }),
        ...(testId !== undefined && { htmlInput: { 'data-testid': testId } }),
      }}
    >
      {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
      {children}
    </TextField>
  );
}

/** Search, filters, the shown count and the export button above a table. */
export function TableToolbar({
  children,
  shown,
  total,
  onExport,
  exportDisabled,
}: {
  children: ReactNode;
  shown: number;
  total: number;
  onExport: () => void;
  exportDisabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      {children}
      <Box sx={{ flex: '1 0 auto', display: { xs: 'none', md: 'block' } }} />
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="table-count"
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('fleet.common.count', { shown, total })}
      </Typography>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        onClick={onExport}
        disabled={exportDisabled}
        data-testid="table-export"
        sx={{ ml: { xs: 'auto', md: 0 } }}
      >
        {t('fleet.common.export')}
      </Button>
    </Box>
  );
}

/** Skeleton rows while a table loads. */
export function TableLoading({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={36} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Paper>
  );
}

/** A message in place of a table: empty fleet, no match, or a failed load. */
export function TableMessage({
  kind,
  text,
  action,
}: {
  kind: 'empty' | 'error';
  text: string;
  action?: ReactNode;
}) {
  const Icon = kind === 'error' ? ErrorOutlineIcon : InboxIcon;
  return (
    <Paper
      variant="outlined"
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={`table-${kind}`}
      sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}
    >
      <Icon color={kind === 'error' ? 'error' : 'disabled'} sx={{ fontSize: 40, mb: 1 }} />
      <Typography color="text.secondary" sx={{ mb: action ? 2 : 0 }}>
        {text}
      </Typography>
      {action}
    </Paper>
  );
}

/** The failed-load message with a retry button (cancelled loads say so). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = isAborted(error) ? t('fleet.common.cancelled') : errorMessage(error, t);
  return (
    <TableMessage
      kind="error"
      text={`${t('fleet.common.load_error')} ${detail}`}
      action={
        <Button variant="outlined" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
