import type { TimeZoneSetting } from '@rumbo/contracts';
import LocalParkingIcon from '@mui/icons-material/LocalParking';
import RouteIcon from '@mui/icons-material/Route';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Co2Cell } from '../../shared/co2/co2-cell';
import { driverText } from '../../shared/fleet/driver-text';
import type { Stop, Trip, Units } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useZoneStrings } from '../../shared/geofences/zone-strings';
import { formatMeasure, formatTime, formatDate } from '../../shared/format/format';
import { formatDuration, formatSpeed } from './travel-format';
import type { TFunction } from '../../shared/i18n/i18n';

export type TravelItem =
  | { kind: 'trip'; startTime: number; endTime: number; trip: Trip }
  | { kind: 'stop'; startTime: number; endTime: number; stop: Stop };

/** Trips and stops in one chronological list. */
export function mergeItems(trips: readonly Trip[], stops: readonly Stop[]): TravelItem[] {
  const items: TravelItem[] = [
    ...trips.map((trip) => ({
      kind: 'trip' as const,
      startTime: trip.startTime,
      endTime: trip.endTime,
      trip,
    })),
    ...stops.map((stop) => ({
      kind: 'stop' as const,
      startTime: stop.startTime,
      endTime: stop.endTime,
      stop,
    })),
  ];
  return items.sort((a, b) => a.startTime - b.startTime || (a.kind === 'trip' ? -1 : 1));
}

/**
 * A trip's fuel from the ECU counter and its consumption in the user's units (` · 42 L · 31.5
 * L/100 km`); empty when the vehicle reports no fuel counter (phones, trackers without CAN).
 */
export function tripFuelText(trip: Trip, units: Units, language: 'es' | 'en'): string {
  if (trip.fuelL === null || trip.fuelL <= 0) return '';
  const litres = formatMeasure('volume', trip.fuelL, units, language);
  if (trip.distanceKm < 1) return ` · ${litres}`;
  const rate = formatMeasure('consumption', (trip.fuelL / trip.distanceKm) * 100, units, language);
  return ` · ${litres} · ${rate}`;
}

