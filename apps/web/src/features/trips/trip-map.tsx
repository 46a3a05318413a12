import { LngLatBounds, type GeoJSONSource, type Map as MapLibre } from 'maplibre-gl';
import { useCallback, useEffect, useRef } from 'react';
import { widthByZoom } from '../../shared/geofences/zone-layers';
import { metresToPixelsAtZoom0 } from '../../shared/geofences/zone-shapes';
import { BaseMap, useMapDark } from '../../shared/map/base-map';
import { LABEL_FONT } from '../../shared/map/map-style';

// A planned trip on the map: the corridor at its real width (a line whose width doubles per
// zoom, as geofence corridors are drawn, decision 0021), the route's axis, the stops numbered
// (O origin, 1…n waypoints, D destination), the actual track and where the truck left the route.

const SOURCE = 'trip-plan';
const LAYERS = {
  corridor: 'trip-corridor',
  axis: 'trip-axis',
  track: 'trip-track',
  stopArea: 'trip-stop-area',
  stop: 'trip-stop',
  stopLabel: 'trip-stop-label',
  deviation: 'trip-deviation',
} as const;

export interface TripMapStop {
  lat: number;
  lng: number;
  radiusM: number;
}

export interface TripMapProps {
  route: readonly (readonly [number, number])[];
  /** Metres each side of the route. */
  corridorM: number;
  stops: readonly TripMapStop[];
  track?: readonly (readonly [number, number])[];
  /** Where the vehicle left the corridor. */
  deviations?: readonly (readonly [number, number])[];
  onMapClick?: (lng: number, lat: number) => void;
  /** Changes whenever the map should fit the plan again. */
  fitKey: string;
  label: string;
  crosshair?: boolean;
}

const CORRIDOR_COLOR = '#1565c0';

function stopLabel(i: number, count: number): string {
  if (i === 0) return 'O';
  if (i === count - 1) return 'D';
  return String(i);
}

/** The plan as one GeoJSON collection. */
export function tripFeatures(props: Omit<TripMapProps, 'fitKey' | 'label'>) {
  const features: GeoJSON.Feature[] = [];
  const line =
    props.route.length >= 2 ? props.route : props.stops.map((s) => [s.lng, s.lat] as const);
  if (line.length >= 2) {
    const lat = line.reduce((s, p) => s + p[1], 0) / line.length;
    const coordinates = line.map(([lng, la]) => [lng, la]);
    features.push({
      type: 'Feature',
      properties: { kind: 'corridor', w0: metresToPixelsAtZoom0(props.corridorM * 2, lat) },
      geometry: { type: 'LineString', coordinates },
    });
  }
  if (props.track && props.track.length >= 2) {
    features.push({
      type: 'Feature',
      properties: { kind: 'track' },
      geometry: { type: 'LineString', coordinates: props.track.map(([lng, lat]) => [lng, lat]) },
    });
  }
  props.stops.forEach((s, i) => {
    features.push({
      type: 'Feature',
      properties: {
        kind: 'stop',
        label: stopLabel(i, props.stops.length),
        r0: metresToPixelsAtZoom0(s.radiusM, s.lat),
      },
      geometry: { type: 'Point', coordinates: [s.lng, s.lat] },
    });
  });
  for (const [lng, lat] of props.deviations ?? []) {
    features.push({
      type: 'Feature',
      properties: { kind: 'deviation' },
      geometry: { type: 'Point', coordinates: [lng, lat] },
    });
  }
  return { type: 'FeatureCollection' as const, features };
}

function addLayers(map: MapLibre, dark: boolean, data: GeoJSON.FeatureCollection) {
  if (map.getSource(SOURCE)) return;
  map.addSource(SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: LAYERS.corridor,
    type: 'line',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'corridor'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': CORRIDOR_COLOR,
      'line-opacity': 0.22,
      'line-width': widthByZoom('w0', 2),
    },
  });
  map.addLayer({
    id: LAYERS.axis,
    type: 'line',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'corridor'],
    paint: { 'line-color': CORRIDOR_COLOR, 'line-width': 2, 'line-dasharray': [3, 2] },
  });
  map.addLayer({
    id: LAYERS.track,
    type: 'line',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'track'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: { 'line-color': dark ? '#ffb74d' : '#e65100', 'line-width': 3 },
  });
  map.addLayer({
    id: LAYERS.stopArea,
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'stop'],
    paint: {
      'circle-color': '#2e7d32',
      'circle-opacity': 0.12,
      'circle-stroke-color': '#2e7d32',
      'circle-stroke-width': 1,
      'circle-radius': widthByZoom('r0', 0),
    },
  });
  map.addLayer({
    id: LAYERS.stop,
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'stop'],
    paint: {
      'circle-color': '#2e7d32',
      'circle-radius': 10,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
  map.addLayer({
    id: LAYERS.stopLabel,
    type: 'symbol',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'stop'],
    layout: {
      'text-field': ['get', 'label'],
      'text-font': LABEL_FONT,
      'text-size': 11,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: LAYERS.deviation,
    type: 'circle',
    source: SOURCE,
    filter: ['==', ['get', 'kind'], 'deviation'],
    paint: {
      'circle-color': '#c62828',
      'circle-radius': 7,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  });
}

/** The plan's map; clicks report their place (adding stops or route points). */
export function TripMap(props: TripMapProps) {
  const { onMapClick, fitKey, label, crosshair } = props;
  const dark = useMapDark();
  const mapRef = useRef<MapLibre | null>(null);
  const serialized = JSON.stringify(tripFeatures(props));
  const dataRef = useRef<GeoJSON.FeatureCollection>(
    JSON.parse(serialized) as GeoJSON.FeatureCollection,
  );
  const clickRef = useRef(onMapClick);
  useEffect(() => {
    clickRef.current = onMapClick;
  });

  const onStyleLoad = useCallback((map: MapLibre) => addLayers(map, dark, dataRef.current), [dark]);
  const onMap = useCallback((map: MapLibre | null) => {
    mapRef.current = map;
    map?.on('click', (e) => clickRef.current?.(e.lngLat.lng, e.lngLat.lat));
  }, []);

  useEffect(() => {
    dataRef.current = JSON.parse(serialized) as GeoJSON.FeatureCollection;
    const source = mapRef.current?.getSource<GeoJSONSource>(SOURCE);
    if (source) void source.setData(dataRef.current);
  }, [serialized]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const bounds = new LngLatBounds();
    for (const f of dataRef.current.features) {
      const g = f.geometry;
      if (g.type === 'Point') bounds.extend(g.coordinates as [number, number]);
      if (g.type === 'LineString')
        for (const c of g.coordinates) bounds.extend(c as [number, number]);
    }
    if (!bounds.isEmpty()) map.fitBounds(bounds, { padding: 48, maxZoom: 13, duration: 0 });
  }, [fitKey]);

  useEffect(() => {
    const canvas = mapRef.current?.getCanvas();
    if (canvas) canvas.style.cursor = crosshair ? 'crosshair' : '';
  }, [crosshair]);

  return <BaseMap onStyleLoad={onStyleLoad} onMap={onMap} label={label} />;
}
