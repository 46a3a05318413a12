import type { FaultSeverityValue, Language, TimeZoneSetting } from '@rumbo/contracts';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate, formatTime } from '../../shared/format/format';
import type { TFunction } from '../../shared/i18n/i18n';
import { SEVERITY_COLOR } from './fault-format';

export function SeverityChip({ severity, t }: { severity: FaultSeverityValue; t: TFunction }) {
  return (
    <Chip
      size="small"
      color={SEVERITY_COLOR[severity]}
      variant={severity === 'critical' ? 'filled' : 'outlined'}
      label={t(`diagnostics.severity.${severity}`)}
      data-severity={severity}
    />
  );
}

export function StatusChip({ open, t }: { open: boolean; t: TFunction }) {
  return (
    <Chip
      size="small"
      variant={open ? 'filled' : 'outlined'}
      color={open ? 'primary' : 'default'}
      label={t(open ? 'diagnostics.status.open' : 'diagnostics.status.closed')}
    />
  );
}

/** A day over its time of day. */
export function DateTimeCell({
  ms,
  language,
  offset,
}: {
  ms: number;
  language: Language;
  offset: TimeZoneSetting;
}) {
  return (
    <>
      <div>{formatDate(ms, language, offset)}</div>
      <Typography variant="body2" color="text.secondary">
        {formatTime(ms, offset)}
      </Typography>
    </>
  );
}
