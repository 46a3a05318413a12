import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  PLANNED_TRIP_LIMITS,
  type PlannedTrip,
  type PlannedTripSaveInput,
  type RouteSource,
} from '@rumbo/contracts';
import { useState } from 'react';
import { ApiError } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useVehicles } from '../../shared/fleet/fleet-queries';
import { formatDateTime } from '../../shared/format/format';
import { fromWallClockDate } from '../../shared/format/wall-clock';
import { useInterestPoints } from '../../shared/geofences/geofence-api';
import { useServices } from '../../shared/services';
import { draftOf, nextTime, round6, type StopDraft } from './trip-draft';
import { TripMap } from './trip-map';
import { StopCard } from './trip-stop-card';
import type { TripFormat } from './trip-rows';
import {
  fetchEarlierTripRoute,
  savePlannedTrip,
  useEarlierTrips,
  useTripDrivers,
  useTripMutation,
} from './trips-api';
import { recordItems, vehicleItems } from '../../shared/ui/option-items';

/** Create or edit a plan: vehicle, driver, stops from clicks or POIs, route, corridor. */
export function TripEditorDialog({
  trip,
  f,
  fullScreen,
  onClose,
  onSaved,
}: {
  trip: PlannedTrip | null;
  f: TripFormat;
  fullScreen: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t, language, offset } = f;
  const { api, snackbar } = useServices();
  const vehicles = useVehicles();
  const drivers = useTripDrivers();
  const pois = useInterestPoints();
  const [vehicleId, setVehicleId] = useState<number | null>(trip?.vehicleId ?? null);
  const [driverId, setDriverId] = useState<number | null>(trip?.driverId ?? null);
  const [name, setName] = useState(trip?.name ?? '');
  const [corridorM, setCorridorM] = useState(
    String(trip?.corridorM ?? PLANNED_TRIP_LIMITS.defaultCorridorM),
  );
  const [stops, setStops] = useState<StopDraft[]>(() => draftOf(trip, offset));
  const [route, setRoute] = useState<[number, number][]>(
    trip && trip.routeSource !== 'stops' ? trip.route : [],
  );
  const [routeSource, setRouteSource] = useState<RouteSource>(trip?.routeSource ?? 'stops');
  const [mode, setMode] = useState<'stops' | 'route'>('stops');
  const [fitKey, setFitKey] = useState('open');
  const [localError, setLocalError] = useState<string | null>(null);
  const earlier = useEarlierTrips(vehicleId);
  const save = useTripMutation((client, body: PlannedTripSaveInput) =>
    savePlannedTrip(client, trip?.id ?? null, body),
  );

  const addStop = (stop: Omit<StopDraft, 'at'>) =>
    setStops((list) => [...list, { ...stop, at: nextTime(list, offset) }]);
  const onMapClick = (lng: number, lat: number) => {
    if (mode === 'route') {
      setRoute((r) => [...r, [round6(lng), round6(lat)]]);
      setRouteSource('drawn');
    } else {
      addStop({
        name: '',
        lat: round6(lat),
        lng: round6(lng),
        radiusM: PLANNED_TRIP_LIMITS.defaultStopRadiusM,
        poiId: null,
      });
    }
  };
  const patchStop = (i: number, patch: Partial<StopDraft>) =>
    setStops((list) => list.map((s, k) => (k === i ? { ...s, ...patch } : s)));

  const submit = () => {
    setLocalError(null);
    if (vehicleId === null || stops.length < 2) {
      setLocalError(t('trips.editor.need_two'));
      return;
    }
    const times = stops.map((s) => fromWallClockDate(s.at, offset));
    if (times.some((ms) => ms === null || Number.isNaN(ms))) {
      setLocalError(t('trips.editor.time_missing'));
      return;
    }
    const body: PlannedTripSaveInput = {
      vehicleId,
      driverId,
      name: name.trim() || `${stops[0]!.name || 'O'} → ${stops[stops.length - 1]!.name || 'D'}`,
      stops: stops.map((s, i) => ({
        name: s.name,
        lat: s.lat,
        lng: s.lng,
        radiusM: s.radiusM,
        poiId: s.poiId,
        plannedAt: new Date(times[i]!).toISOString(),
      })),
      route: route.length >= 2 ? route : [],
      routeSource: route.length >= 2 ? routeSource : 'stops',
      corridorM: Number(corridorM),
    };
    save.mutate(body, {
      onSuccess: (saved) => {
        snackbar.notify({ type: 'success', message: t('trips.saved') });
        onSaved(saved.id);
      },
    });
  };

  const details =
    save.error instanceof ApiError
      ? save.error.details.flatMap((d) =>
          typeof d === 'object' && d !== null && 'message' in d ? [String(d.message)] : [],
        )
      : [];
  const routeText =
    route.length >= 2
      ? t(routeSource === 'trip' ? 'trips.editor.route_trip' : 'trips.editor.route_drawn', {
          n: route.length,
        })
      : t('trips.editor.route_stops');

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="xl" fullWidth>
      <DialogTitle>{trip ? t('trips.editor.title_edit') : t('trips.editor.title_new')}</DialogTitle>
      <DialogContent>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: 'minmax(320px, 420px) minmax(0, 1fr)' },
            gap: 2,
            pt: 1,
          }}
        >
          <Stack spacing={2} sx={{ minWidth: 0 }}>
            <TextField
              id="trip-vehicle"
              select
              size="small"
              label={t('trips.editor.vehicle')}
              value={vehicleId ?? ''}
              onChange={(e) => setVehicleId(Number(e.target.value) || null)}
              slotProps={{
                select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
              }}
            >
              {vehicleItems(vehicles.data ?? [])}
            </TextField>
            <TextField
              id="trip-driver"
              select
              size="small"
              label={t('trips.editor.driver')}
              value={driverId ?? ''}
              onChange={(e) => setDriverId(Number(e.target.value) || null)}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('trips.editor.no_driver')}</MenuItem>
              {recordItems(
                drivers.data ?? [],
                (d) => d.driverId,
                (d) => `${d.nombre} ${d.apellido}`.trim(),
              )}
            </TextField>
            <TextField
              id="trip-name"
              size="small"
              label={t('trips.editor.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <TextField
              id="trip-corridor"
              size="small"
              type="number"
              label={t('trips.editor.corridor')}
              value={corridorM}
              onChange={(e) => setCorridorM(e.target.value)}
              slotProps={{
                htmlInput: {
                  min: PLANNED_TRIP_LIMITS.minCorridorM,
                  max: PLANNED_TRIP_LIMITS.maxCorridorM,
                  step: 50,
                },
              }}
            />
            <Typography variant="subtitle2">{t('trips.editor.stops')}</Typography>
            {stops.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('trips.editor.map_hint')}
              </Typography>
            ) : null}
            {stops.map((s, i) => (
              <StopCard
                key={i}
                stop={s}
                index={i}
                count={stops.length}
                language={language}
                t={t}
                onPatch={(patch) => patchStop(i, patch)}
                onRemove={() => setStops((list) => list.filter((_, k) => k !== i))}
              />
            ))}
            <TextField
              id="trip-add-poi"
              select
              size="small"
              label={t('trips.editor.add_poi')}
              value=""
              onChange={(e) => {
                const poi = (pois.data ?? []).find(
                  (p) => p.idInterestPoint === Number(e.target.value),
                );
                if (!poi) return;
                const [lng, lat] = poi.geom.coordinates;
                addStop({
                  name: poi.nombre,
                  lat,
                  lng,
                  radiusM: Math.max(PLANNED_TRIP_LIMITS.minStopRadiusM, poi.radio),
                  poiId: poi.idInterestPoint,
                });
                setFitKey(`poi-${poi.idInterestPoint}-${stops.length}`);
              }}
            >
              {recordItems(
                pois.data ?? [],
                (p) => p.idInterestPoint,
                (p) => p.nombre,
              )}
            </TextField>
            <Typography variant="subtitle2">
              {t('trips.editor.route')}: {routeText}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Button
                size="small"
                startIcon={<UndoIcon />}
                disabled={route.length === 0}
                onClick={() => setRoute((r) => r.slice(0, -1))}
              >
                {t('trips.editor.undo_point')}
              </Button>
              <Button
                size="small"
                disabled={route.length === 0}
                onClick={() => {
                  setRoute([]);
                  setRouteSource('stops');
                }}
              >
                {t('trips.editor.clear_route')}
              </Button>
            </Stack>
            <TextField
              id="trip-earlier"
              select
              size="small"
              label={t('trips.editor.earlier_trip')}
              value=""
              disabled={vehicleId === null}
              helperText={
                vehicleId !== null && earlier.data?.length === 0
                  ? t('trips.editor.no_earlier')
                  : undefined
              }
              onChange={(e) => {
                const id = Number(e.target.value);
                void fetchEarlierTripRoute(api, id)
                  .then((line) => {
                    setRoute(line);
                    setRouteSource('trip');
                    setFitKey(`trip-${id}`);
                  })
                  .catch((error: unknown) =>
                    snackbar.notify({ type: 'error', message: errorMessage(error, t) }),
                  );
              }}
            >
              {(earlier.data ?? []).map((e) => (
                <MenuItem key={e.id} value={e.id}>
                  {formatDateTime(Date.parse(e.startTime), language, offset)} ·{' '}
                  {e.distanceKm.toFixed(1)} km
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2">{t('trips.editor.mode')}</Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
                value={mode}
                onChange={(_e, value: 'stops' | 'route' | null) => value && setMode(value)}
              >
                <ToggleButton value="stops" data-testid="trip-mode-stops">
                  {t('trips.editor.mode_stops')}
                </ToggleButton>
                <ToggleButton value="route" data-testid="trip-mode-route">
                  {t('trips.editor.mode_route')}
                </ToggleButton>
              </ToggleButtonGroup>
            </Box>
            <Box
              sx={{ height: { xs: 320, md: 560 }, borderRadius: 1, overflow: 'hidden' }}
              data-testid="trip-editor-map"
            >
              <TripMap
                route={route}
                corridorM={Number(corridorM) || PLANNED_TRIP_LIMITS.defaultCorridorM}
                stops={stops}
                onMapClick={onMapClick}
                fitKey={fitKey}
                label={t('trips.editor.map_label')}
                crosshair
              />
            </Box>
          </Box>
        </Box>
        {localError ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {localError}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="trip-save-error">
            {errorMessage(save.error, t)}
            {details.length > 0 ? (
              <ul style={{ margin: 0 }}>
                {details.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            ) : null}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('trips.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending} onClick={submit}>
          {t('trips.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
