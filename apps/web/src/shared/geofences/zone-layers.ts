import type { GeoJSONSource, Map as MapLibre, MapLayerMouseEvent } from 'maplibre-gl';
import { LABEL_FONT } from '../map/map-style';

/** The source every zone and point of interest is drawn from (one upload, a few layers). */
export const ZONES_SOURCE = 'rumbo-zones';

/** Layer ids by what they draw; the toggles show and hide them in groups. */
export const ZONE_LAYERS = {
  fill: 'rumbo-zones-fill',
  outline: 'rumbo-zones-outline',
  corridor: 'rumbo-zones-corridor',
  corridorAxis: 'rumbo-zones-corridor-axis',
  label: 'rumbo-zones-label',
  poiArea: 'rumbo-pois-area',
  poi: 'rumbo-pois-point',
  poiLabel: 'rumbo-pois-label',
} as const;

export type ZoneLayerGroup = 'geofences' | 'pois';

const GROUPS: Record<ZoneLayerGroup, readonly string[]> = {
  geofences: [
    ZONE_LAYERS.fill,
    ZONE_LAYERS.outline,
    ZONE_LAYERS.corridor,
    ZONE_LAYERS.corridorAxis,
    ZONE_LAYERS.label,
  ],
  pois: [ZONE_LAYERS.poiArea, ZONE_LAYERS.poi, ZONE_LAYERS.poiLabel],
};

/** Layers a click on a zone or a point of interest hits. */
export const CLICKABLE_ZONE_LAYERS = [
  ZONE_LAYERS.poi,
  ZONE_LAYERS.corridor,
  ZONE_LAYERS.fill,
] as const;

export interface ZoneLayerTheme {
  dark: boolean;
  poiColor: string;
}

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * Adds the zones' source and layers (under `beforeId` when given, e.g. under the vehicles).
 * Call again after each style load: a style switch removes them.
 */
export function addZoneLayers(
  map: MapLibre,
  theme: ZoneLayerTheme,
  data: GeoJSON.FeatureCollection = EMPTY,
  beforeId?: string,
): void {
  if (map.getSource(ZONES_SOURCE)) return;
  map.addSource(ZONES_SOURCE, { type: 'geojson', data, promoteId: 'id' });
  const halo = theme.dark ? '#0b121a' : '#ffffff';
  const text = theme.dark ? '#e8eef5' : '#1b2733';
  const before = beforeId && map.getLayer(beforeId) ? beforeId : undefined;
  const font = styleFont(map);
  const add = (layer: Parameters<MapLibre['addLayer']>[0]) => map.addLayer(layer, before);
  add({
    id: ZONE_LAYERS.fill,
    type: 'fill',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'zone'],
    paint: {
      'fill-color': ['get', 'color'],
      'fill-opacity': ['case', ['boolean', ['feature-state', 'selected'], false], 0.35, 0.18],
    },
  });
  add({
    id: ZONE_LAYERS.outline,
    type: 'line',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'zone'],
    paint: {
      'line-color': ['get', 'color'],
      'line-width': ['case', ['boolean', ['feature-state', 'selected'], false], 3, 1.5],
    },
  });
  add({
    id: ZONE_LAYERS.corridor,
    type: 'line',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'corridor'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': ['get', 'color'],
      'line-opacity': ['case', ['boolean', ['feature-state', 'selected'], false], 0.45, 0.25],
      // The corridor's real width at every zoom: w0 px at zoom 0, doubled per zoom level.
      'line-width': widthByZoom('w0', 1, 2),
    },
  });
  add({
    id: ZONE_LAYERS.corridorAxis,
    type: 'line',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'corridor'],
    paint: { 'line-color': ['get', 'color'], 'line-width': 1.5, 'line-dasharray': [3, 2] },
  });
  add({
    id: ZONE_LAYERS.poiArea,
    type: 'fill',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'poi-area'],
    minzoom: 11,
    paint: {
      'fill-color': theme.poiColor,
      'fill-opacity': 0.12,
      'fill-outline-color': theme.poiColor,
    },
  });
  add({
    id: ZONE_LAYERS.poi,
    type: 'circle',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'poi'],
    paint: {
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 3, 12, 6],
      'circle-color': theme.poiColor,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  });
  add({
    id: ZONE_LAYERS.label,
    type: 'symbol',
    source: ZONES_SOURCE,
    filter: ['in', ['get', 'kind'], ['literal', ['zone', 'corridor']]],
    minzoom: 10,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': font,
      'text-size': 12,
      'symbol-placement': 'point',
      'text-max-width': 10,
    },
    paint: { 'text-color': text, 'text-halo-color': halo, 'text-halo-width': 1.5 },
  });
  add({
    id: ZONE_LAYERS.poiLabel,
    type: 'symbol',
    source: ZONES_SOURCE,
    filter: ['==', ['get', 'kind'], 'poi'],
    minzoom: 12,
    layout: {
      'text-field': ['get', 'name'],
      'text-font': font,
      'text-size': 11,
      'text-offset': [0, 1.1],
      'text-anchor': 'top',
      'text-max-width': 10,
    },
    paint: { 'text-color': text, 'text-halo-color': halo, 'text-halo-width': 1.5 },
  });
}

