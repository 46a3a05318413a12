import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ANALYSIS_INDICATORS, type AnalysisRow } from '@rumbo/contracts';
import { useNavigate, useParams } from 'react-router';
import { useVehicle } from '../../../shared/fleet/fleet-queries';
import { formatDate, formatNumber } from '../../../shared/format/format';
import { useFleetFormat, type FleetFormat } from '../../../shared/fleet/fleet-format';
import { LoadError, TableLoading } from '../../../shared/table/table-parts';
import { useDrivingEvents, useVehicleAnalysis } from '../../../shared/analysis/analysis-api';
import { previousPeriod, routeMs } from '../../../shared/period/analysis-period';
import {
  durationText,
  HIGHER_IS_BETTER,
  indicatorText,
} from '../../../shared/analysis/indicator-format';
import { PeriodBar } from '../../../shared/period/period-bar';
import { ProfileChip } from '../../../shared/analysis/profile-chip';

/**
 * `analysis/{id}/{from}/{to}/{comparativeFrom?}/{comparativeTo?}`: one vehicle's indicators
 * against a comparative period (default the previous one of equal length), and what drove them.
 */
export default function VehicleAnalysisPage() {
  const f = useFleetFormat();
  const { t, language, offset } = f;
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id);
  const fromMs = routeMs(params.from) ?? 0;
  const toMs = routeMs(params.to) ?? 0;
  const prev = previousPeriod({ fromMs, toMs }, 1);
  const cFrom = routeMs(params.comparativeFrom) ?? prev.fromMs;
  const cTo = routeMs(params.comparativeTo) ?? prev.toMs;
  const vehicle = useVehicle(id);
  const main = useVehicleAnalysis(id, fromMs, toMs);
  const comparative = useVehicleAnalysis(id, cFrom, cTo);
  const plate = vehicle.data?.plate ?? `#${id}`;
  const go = (a: number, b: number, c: number, d: number) =>
    void navigate(`/app/analysis/${id}/${a}/${b}/${c}/${d}`, { replace: true });

  return (
    <Box
      data-testid="vehicle-analysis-page"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexWrap: 'wrap' }}>
        <Button
          startIcon={<ArrowBackIcon />}
          onClick={() => void navigate(`/app/analysis?period=custom&from=${fromMs}&to=${toMs}`)}
        >
          {t('analysis.back')}
        </Button>
      </Box>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {t('analysis.vehicle_title')} · {plate}
      </Typography>
      <PeriodBar
        preset="custom"
        fromMs={fromMs}
        toMs={toMs}
        offset={offset}
        onDays={(a, b) => {
          const p = previousPeriod({ fromMs: a, toMs: b }, 1);
          go(a, b, p.fromMs, p.toMs);
        }}
        testId="analysis-main-period"
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('analysis.comparative')}
      </Typography>
      <PeriodBar
        preset="custom"
        fromMs={cFrom}
        toMs={cTo}
        offset={offset}
        label={t('analysis.comparative')}
        onDays={(c, d) => go(fromMs, toMs, c, d)}
        testId="analysis-comparative-period"
      />
      {main.isError ? (
        <LoadError error={main.error} onRetry={() => void main.refetch()} />
      ) : main.isPending ? (
        <TableLoading />
      ) : (
        <>
          <Summary f={f} row={main.data} />
          <IndicatorTable f={f} row={main.data} other={comparative.data} />
          <Drivers f={f} row={main.data} other={comparative.data} />
          <Days f={f} row={main.data} />
          <Events f={f} vehicleId={id} fromMs={fromMs} toMs={toMs} />
        </>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ mt: 1 }}>
        {t('analysis.comparative_text', {
          from: formatDate(cFrom, language, offset),
          to: formatDate(cTo - 1, language, offset),
        })}
      </Typography>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Typography sx={{ fontSize: '1.4rem', fontWeight: 700 }} noWrap>
        {value}
      </Typography>
    </Paper>
  );
}

function Summary({ f, row }: { f: FleetFormat; row: AnalysisRow }) {
  const { t, language } = f;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <Paper variant="outlined" sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <ProfileChip letter={row.evaluation.averageEcoDriving.profile} size="large" />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('analysis.indicators.averageEcoDriving')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {indicatorText(row.evaluation.averageEcoDriving, language)}
          </Typography>
        </Box>
      </Paper>
      <Figure label={t('analysis.distance')} value={f.distance(row.odometers.distance) ?? '—'} />
      <Figure
        label={t('analysis.fuel')}
        value={`${formatNumber(row.consumption.totalFuel, language)} L`}
      />
      <Figure label={t('analysis.co2')} value={`${formatNumber(row.co2, language)} kg`} />
      <Figure
        label={t('analysis.coverage')}
        value={`${formatNumber(row.coverage * 100, language)} %`}
      />
    </Box>
  );
}

/** The change column is left out on phones (the two values sit side by side). */
const HIDE_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