/** Totals of the period: distance, driving time, top speed, counts. */
export function TravelSummary({
  trips,
  stops,
  units,
  language,
}: {
  trips: readonly Trip[];
  stops: readonly Stop[];
  units: Units;
  language: 'es' | 'en';
}) {
  const { t } = useTranslation();
  const distance = trips.reduce((sum, trip) => sum + trip.distanceKm, 0);
  const driving = trips.reduce((sum, trip) => sum + trip.drivingS, 0);
  const top = trips.reduce<number | null>(
    (max, trip) => Math.max(max ?? 0, trip.maxSpeedKmh),
    null,
  );
  const figures = [
    ['distance', formatMeasure('distance', distance, units, language)],
    ['driving', formatDuration(driving)],
    ['max_speed', formatSpeed(top, units, language)],
    ['counts', t('travel.summary.counts_value', { trips: trips.length, stops: stops.length })],
  ] as const;
  return (
    <Box
      data-testid="travel-summary"
      sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, px: 2, py: 1.5 }}
    >
      {figures.map(([key, value]) => (
        <Box key={key} sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t(`travel.summary.${key}`)}
          </Typography>
          <Typography
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** "Zones: A, B" and "Points of interest: C" of a trip, when the server lists them. */
export function visitedText(trip: Trip, t: TFunction): ['zones' | 'pois', string][] {
  const lines: ['zones' | 'pois', string][] = [];
  for (const kind of ['zones', 'pois'] as const) {
    const places = trip[kind];
    if (places && places.length > 0) {
      lines.push([kind, `${t(`zones.trip.${kind}`)}: ${places.map((p) => p.name).join(', ')}`]);
    }
  }
  return lines;
}

/** Where a trip went ("A → B") or where a stop was, in the server's words (issue 23). */
export function placeLine(item: TravelItem): string | null {
  if (item.kind === 'stop') return item.stop.place ?? null;
  const { startPlace, endPlace } = item.trip;
  if (startPlace && endPlace)
    return startPlace === endPlace ? startPlace : `${startPlace} → ${endPlace}`;
  return startPlace ?? endPlace ?? null;
}

/** The list of trips and stops; the one holding the replayed instant is marked. */
export function TripsStopsList({
  trips,
  stops,
  units,
  language,
  offsetHours,
  replayMs,
  onSelect,
}: {
  trips: readonly Trip[];
  stops: readonly Stop[];
  units: Units;
  language: 'es' | 'en';
  offsetHours: TimeZoneSetting;
  replayMs: number;
  onSelect: (item: TravelItem) => void;
}) {
  const { t } = useTranslation();
  useZoneStrings();
  const items = useMemo(() => mergeItems(trips, stops), [trips, stops]);
  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 2, py: 3 }} data-testid="travel-list-empty">
        {t('travel.list.empty')}
      </Typography>
    );
  }
  const multiDay =
    formatDate(items[0]!.startTime, language, offsetHours) !==
    formatDate(items.at(-1)!.endTime, language, offsetHours);
  const when = (ms: number) =>
    multiDay
      ? `${formatDate(ms, language, offsetHours).slice(0, 5)} ${formatTime(ms, offsetHours).slice(0, 5)}`
      : formatTime(ms, offsetHours).slice(0, 5);
  return (
    <List dense disablePadding aria-label={t('travel.list.title')} data-testid="travel-list">
      {items.map((item) => {
        const current = replayMs >= item.startTime && replayMs < item.endTime;
        const range = `${when(item.startTime)} – ${when(item.endTime)}`;
        const duration = formatDuration((item.endTime - item.startTime) / 1000);
        const secondary =
          item.kind === 'trip'
            ? `${formatMeasure('distance', item.trip.distanceKm, units, language)} · ${duration} · ${t('travel.list.max')} ${formatSpeed(item.trip.maxSpeedKmh, units, language)}${tripFuelText(item.trip, units, language)}`
            : item.stop.ignitionOnS > 0
              ? `${duration} · ${t('travel.list.engine_on', { time: formatDuration(item.stop.ignitionOnS) })}`
              : duration;
        const driver =
          item.kind === 'trip'
            ? driverText(item.trip, (code) => t('drivers.unknown_code', { code }))
            : null;
        const places = item.kind === 'trip' ? visitedText(item.trip, t) : [];
        const where = placeLine(item);
        const co2 = item.kind === 'trip' ? item.trip.co2 : undefined;
        return (
          <ListItemButton
            key={`${item.kind}-${item.kind === 'trip' ? item.trip.id : item.stop.id}`}
            selected={current}
            onClick={() => onSelect(item)}
            data-kind={item.kind}
            sx={{ borderLeft: 3, borderColor: current ? 'secondary.main' : 'transparent' }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              {item.kind === 'trip' ? (
                <RouteIcon color="primary" fontSize="small" />
              ) : (
                <LocalParkingIcon color="action" fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={`${t(`travel.list.${item.kind}`)} · ${range}`}
              secondary={
                driver || places.length > 0 || where || co2 ? (
                  <>
                    {where ? (
                      <Box
                        component="span"
                        sx={{ display: 'block', color: 'text.primary' }}
                        data-testid="item-place"
                        title={where}
                      >
                        {where}
                      </Box>
                    ) : null}
                    {secondary}
                    {co2 ? (
                      <Box component="span" sx={{ display: 'block' }} data-testid="trip-co2">
                        {t('co2.title')}: <Co2Cell co2={co2} f={{ t, language }} />
                      </Box>
                    ) : null}
                    {driver ? (
                      <Box component="span" sx={{ display: 'block' }} data-testid="trip-driver">
                        {t('drivers.current')}: {driver}
                      </Box>
                    ) : null}
                    {places.map(([kind, text]) => (
                      <Box
                        component="span"
                        key={kind}
                        sx={{ display: 'block' }}
                        data-testid={`trip-${kind}`}
                        title={text}
                      >
                        {text}
                      </Box>
                    ))}
                  </>
                ) : (
                  secondary
                )
              }
              // The CO₂ line holds the estimated chip (a div): the secondary text is no <p>.
              slotProps={{ secondary: { component: 'div' } }}
              // Both lines wrap: a stop's end time, a trip's litres and L/100 km are never cut off.
            />
          </ListItemButton>
        );
      })}
    </List>
  );
}