/** The band of the corridor being edited (the drawing tool shows only its line). */
/**
 * A line width that stands for a real width on the ground: the feature's `prop` px at zoom 0,
 * doubled per zoom level, never thinner than `min` px (`minAtMax` at the deepest zoom).
 */
export function widthByZoom(prop: string, min: number, minAtMax = min): number {
  return [
    'interpolate',
    ['exponential', 2],
    ['zoom'],
    0,
    ['max', min, ['get', prop]],
    24,
    ['max', minAtMax, ['*', ['get', prop], 2 ** 24]],
  ] as unknown as number;
}

export const EDIT_PREVIEW_SOURCE = 'rumbo-zone-edit';

/** Adds the edit preview's source and layer (call on each style load, before the drawing tool). */
export function addEditPreviewLayer(map: MapLibre, data: GeoJSON.FeatureCollection = EMPTY): void {
  if (map.getSource(EDIT_PREVIEW_SOURCE)) return;
  map.addSource(EDIT_PREVIEW_SOURCE, { type: 'geojson', data });
  map.addLayer({
    id: `${EDIT_PREVIEW_SOURCE}-band`,
    type: 'line',
    source: EDIT_PREVIEW_SOURCE,
    filter: ['==', ['get', 'kind'], 'corridor'],
    layout: { 'line-join': 'round', 'line-cap': 'round' },
    paint: {
      'line-color': ['get', 'color'],
      'line-opacity': 0.35,
      'line-width': widthByZoom('w0', 1, 2),
    },
  });
}

export function setEditPreview(map: MapLibre, data: GeoJSON.FeatureCollection): void {
  void map.getSource<GeoJSONSource>(EDIT_PREVIEW_SOURCE)?.setData(data);
}

/** A font stack the style can draw: an external style's own, else the served one. */
export function styleFont(map: MapLibre): string[] {
  for (const layer of map.getStyle().layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((f) => typeof f === 'string')) return font as string[];
  }
  return LABEL_FONT;
}

/** Replaces what the zone layers draw. */
export function setZoneData(map: MapLibre, data: GeoJSON.FeatureCollection): void {
  void map.getSource<GeoJSONSource>(ZONES_SOURCE)?.setData(data);
}

/** Shows or hides a group of zone layers. */
export function setZoneGroupVisible(map: MapLibre, group: ZoneLayerGroup, visible: boolean): void {
  for (const id of GROUPS[group]) {
    if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
  }
}

/** Marks one geofence as selected (drawn stronger); null clears. */
export function setSelectedZone(map: MapLibre, previous: number | null, next: number | null): void {
  if (!map.getSource(ZONES_SOURCE)) return;
  if (previous !== null)
    map.setFeatureState({ source: ZONES_SOURCE, id: previous }, { selected: false });
  if (next !== null) map.setFeatureState({ source: ZONES_SOURCE, id: next }, { selected: true });
}

/** What a click on the zone layers hit: a geofence or a point of interest, by id. */
export function zoneAt(
  map: MapLibre,
  event: Pick<MapLayerMouseEvent, 'point'>,
): { kind: 'geofence' | 'poi'; id: number } | null {
  const layers = CLICKABLE_ZONE_LAYERS.filter((id) => map.getLayer(id));
  if (layers.length === 0) return null;
  const hit = map.queryRenderedFeatures(event.point, { layers: [...layers] })[0];
  const id = hit?.properties?.id as number | undefined;
  if (!hit || typeof id !== 'number') return null;
  return { kind: hit.properties?.kind === 'poi' ? 'poi' : 'geofence', id };
}
