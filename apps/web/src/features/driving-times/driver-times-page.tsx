import type { DriverActivityKind, InfringementDto } from '@rumbo/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { ActivityLabel } from '../../shared/driving-times/activity';
import { LEFT_KINDS } from '../../shared/driving-times/driving-left';
import { useDriverDrivingTimes } from '../../shared/driving-times/driving-times-api';
import { LeftBarCell } from '../../shared/driving-times/left-bar';
import { formatDateTime } from '../../shared/format/format';
import { useTranslation } from '../../shared/i18n/use-translation';
import { PeriodBar } from '../../shared/period/period-bar';
import { useAddressPeriod } from '../../shared/period/use-address-period';
import { useSession } from '../../shared/services';
import { ActivityTimeline, type Highlight } from './activity-timeline';
import { InfringementList } from './infringement-list';
import { WeekSummary } from './week-summary';
import { RetryPanel } from '../../shared/ui/retry-alert';

/** `driver/driving-times/:driverId` (issue 26): a driver's chart, limits and infringements. */
export default function DriverTimesPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const zone = useSession((s) => s.user?.config.timeZone ?? 0);
  const driverId = Number(useParams().driverId);
  const { period, update, get } = useAddressPeriod(zone);
  const detail = useDriverDrivingTimes(driverId, period.fromMs, period.toMs);
  const [nowMs] = useState(() => Date.now());
  // `?infringement=id` (a row of the infringements list) opens with that one outlined.
  const [selected, setSelected] = useState<string | null>(() => get('infringement') || null);
  const chart = useRef<HTMLDivElement>(null);
  const data = detail.data;
  const totals = useMemo(
    () =>
      new Map<string, Record<DriverActivityKind, number>>(data?.days.map((d) => [d.day, d.totals])),
    [data],
  );
  const chosen = data?.infringements.find((i) => i.id === selected);
  const highlight = useMemo<Highlight[]>(() => evidenceOf(chosen), [chosen]);
  const select = (i: InfringementDto) => {
    setSelected((current) => (current === i.id ? null : i.id));
    // The chart sits above the list: bring it back into view to show the outlined evidence.
    const el = chart.current;
    if (el && 'scrollIntoView' in el && el.getBoundingClientRect().top < 0)
      el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const back = (
    <Button
      component={RouterLink}
      to="/app/driver/driving-times"
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 1 }}
    >
      {t('drivingTimes.back')}
    </Button>
  );

  if (detail.isError && !data) {
    return (
      <Box data-testid="driver-times-page">
        {back}
        <RetryPanel
          testId="dt-error"
          title={
            isApiError(detail.error, 404)
              ? t('drivingTimes.driver_not_found')
              : t('drivingTimes.load_error')
          }
          error={detail.error}
          onRetry={() => void detail.refetch()}
          retryLabel={t('common.retry')}
        />
      </Box>
    );
  }
  if (!data) {
    return (
      <Box data-testid="driver-times-page" aria-busy="true">
        {back}
        <Skeleton variant="text" width="40%" height={48} />
        <Skeleton variant="rounded" height={90} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  const { driver } = data;
  return (
    <Box
      data-testid="driver-times-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
    >
      <Box>
        {back}
        <Typography variant="h1">
          {driver.nombre || t('drivers.unknown_code', { code: driver.codigo })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
          <Typography color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {driver.codigo}
          </Typography>
          <ActivityLabel kind={driver.activity} />
          {driver.plate && (
            <Typography color="text.secondary">
              {t('drivingTimes.in_truck', { plate: driver.plate })}
            </Typography>
          )}
          {driver.updatedAt && (
            <Typography variant="body2" color="text.secondary">
              {t('drivingTimes.updated', {
                time: formatDateTime(Date.parse(driver.updatedAt), language, zone),
              })}
            </Typography>
          )}
        </Box>
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="dt-left-now">
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
          {t('drivingTimes.left_now')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {LEFT_KINDS.map((kind) => (
            <LeftBarCell key={kind} row={driver} kind={kind} label />
          ))}
        </Box>
      </Paper>
      <Box>
        <PeriodBar
          preset={period.preset}
          fromMs={period.fromMs}
          toMs={period.toMs}
          offset={zone}
          testId="dt-period"
          onPreset={(preset) => update({ period: preset, from: null, to: null })}
          onDays={(fromMs, toMs) =>
            update({ period: 'custom', from: String(fromMs), to: String(toMs) })
          }
        />
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
            {t('drivingTimes.summary_title')}
          </Typography>
          <WeekSummary detail={data} />
        </Paper>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, scrollMarginTop: 80 }} ref={chart}>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
          {t('drivingTimes.timeline')}
        </Typography>
        <ActivityTimeline
          activities={data.activities}
          fromMs={period.fromMs}
          toMs={period.toMs}
          nowMs={Math.max(nowMs, driver.updatedAt ? Date.parse(driver.updatedAt) : 0)}
          zone={zone}
          language={language}
          totals={totals}
          highlight={highlight}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 700, mb: 1.5 }}>
          {t('drivingTimes.infringements_title', { count: data.infringements.length })}
        </Typography>
        <InfringementList items={data.infringements} selected={selected} onSelect={select} />
      </Paper>
    </Box>
  );
}

/** The time ranges an infringement's evidence covers (open intervals up to its end). */
export function evidenceOf(i: InfringementDto | undefined): Highlight[] {
  if (!i) return [];
  const endMs = Date.parse(i.end);
  const ranges = i.evidence.map((a) => ({
    startMs: Date.parse(a.start),
    endMs: a.end === null ? endMs : Date.parse(a.end),
  }));
  return ranges.length > 0 ? ranges : [{ startMs: Date.parse(i.start), endMs }];
}
