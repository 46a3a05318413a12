import type { FaultSeverityValue, Language, TimeZoneSetting } from '@rumbo/contracts';
import Typography from '@mui/material/Typography';
import { formatDate, formatTime } from '../../shared/format/format';
import type { TFunction } from '../../shared/i18n/i18n';
import { LevelChip } from '../../shared/ui/level-chip';
import { SEVERITY_COLOR } from './fault-format';

export function SeverityChip({ severity, t }: { severity: FaultSeverityValue; t: TFunction }) {
  return (
    <LevelChip
      color={SEVERITY_COLOR[severity]}
      filled={severity === 'critical'}
      label={t(`diagnostics.severity.${severity}`)}
      data-severity={severity}
    />
  );
}

export function StatusChip({ open, t }: { open: boolean; t: TFunction }) {
  return (
    <LevelChip
      filled={open}
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
