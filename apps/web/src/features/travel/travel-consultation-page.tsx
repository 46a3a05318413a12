import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { DEFAULT_UNITS, type HistoryPoint } from '@rumbo/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate, useParams } from 'react-router';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useSession } from '../../shared/services';
import { PeriodPicker } from './period-picker';
import { sampleAt } from './replay-engine';
import { ReplayControls } from './replay-controls';
import { SpeedChart } from './speed-chart';
import { useTravelData } from './travel-api';
import { formatSpeed } from './travel-format';
import { SpeedLegend, TravelMap, type FitRequest } from './travel-map';
import { parseTravelParams, travelPath, type TravelSelection } from './travel-params';
import { TravelSummary, TripsStopsList, type TravelItem } from './trips-stops-list';
import { useReplay } from './use-replay';
import { formatTime } from '../../shared/format/format';
import { SendMeThisButton } from '../../shared/reports/send-me-this-button';

const NO_POINTS: HistoryPoint[] = [];

/** Travel consultation: a vehicle's route in a period, its trips and stops, and its replay. */
export default function TravelConsultationPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const config = useSession((s) => s.user?.config);
  const offset = config?.timeZone ?? 0;
  const units = config?.units ?? DEFAULT_UNITS;
  const params = useParams();
  const navigate = useNavigate();
  const [now] = useState(() => Date.now());
  const parsed = useMemo(() => parseTravelParams(params, now, offset), [params, now, offset]);
  // Without a vehicle the address holds no period: the chosen one waits here.
  const [draft, setDraft] = useState<{ fromMs: number; toMs: number } | null>(null);
  const selection: TravelSelection =
    parsed.vehicleId === null && draft ? { ...parsed, ...draft } : parsed;
  const path = travelPath(selection);
  const incomplete = parsed.vehicleId !== null && !parsed.complete;
  useEffect(() => {
    // Names the filled-in period in the address (no history entry of its own).
    if (incomplete) void navigate(path, { replace: true });
  }, [incomplete, path, navigate]);

  const change = (next: TravelSelection) => {
    if (next.vehicleId === null) setDraft({ fromMs: next.fromMs, toMs: next.toMs });
    void navigate(travelPath(next), { replace: true });
  };

  const { route, trips, stops } = useTravelData(
    selection.vehicleId,
    selection.fromMs,
    selection.toMs,
  );
  const points = route.data ?? NO_POINTS;
  const { engine, state } = useReplay(points);
  const sample = useMemo(() => sampleAt(points, state.timeMs), [points, state.timeMs]);
  const [hover, setHover] = useState<{ timeMs: number; from: 'chart' | 'map' } | null>(null);
  const hoverSample = useMemo(
    () => (hover ? sampleAt(points, hover.timeMs) : null),
    [points, hover],
  );
  const [follow, setFollow] = useState(true);
  // A trip or stop picked in the list; it counts only for the route it was picked on.
  const [focus, setFocus] = useState<(FitRequest & { route: readonly HistoryPoint[] }) | null>(
    null,
  );
  const routeFit = useMemo<FitRequest>(
    () => ({ key: `route-${points.length}`, coordinates: points.map((p) => [p.lng, p.lat]) }),
    [points],
  );
  const fit = focus?.route === points ? focus : routeFit;

  const hoverFromChart = useCallback(
    (timeMs: number | null) => setHover(timeMs === null ? null : { timeMs, from: 'chart' }),
    [],
  );
  const hoverFromMap = useCallback(
    (timeMs: number | null) =>
      setHover((current) =>
        timeMs === null ? (current?.from === 'map' ? null : current) : { timeMs, from: 'map' },
      ),
    [],
  );
  const seek = useCallback((timeMs: number) => engine.seek(timeMs), [engine]);
  const select = (item: TravelItem) => {
    engine.seek(item.startTime);
    const inside = points.filter((p) => p.t >= item.startTime && p.t <= item.endTime);
    const coordinates: [number, number][] =
      item.kind === 'stop' ? [[item.stop.lng, item.stop.lat]] : inside.map((p) => [p.lng, p.lat]);
    setFocus({ key: `${item.kind}-${item.startTime}-${Date.now()}`, coordinates, route: points });
  };

  // A load cut by cancel-all (spec §8) is not a failure: the screen says so and offers a retry.
  const unfinished = [route, trips, stops].filter((q) => q.isError);
  const failed = unfinished.find((q) => !isAborted(q.error));
  const cancelled = !failed && unfinished.length > 0;
  const loading =
    selection.vehicleId !== null && (route.isPending || trips.isPending || stops.isPending);
  const retry = () => {
    for (const q of [route, trips, stops]) if (q.isError) void q.refetch();
  };
  const noPositions = route.isSuccess && points.length === 0;

  return (
    <Box
      data-testid="travel-page"
      data-hover-time={hover ? Math.round(hover.timeMs) : undefined}
      data-hover-from={hover?.from}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ flex: '1 1 auto' }}>
          {t('menu.map-travel-consultation')}
        </Typography>
        <SendMeThisButton
          report="trips"
          filters={selection.vehicleId === null ? {} : { vehicles: [selection.vehicleId] }}
        />
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <PeriodPicker selection={selection} offsetHours={offset} nowMs={now} onChange={change} />
      </Paper>

      {selection.vehicleId === null ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
          <Typography variant="h2" sx={{ mb: 1 }}>
            {t('travel.empty.choose_title')}
          </Typography>
          <Typography color="text.secondary">{t('travel.empty.choose_text')}</Typography>
        </Paper>
      ) : failed || cancelled ? (
        // Nothing half-loaded is shown: an empty list would read as "no trips".
        <Alert
          severity={failed ? 'error' : 'info'}
          data-testid={failed ? 'travel-load-failed' : 'travel-load-cancelled'}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={retry}
              disabled={[route, trips, stops].some((q) => q.isFetching)}
            >
              {t('common.retry')}
            </Button>
          }
        >
          {failed
            ? `${t('travel.error.load')} ${errorMessage(failed.error, t)}`
            : t('travel.error.cancelled')}
        </Alert>
      ) : (
        <>
          {noPositions ? (
            <Alert severity="info" data-testid="travel-no-positions">
              {t('travel.empty.no_positions')}
            </Alert>
          ) : null}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
              alignItems: 'start',
            }}
          >
            <Paper variant="outlined" sx={{ overflow: 'hidden', minWidth: 0 }}>
              <Box
                sx={{
                  position: 'relative',
                  height: { xs: 320, sm: 380, md: 'max(380px, calc(100vh - 520px))' },
                }}
              >
                <TravelMap
                  points={points}
                  stops={stops.data ?? []}
                  sample={sample}
                  hoverSample={hoverSample}
                  follow={follow}
                  playing={state.playing}
                  fit={fit}
                  onHover={hoverFromMap}
                  onSeek={seek}
                />
                {loading ? (
                  <LinearProgress
                    aria-label={t('common.loading')}
                    sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
                  />
                ) : null}
                {sample ? (
                  <Paper
                    elevation={2}
                    data-testid="replay-readout"
                    sx={{
                      position: 'absolute',
                      top: 8,
                      left: 8,
                      px: 1,
                      py: 0.25,
                      opacity: 0.92,
                      fontVariantNumeric: 'tabular-nums',
                    }}
                  >
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {formatTime(sample.timeMs, offset)} ·{' '}
                      {formatSpeed(sample.speedKmh, units, language)}
                    </Typography>
                  </Paper>
                ) : null}
              </Box>
              <Box sx={{ px: 2, py: 0.5, borderTop: 1, borderColor: 'divider' }}>
                <SpeedLegend units={units} />
              </Box>
              <Divider />
              <Box sx={{ px: 2, py: 1 }}>
                <ReplayControls
                  engine={engine}
                  state={state}
                  follow={follow}
                  onFollowChange={setFollow}
                  offsetHours={offset}
                  language={language}
                />
              </Box>
              <Divider />
              <Box sx={{ px: 1, pt: 1 }}>
                <Typography variant="subtitle2" sx={{ px: 1 }} component="h2">
                  {t('travel.chart.title')}
                </Typography>
                {route.isPending ? (
                  <Skeleton variant="rounded" height={170} sx={{ m: 1 }} />
                ) : points.length > 0 ? (
                  <SpeedChart
                    points={points}
                    units={units}
                    language={language}
                    offsetHours={offset}
                    replayMs={state.timeMs}
                    hoverMs={hover?.timeMs ?? null}
                    hoverFromChart={hover?.from !== 'map'}
                    onHover={hoverFromChart}
                    onSeek={seek}
                    label={t('travel.chart.label')}
                  />
                ) : (
                  <Typography color="text.secondary" sx={{ px: 1, py: 4, textAlign: 'center' }}>
                    {t('common.no_data')}
                  </Typography>
                )}
              </Box>
            </Paper>
            <Paper
              variant="outlined"
              sx={{
                minWidth: 0,
                display: 'flex',
                flexDirection: 'column',
                maxHeight: { md: 'calc(100vh - 200px)' },
              }}
            >
              <Typography variant="h3" component="h2" sx={{ px: 2, pt: 1.5 }}>
                {t('travel.list.title')}
              </Typography>
              {trips.isPending || stops.isPending ? (
                <Box sx={{ p: 2 }} aria-busy="true">
                  {[0, 1, 2, 3].map((i) => (
                    <Skeleton key={i} height={48} />
                  ))}
                </Box>
              ) : (
                <>
                  <TravelSummary
                    trips={trips.data ?? []}
                    stops={stops.data ?? []}
                    units={units}
                    language={language}
                  />
                  <Divider />
                  <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
                    <TripsStopsList
                      trips={trips.data ?? []}
                      stops={stops.data ?? []}
                      units={units}
                      language={language}
                      offsetHours={offset}
                      replayMs={state.timeMs}
                      onSelect={select}
                    />
                  </Box>
                </>
              )}
            </Paper>
          </Box>
        </>
      )}
    </Box>
  );
}
