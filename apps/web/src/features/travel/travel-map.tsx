import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HistoryPoint, Stop, Units } from '@rumbo/contracts';
import { LngLatBounds, Marker, type GeoJSONSource, type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { BaseMap, useMapDark } from '../../shared/map/base-map';
import { ZoneOverlay } from '../../shared/geofences/zone-overlay';
import { styleFont } from '../../shared/geofences/zone-layers';
import { convertFromBase, unitSymbol } from '../../shared/units/units';
import type { RouteSample } from './replay-engine';
import { formatDuration } from './travel-format';
import { SPEED_BANDS, routeSegments } from './speed-scale';

const ROUTE = 'travel-route';
const STOPS = 'travel-stops';
const STOP_LABELS = 'travel-stop-labels';
const HOVER = 'travel-hover';
/** How close (px) the pointer must be to the route to hover a record. */
const HOVER_PX = 14;

const empty = { type: 'FeatureCollection' as const, features: [] };

function routeData(points: readonly HistoryPoint[]) {
  return {
    type: 'FeatureCollection' as const,
    features: routeSegments(points).map((s) => ({
      type: 'Feature' as const,
      properties: { color: s.color },
      geometry: { type: 'LineString' as const, coordinates: s.coordinates },
    })),
  };
}

/** A stop's label on the map: its place and how long it lasted (issue 23). */
function stopLabel(s: Stop): string {
  const duration = formatDuration((s.endTime - s.startTime) / 1000);
  return s.place ? `${s.place} · ${duration}` : duration;
}

function stopsData(stops: readonly Stop[]) {
  return {
    type: 'FeatureCollection' as const,
    features: stops.map((s) => ({
      type: 'Feature' as const,
      properties: { id: s.id, label: stopLabel(s) },
      geometry: { type: 'Point' as const, coordinates: [s.lng, s.lat] },
    })),
  };
}

function pointData(sample: RouteSample | null) {
  if (!sample) return empty;
  return {
    type: 'FeatureCollection' as const,
    features: [
      {
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [sample.lng, sample.lat] },
      },
    ],
  };
}

function setSource(map: MapLibre, id: string, data: unknown): void {
  const source = map.getSource<GeoJSONSource>(id);
  if (source) void source.setData(data as GeoJSON.GeoJSON);
}

/** A round pin with a letter (start A, end B). */
function pinElement(letter: string, color: string, label: string): HTMLElement {
  const el = document.createElement('div');
  el.textContent = letter;
  el.setAttribute('aria-label', label);
  el.setAttribute('role', 'img');
  Object.assign(el.style, {
    width: '22px',
    height: '22px',
    borderRadius: '50%',
    background: color,
    color: '#fff',
    font: '700 12px/22px system-ui, sans-serif',
    textAlign: 'center',
    border: '2px solid #fff',
    boxShadow: '0 1px 4px rgba(0,0,0,.45)',
  });
  return el;
}

/** The replayed vehicle: an arrow in a disc, turned to its heading by the marker. */
function vehicleElement(label: string): HTMLElement {
  const el = document.createElement('div');
  el.dataset.testid = 'replay-vehicle';
  el.setAttribute('aria-label', label);
  el.setAttribute('role', 'img');
  el.innerHTML =
    '<svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true">' +
    '<circle cx="17" cy="17" r="15" fill="#0b5cad" stroke="#fff" stroke-width="2.5"/>' +
    '<path d="M17 6 L25 25 L17 20.5 L9 25 Z" fill="#ffb020" stroke="#fff" stroke-width="1"/>' +
    '</svg>';
  el.style.filter = 'drop-shadow(0 1px 3px rgba(0,0,0,.5))';
  return el;
}

/**
 * Index of the record nearest to a screen point, if within HOVER_PX. Where the route passes the
 * same road more than once, the pass nearest in time to `nearMs` (the replayed instant) wins
 * among records equally close on screen (4 px steps).
 */
