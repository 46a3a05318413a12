import type {
  InfringementDto,
  InfringementSeverity,
  Language,
  TimeZoneSetting,
} from '@rumbo/contracts';
import { hoursMinutes } from '../../shared/driving-times/driving-left';
import { formatDateTime } from '../../shared/format/format';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LevelChip } from '../../shared/ui/level-chip';

const SEVERITY_COLOR: Readonly<Record<InfringementSeverity, 'info' | 'warning' | 'error'>> = {
  minor: 'info',
  serious: 'warning',
  'very-serious': 'error',
};

/** An infringement's severity as a coloured chip. */
export function SeverityChip({ severity }: { severity: InfringementSeverity }) {
  const { t } = useTranslation();
  return (
    <LevelChip
      color={SEVERITY_COLOR[severity]}
      filled={severity !== 'minor'}
      label={t(`drivingTimes.severity.${severity}`)}
      data-severity={severity}
    />
  );
}

/** Whether the rule limits a rest (the figures are rest required / taken / missing). */
export const isRestRule = (rule: InfringementDto['rule']) =>
  rule === 'daily-rest' || rule === 'weekly-rest';

/** "10 h 20 driven, limit 9 h 00 (+1 h 20)" or "8 h 00 rest, required 11 h 00 (−3 h 00)". */
export function measureText(i: InfringementDto, t: TFunction): string {
  return t(isRestRule(i.rule) ? 'drivingTimes.measure_rest' : 'drivingTimes.measure_driving', {
    measured: hoursMinutes(i.measuredS),
    limit: hoursMinutes(i.limitS),
    excess: hoursMinutes(i.excessS),
  });
}

/** When it happened, in the user's zone. */
export function periodText(
  i: Pick<InfringementDto, 'start' | 'end'>,
  language: Language,
  zone: TimeZoneSetting,
): string {
  return `${formatDateTime(Date.parse(i.start), language, zone)} – ${formatDateTime(Date.parse(i.end), language, zone)}`;
}
