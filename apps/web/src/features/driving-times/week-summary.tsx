import type { DriverDrivingTimesDetailDto } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { hoursMinutes } from '../../shared/driving-times/driving-left';
import { useTranslation } from '../../shared/i18n/use-translation';

/** Share of a limit used, and its colour: amber from an hour before the limit, red at it. */
export function usedBar(drivenS: number, limitS: number) {
  const value = limitS > 0 ? Math.min(100, (drivenS / limitS) * 100) : 0;
  const left = limitS - drivenS;
  const color = left <= 0 ? 'error' : left < 3600 ? 'warning' : 'primary';
  return { value, color } as const;
}

function LimitRow({
  label,
  drivenS,
  limitS,
  id,
}: {
  label: string;
  drivenS: number;
  limitS: number;
  id: string;
}) {
  const { t } = useTranslation();
  const bar = usedBar(drivenS, limitS);
  return (
    <Box data-testid={`dt-limit-${id}`} data-color={bar.color} sx={{ display: 'grid', gap: 0.5 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('drivingTimes.used_of', { used: hoursMinutes(drivenS), limit: hoursMinutes(limitS) })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={bar.value}
        color={bar.color}
        aria-label={label}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}

/** The week's and fortnight's driving against their limits, and the day's allowances used. */
export function WeekSummary({ detail }: { detail: DriverDrivingTimesDetailDto }) {
  const { t } = useTranslation();
  const { driver } = detail;
  const dayLimitS = driver.drivenS.todayS + Math.max(0, driver.drivingLeft.dayS);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="dt-week-summary">
      <LimitRow
        id="day"
        label={t('drivingTimes.limit.day')}
        drivenS={driver.drivenS.todayS}
        limitS={dayLimitS}
      />
      <LimitRow
        id="week"
        label={t('drivingTimes.limit.week')}
        drivenS={detail.week.drivenS}
        limitS={detail.week.limitS}
      />
      <LimitRow
        id="fortnight"
        label={t('drivingTimes.limit.fortnight')}
        drivenS={detail.fortnight.drivenS}
        limitS={detail.fortnight.limitS}
      />
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t('drivingTimes.extended_days', { used: driver.extendedDaysUsed })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('drivingTimes.reduced_rests', { used: driver.reducedRestsUsed })}
        </Typography>
      </Box>
    </Box>
  );
}
