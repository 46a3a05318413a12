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
import { ANALYSIS_INDICATORS, type AnalysisRow, type KickdownEvent } from '@rumbo/contracts';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useVehicle } from '../../shared/fleet/fleet-queries';
import { formatDate, formatNumber } from '../../shared/format/format';
import { useFleetFormat, type FleetFormat } from '../../shared/fleet/fleet-format';
import { LoadError, TableLoading } from '../../shared/table/table-parts';
import { useDrivingEvents, useVehicleAnalysis } from '../../shared/analysis/analysis-api';
import { previousPeriod, routeMs } from '../../shared/period/analysis-period';
import {
  durationText,
  HIGHER_IS_BETTER,
  indicatorText,
  noLetterHint,
} from '../../shared/analysis/indicator-format';
import { PeriodBar } from '../../shared/period/period-bar';
import { DaysChart, RpmChart } from '../../shared/analysis/analysis-charts';
import { PointsMap, type MapPoint } from '../../shared/analysis/points-map';
import { ProfileChip } from '../../shared/analysis/profile-chip';

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
          <RpmChart f={f} row={main.data} other={comparative.data} />
          <DaysChart f={f} row={main.data} />
          <Events
            f={f}
            vehicleId={id}
            fromMs={fromMs}
            toMs={toMs}
            kickdowns={main.data.kickdownEvents ?? []}
          />
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
        <ProfileChip
          letter={row.evaluation.averageEcoDriving.profile}
          size="large"
          hint={noLetterHint(
            'averageEcoDriving',
            row.evaluation.averageEcoDriving,
            row.odometers.distance,
            t,
          )}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {t('analysis.indicators.averageEcoDriving')}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {indicatorText(row.evaluation.averageEcoDriving, language, t('analysis.na'))}
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
  const na = t('analysis.na');
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
            const hint = noLetterHint(key, v, row.odometers.distance, t);
            return (
              <TableRow key={key} data-indicator={key}>
                <TableCell sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`analysis.indicators.${key}`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`analysis.units.${key}`)}
                    {hint ? ` · ${hint}` : ''}
                  </Typography>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {indicatorText(v, language, na)} <ProfileChip letter={v.profile} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {indicatorText(c, language, na)} <ProfileChip letter={c?.profile} />
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

/** Pin and badge colour of each kind of event behind the scores. */
const EVENT_COLOURS: Record<string, string> = {
  AFI: '#c62828',
  AAB: '#ef6c00',
  CAB: '#8e24aa',
  EXV: '#1565c0',
  V95: '#0d47a1',
  KDN: '#f9a825',
};

/** Events listed before "show all" (the map shows them all). */
const EVENTS_SHOWN = 40;

interface DrivingItem {
  key: string;
  time: number;
  code: string;
  value: number | null;
  lat: number | null;
  lng: number | null;
}

/**
 * What drove the scores, moment by moment: the harsh-driving and speeding events and each kickdown
 * (`KDN`), on a map (one pin each, coloured by kind) and in time order.
 */
function Events({
  f,
  vehicleId,
  fromMs,
  toMs,
  kickdowns,
}: {
  f: FleetFormat;
  vehicleId: number;
  fromMs: number;
  toMs: number;
  kickdowns: readonly KickdownEvent[];
}) {
  const { t, language } = f;
  const events = useDrivingEvents(vehicleId, fromMs, toMs);
  const [isAll, setAll] = useState(false);
  const list = useMemo<DrivingItem[]>(
    () =>
      [
        ...(events.data ?? []).map((e) => ({
          key: `e${e.id}`,
          time: e.startTime,
          code: e.code.toUpperCase(),
          value: e.value,
          lat: e.lat,
          lng: e.lng,
        })),
        ...kickdowns.map((k) => ({
          key: `k${k.time}`,
          time: k.time,
          code: 'KDN',
          value: null,
          lat: k.lat,
          lng: k.lng,
        })),
      ].sort((a, b) => a.time - b.time),
    [events.data, kickdowns],
  );
  const label = (e: DrivingItem) =>
    `${t(`analysis.event_code.${e.code}`, { defaultValue: e.code })} · ${f.dateTime(e.time)}`;
  const points = useMemo<MapPoint[]>(
    () =>
      list.flatMap((e) =>
        e.lat === null || e.lng === null
          ? []
          : [{ lat: e.lat, lng: e.lng, color: EVENT_COLOURS[e.code] ?? '#555', label: label(e) }],
      ),
    // `label` only reads `t` and `f`, which `list` follows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list],
  );
  if (events.isPending || list.length === 0) return null;
  const codes = [...new Set(list.map((e) => e.code))];
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700, mt: 2, mb: 1 }}>
        {t('analysis.events')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="event-legend">
        {codes.map((c) => (
          <Box key={c} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box
              component="span"
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: EVENT_COLOURS[c] }}
            />
            <Typography variant="caption">
              {t(`analysis.event_code.${c}`, { defaultValue: c })} (
              {list.filter((e) => e.code === c).length})
            </Typography>
          </Box>
        ))}
      </Box>
      {points.length > 0 && (
        <Box data-testid="vehicle-events-map">
          <PointsMap
            points={points}
            label={t('analysis.events_map')}
            sx={{ height: { xs: 240, md: 340 }, mb: 2 }}
          />
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('analysis.events_timeline')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
        data-testid="vehicle-events"
      >
        {list.slice(0, isAll ? 1_000 : EVENTS_SHOWN).map((e) => (
          <Box
            key={e.key}
            data-code={e.code}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '170px 64px minmax(0, 1fr)' },
              gap: { xs: 0, sm: 1 },
              borderLeft: 4,
              borderColor: EVENT_COLOURS[e.code] ?? 'divider',
              pl: 1,
            }}
          >
            <Typography variant="body2">{f.dateTime(e.time)}</Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {e.code}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {t(`analysis.event_code.${e.code}`, { defaultValue: e.code })}
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
        {!isAll && list.length > EVENTS_SHOWN && (
          <Button onClick={() => setAll(true)} sx={{ justifySelf: 'start' }}>
            {t('analysis.events_more', { count: list.length })}
          </Button>
        )}
      </Paper>
    </>
  );
}
