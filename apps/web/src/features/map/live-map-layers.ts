import type { Feature, FeatureCollection, Point } from 'geojson';
import type { Map as MapLibre } from 'maplibre-gl';
import { GL_STRIDE, type LiveFleetStore } from '../../shared/fleet/live-fleet-store';
import { LABEL_FONT, LABEL_FONT_BOLD } from '../../shared/map/map-style';
import { toLngLat, type Cluster } from './grid-cluster';
import type { VehicleLayer } from './vehicle-layer';

// The live map's own sources and layers: clusters, the WebGL vehicle layer, plate labels.

export const CLUSTERS = 'rumbo-vehicle-clusters';
/** The lowest of the live map's own layers: other overlays (zones) go under it. */
export const LOWEST_VEHICLE_LAYER = `${CLUSTERS}-circle`;
export const LABELS = 'rumbo-vehicle-labels';
/** Plate labels from this zoom on, when at most MAX_LABELS vehicles are in view. */
const LABEL_MIN_ZOOM = 9;
const MAX_LABELS = 400;

export interface LiveMapTheme {
  colors: readonly string[];
  cluster: string;
  clusterText: string;
  label: string;
  halo: string;
}

const emptyCollection = () => ({ type: 'FeatureCollection' as const, features: [] });

/** Adds the sources and layers to the map's current style (on every style load). */
export function addLiveMapLayers(map: MapLibre, theme: LiveMapTheme, layer: VehicleLayer): void {
  const font = textFont(map, LABEL_FONT);
  if (!map.getSource(CLUSTERS))
    map.addSource(CLUSTERS, { type: 'geojson', data: emptyCollection() });
  if (!map.getSource(LABELS)) map.addSource(LABELS, { type: 'geojson', data: emptyCollection() });
  map.addLayer({
    id: `${CLUSTERS}-circle`,
    type: 'circle',
    source: CLUSTERS,
    paint: {
      'circle-color': theme.cluster,
      'circle-opacity': 0.9,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
      'circle-radius': ['step', ['get', 'count'], 14, 10, 17, 100, 21, 1000, 26],
    },
  });
  map.addLayer({
    id: `${CLUSTERS}-count`,
    type: 'symbol',
    source: CLUSTERS,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': textFont(map, LABEL_FONT_BOLD),
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': theme.clusterText },
  });
  map.addLayer(layer);
  map.addLayer({
    id: `${LABELS}-text`,
    type: 'symbol',
    source: LABELS,
    minzoom: LABEL_MIN_ZOOM,
    layout: {
      'text-field': ['get', 'plate'],
      'text-font': font,
      'text-size': 11,
      'text-offset': [0, 1.5],
      'text-anchor': 'top',
      'text-optional': true,
    },
    paint: {
      'text-color': theme.label,
      'text-halo-color': theme.halo,
      'text-halo-width': 1.5,
    },
  });
}

/** The clusters as the cluster source's points, with their count and its label (1.2k). */
export function clusterCollection(clusters: readonly Cluster[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: clusters.map((c) => ({
      type: 'Feature',
      properties: {
        count: c.count,
        label: c.count > 999 ? `${Math.round(c.count / 100) / 10}k` : String(c.count),
      },
      geometry: { type: 'Point', coordinates: toLngLat(c.x, c.y) },
    })),
  };
}

/** Plate labels of the visible, unclustered vehicles (at close zoom only; none past MAX_LABELS). */
export function plateLabels(
  map: MapLibre,
  store: LiveFleetStore,
): FeatureCollection<Point, { plate: string }> {
  const s = store;
  const features: Feature<Point, { plate: string }>[] = [];
  if (map.getZoom() >= LABEL_MIN_ZOOM) {
    const b = map.getBounds();
    for (let i = 0; i < s.count; i++) {
      if (s.gl[i * GL_STRIDE + 6]! % 2 >= 1) continue;
      const lng = s.lng[i]!;
      const lat = s.lat[i]!;
      if (lng < b.getWest() || lng > b.getEast() || lat < b.getSouth() || lat > b.getNorth())
        continue;
      features.push({
        type: 'Feature',
        properties: { plate: s.info[i]?.plate ?? '' },
        geometry: { type: 'Point', coordinates: [lng, lat] },
      });
      if (features.length > MAX_LABELS) break;
    }
  }
  return {
    type: 'FeatureCollection',
    features: features.length > MAX_LABELS ? [] : features,
  };
}

/** Status colours then the selected ring (the cluster colour, the theme's primary). */
export function layerColors(theme: LiveMapTheme): string[] {
  return [...theme.colors.slice(0, 7), theme.cluster];
}

/** A font stack the style can draw: the style's own (external styles), else the served one. */
function textFont(map: MapLibre, served: string[]): string[] {
  for (const layer of map.getStyle().layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.every((f) => typeof f === 'string')) return font as string[];
  }
  return served;
}