function nearestRecord(
  map: MapLibre,
  points: readonly HistoryPoint[],
  x: number,
  y: number,
  nearMs: number,
): number | null {
  const a = map.unproject([x - HOVER_PX, y - HOVER_PX]);
  const b = map.unproject([x + HOVER_PX, y + HOVER_PX]);
  const minLat = Math.min(a.lat, b.lat);
  const maxLat = Math.max(a.lat, b.lat);
  const minLng = Math.min(a.lng, b.lng);
  const maxLng = Math.max(a.lng, b.lng);
  let best: number | null = null;
  let bestStep = Infinity;
  let bestGap = Infinity;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    if (p.lat < minLat || p.lat > maxLat || p.lng < minLng || p.lng > maxLng) continue;
    const s = map.project([p.lng, p.lat]);
    const d = Math.hypot(s.x - x, s.y - y);
    if (d > HOVER_PX) continue;
    const step = Math.floor(d / 4);
    const gap = Math.abs(p.t - nearMs);
    if (step < bestStep || (step === bestStep && gap < bestGap)) {
      best = i;
      bestStep = step;
      bestGap = gap;
    }
  }
  return best;
}

export interface FitRequest {
  /** Changes whenever the map should fit again. */
  key: string;
  coordinates: [number, number][];
}

/**
 * The route coloured by speed, its stops, start and end, the replayed vehicle and the instant
 * hovered on the chart. Hovering or clicking the route reports the record under the pointer.
 */