function IndicatorTable({
  f,
  row,
  other,
}: {
  f: FleetFormat;
  row: AnalysisRow;
  other?: AnalysisRow;
}) {
  const { t, language } = f;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }}>
      <Table
        size="small"
        data-testid="vehicle-indicators"
        sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('analysis.indicator')}</TableCell>
            <TableCell align="right">{t('analysis.value')}</TableCell>
            <TableCell align="right">{t('analysis.comparative')}</TableCell>
            <TableCell align="right" sx={HIDE_ON_PHONE}>
              {t('analysis.change')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {ANALYSIS_INDICATORS.map((key) => {
            const v = row.evaluation[key];
            const c = other?.evaluation[key];
            const delta = v.value !== null && c && c.value !== null ? v.value - c.value : null;
            const better =
              delta === null || delta === 0 ? null : delta > 0 === HIGHER_IS_BETTER.has(key);
            return (
              <TableRow key={key} data-indicator={key}>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`analysis.indicators.${key}`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`analysis.units.${key}`)}
                    {v.lowCoverage ? ` · ${t('analysis.low_coverage')}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {indicatorText(v, language)} <ProfileChip letter={v.profile} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {indicatorText(c, language)} <ProfileChip letter={c?.profile} />
                </TableCell>
                <TableCell
                  align="right"
                  sx={{
                    ...HIDE_ON_PHONE,
                    whiteSpace: 'nowrap',
                    color:
                      better === null ? 'text.secondary' : better ? 'success.main' : 'error.main',
                  }}
                >
                  {delta === null ? '—' : `${delta > 0 ? '+' : ''}${formatNumber(delta, language)}`}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Drivers({ f, row, other }: { f: FleetFormat; row: AnalysisRow; other?: AnalysisRow }) {
  const { t } = f;
  const items = [
    { label: t('analysis.kickdowns'), a: row.kickdowns, b: other?.kickdowns },
    { label: t('analysis.hard_brakes'), a: row.hardBrakes, b: other?.hardBrakes },
    { label: t('analysis.driving_time'), a: row.drivingS, b: other?.drivingS, time: true },
    { label: t('analysis.idle_time'), a: row.idleS, b: other?.idleS, time: true },
  ];
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        {t('analysis.what_drove')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          mb: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {items.map((i) => (
          <Paper key={i.label} variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" noWrap>
              {i.label}
            </Typography>
            <Typography sx={{ fontSize: '1.3rem', fontWeight: 700 }} noWrap>
              {i.time ? durationText(i.a) : i.a}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {t('analysis.comparative')}:{' '}
              {i.b === undefined ? '—' : i.time ? durationText(i.b) : i.b}
            </Typography>
          </Paper>
        ))}
      </Box>
    </>
  );
}

/** Distance per day as bars, with the day's kickdowns and hard brakes. */
function Days({ f, row }: { f: FleetFormat; row: AnalysisRow }) {
  const { t, language } = f;
  const days = row.days ?? [];
  if (days.length === 0) return null;
  const max = Math.max(1, ...days.map((d) => d.distance));
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mb: 1 }}>
        {t('analysis.days')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'grid', gap: 0.75 }}
        data-testid="vehicle-days"
      >
        {days.map((d) => (
          <Box
            key={d.day}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '84px minmax(0, 1fr)', sm: '84px minmax(0, 1fr) auto' },
              gap: 1,
              alignItems: 'center',
            }}
          >
            <Typography variant="caption" noWrap>
              {formatDate(d.day, language, 0)}
            </Typography>
            <Box sx={{ height: 14, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
              <Box
                sx={{
                  height: '100%',
                  width: `${(100 * d.distance) / max}%`,
                  bgcolor: 'primary.main',
                }}
              />
            </Box>
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
            >
              {f.distance(d.distance)} · {t('analysis.kickdowns')} {d.kickdowns} ·{' '}
              {t('analysis.hard_brakes')} {d.hardBrakes}
            </Typography>
          </Box>
        ))}
      </Paper>
    </>
  );
}

/** The harsh-driving and speeding events behind the scores, in time order, each with its place. */
function Events({
  f,
  vehicleId,
  fromMs,
  toMs,
}: {
  f: FleetFormat;
  vehicleId: number;
  fromMs: number;
  toMs: number;
}) {
  const { t, language } = f;
  const events = useDrivingEvents(vehicleId, fromMs, toMs);
  const list = events.data ?? [];
  if (events.isPending || list.length === 0) return null;
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mt: 2, mb: 1 }}>
        {t('analysis.events')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
        data-testid="vehicle-events"
      >
        {list.slice(0, 200).map((e) => (
          <Box
            key={e.id}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '170px 60px minmax(0, 1fr)' },
              gap: { xs: 0, sm: 1 },
            }}
          >
            <Typography variant="body2">{f.dateTime(e.startTime)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {e.code.toUpperCase()}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t(`analysis.event_code.${e.code.toUpperCase()}`, { defaultValue: e.code })}
              {e.value === null ? '' : ` · ${formatNumber(e.value, language)}`}
              {e.lat === null || e.lng === null ? (
                ''
              ) : (
                <>
                  {' · '}
                  <Box
                    component="a"
                    href={`https://www.openstreetmap.org/?mlat=${e.lat}&mlon=${e.lng}#map=16/${e.lat}/${e.lng}`}
                    target="_blank"
                    rel="noreferrer"
                    sx={{ color: 'primary.main' }}
                  >
                    {`${e.lat.toFixed(4)}, ${e.lng.toFixed(4)}`}
                  </Box>
                </>
              )}
            </Typography>
          </Box>
        ))}
      </Paper>
    </>
  );
}