export function TravelMap({
  points,
  stops,
  sample,
  hoverSample,
  follow,
  playing,
  fit,
  onHover,
  onSeek,
}: {
  points: readonly HistoryPoint[];
  stops: readonly Stop[];
  sample: RouteSample | null;
  hoverSample: RouteSample | null;
  follow: boolean;
  playing: boolean;
  fit: FitRequest | null;
  onHover: (timeMs: number | null) => void;
  onSeek: (timeMs: number) => void;
}) {
  const { t } = useTranslation();
  const dark = useMapDark();
  const [map, setMap] = useState<MapLibre | null>(null);
  const nearMs = sample?.timeMs ?? 0;
  const latest = useRef({ points, stops, hoverSample, onHover, onSeek, dark, nearMs });
  useEffect(() => {
    latest.current = { points, stops, hoverSample, onHover, onSeek, dark, nearMs };
  });
  const markers = useRef<{ start: Marker | null; end: Marker | null; vehicle: Marker | null }>({
    start: null,
    end: null,
    vehicle: null,
  });

  const addLayers = useCallback((m: MapLibre) => {
    const { points: pts, stops: sts, hoverSample: hover, dark: isDark } = latest.current;
    m.addSource(ROUTE, { type: 'geojson', data: routeData(pts) });
    m.addSource(STOPS, { type: 'geojson', data: stopsData(sts) });
    m.addSource(HOVER, { type: 'geojson', data: pointData(hover) });
    m.addLayer({
      id: `${ROUTE}-casing`,
      type: 'line',
      source: ROUTE,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: {
        'line-color': isDark ? '#0b121a' : '#ffffff',
        'line-width': 7,
        'line-opacity': 0.85,
      },
    });
    m.addLayer({
      id: `${ROUTE}-line`,
      type: 'line',
      source: ROUTE,
      layout: { 'line-join': 'round', 'line-cap': 'round' },
      paint: { 'line-color': ['get', 'color'], 'line-width': 4 },
    });
    m.addLayer({
      id: STOPS,
      type: 'circle',
      source: STOPS,
      paint: {
        'circle-radius': 6,
        'circle-color': '#5c6bc0',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
    m.addLayer({
      id: STOP_LABELS,
      type: 'symbol',
      source: STOPS,
      minzoom: 9,
      layout: {
        'text-field': ['get', 'label'],
        'text-font': styleFont(m),
        'text-size': 12,
        'text-offset': [0, 1.1],
        'text-anchor': 'top',
        'text-max-width': 14,
        'text-optional': true,
      },
      paint: {
        'text-color': isDark ? '#e0e0e0' : '#263238',
        'text-halo-color': isDark ? '#121212' : '#ffffff',
        'text-halo-width': 1.5,
      },
    });
    m.addLayer({
      id: HOVER,
      type: 'circle',
      source: HOVER,
      paint: {
        'circle-radius': 7,
        'circle-color': 'rgba(0,0,0,0)',
        'circle-stroke-color': isDark ? '#ffffff' : '#102030',
        'circle-stroke-width': 3,
      },
    });
  }, []);

  const onMap = useCallback((m: MapLibre | null) => {
    setMap(m);
    if (!m) return;
    m.on('mousemove', (e) => {
      const { points: pts, onHover: hover, nearMs: near } = latest.current;
      const i = nearestRecord(m, pts, e.point.x, e.point.y, near);
      m.getCanvas().style.cursor = i === null ? '' : 'pointer';
      hover(i === null ? null : pts[i]!.t);
    });
    m.on('mouseout', () => latest.current.onHover(null));
    m.on('click', (e) => {
      const { points: pts, onSeek: seek, nearMs: near } = latest.current;
      const i = nearestRecord(m, pts, e.point.x, e.point.y, near);
      if (i !== null) seek(pts[i]!.t);
    });
  }, []);

  // Route, stops and the start/end pins follow the data.
  useEffect(() => {
    if (!map) return;
    if (map.getSource(ROUTE)) {
      setSource(map, ROUTE, routeData(points));
      setSource(map, STOPS, stopsData(stops));
    }
    markers.current.start?.remove();
    markers.current.end?.remove();
    markers.current.start = null;
    markers.current.end = null;
    const first = points[0];
    const last = points.at(-1);
    if (first && last) {
      markers.current.start = new Marker({
        element: pinElement('A', '#2e7d32', t('travel.map.start')),
      })
        .setLngLat([first.lng, first.lat])
        .addTo(map);
      markers.current.end = new Marker({ element: pinElement('B', '#c62828', t('travel.map.end')) })
        .setLngLat([last.lng, last.lat])
        .addTo(map);
    }
  }, [map, points, stops, t]);

  // The replayed vehicle, turned to its heading; with follow on the camera keeps it centred.
  useEffect(() => {
    if (!map) return;
    if (!sample) {
      markers.current.vehicle?.remove();
      markers.current.vehicle = null;
      return;
    }
    if (!markers.current.vehicle) {
      markers.current.vehicle = new Marker({
        element: vehicleElement(t('travel.map.vehicle')),
        rotationAlignment: 'map',
      })
        .setLngLat([sample.lng, sample.lat])
        .addTo(map);
    }
    const marker = markers.current.vehicle;
    marker.setLngLat([sample.lng, sample.lat]).setRotation(sample.headingDeg);
    const el = marker.getElement();
    el.dataset.time = String(Math.round(sample.timeMs));
    if (follow) {
      // Frame by frame while playing; a short glide after a seek.
      if (playing) map.jumpTo({ center: [sample.lng, sample.lat] });
      else map.easeTo({ center: [sample.lng, sample.lat], duration: 300 });
    }
  }, [map, sample, follow, playing, t]);

  useEffect(() => {
    if (map?.getSource(HOVER)) setSource(map, HOVER, pointData(hoverSample));
  }, [map, hoverSample]);

  useEffect(() => {
    if (!map || !fit || fit.coordinates.length === 0) return;
    const bounds = new LngLatBounds();
    for (const c of fit.coordinates) bounds.extend(c);
    map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
  }, [map, fit]);

  useEffect(
    () => () => {
      markers.current.start?.remove();
      markers.current.end?.remove();
      markers.current.vehicle?.remove();
    },
    [],
  );

  return (
    <BaseMap onStyleLoad={addLayers} onMap={onMap} label={t('travel.map.label')}>
      <ZoneOverlay map={map} beforeId={`${ROUTE}-casing`} top={107} />
    </BaseMap>
  );
}

/** The colours of the route by speed, in the user's unit. */
export function SpeedLegend({ units }: { units: Units }) {
  const { t } = useTranslation();
  const label = (kmh: number) => Math.round(convertFromBase('speed', kmh, units.speed));
  return (
    <Box
      role="list"
      aria-label={t('travel.map.legend')}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, alignItems: 'center' }}
    >
      {SPEED_BANDS.map((band, i) => {
        const next = SPEED_BANDS[i + 1];
        const text =
          i === 0
            ? t('travel.map.stopped')
            : next
              ? `${label(band.fromKmh)}–${label(next.fromKmh)}`
              : `≥ ${label(band.fromKmh)}`;
        return (
          <Box
            role="listitem"
            key={band.color}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Box sx={{ width: 16, height: 4, borderRadius: 2, bgcolor: band.color }} />
            <Typography variant="caption">{text}</Typography>
          </Box>
        );
      })}
      <Typography variant="caption" color="text.secondary">
        {unitSymbol('speed', units.speed)}
      </Typography>
    </Box>
  );
}
