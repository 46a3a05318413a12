import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

/** Where the server serves the country outlines (apps/server/src/modules/map-assets). */
export const COUNTRIES_PATH = '/api/map/countries.geojson';

/** Where the server serves label glyphs (SDF ranges rendered from Noto Sans, decision 0009). */
export const GLYPHS_PATH = '/api/map/fonts/{fontstack}/{range}.pbf';

/** The font stacks the served glyphs have: text-font of Rumbo's own label layers. */
export const LABEL_FONT = ['Noto Sans Regular'];
export const LABEL_FONT_BOLD = ['Noto Sans Bold'];

/** OpenStreetMap's raster tiles: the basemap when config.json names no style. */
export const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** Colours of the fallback layers, per theme. */
export const FALLBACK_COLORS = {
  light: { background: '#dfe6ee', land: '#f4f1ea', border: '#9aa7b4' },
  dark: { background: '#14202c', land: '#1f2d3b', border: '#4d6075' },
} as const;

const FALLBACK_IDS = ['rumbo-background', 'rumbo-land', 'rumbo-borders'] as const;

/**
 * The layers drawn under any basemap: a plain background and the country outlines the app
 * serves itself, so the map stays usable when tiles cannot load.
 */
export function fallbackLayers(dark: boolean): LayerSpecification[] {
  const c = FALLBACK_COLORS[dark ? 'dark' : 'light'];
  return [
    { id: FALLBACK_IDS[0], type: 'background', paint: { 'background-color': c.background } },
    {
      id: FALLBACK_IDS[1],
      type: 'fill',
      source: 'rumbo-countries',
      paint: { 'fill-color': c.land },
    },
    {
      id: FALLBACK_IDS[2],
      type: 'line',
      source: 'rumbo-countries',
      paint: { 'line-color': c.border, 'line-width': 0.8 },
    },
  ];
}

/** The country-outline source; `origin` makes its address absolute (the worker needs that). */
export function countriesSource(origin: string) {
  return { type: 'geojson' as const, data: `${origin}${COUNTRIES_PATH}`, attribution: '' };
}

/**
 * Rumbo's own style: the fallback layers with OpenStreetMap raster tiles on top (slightly dimmed
 * in dark mode). Label glyphs come from the server too (`LABEL_FONT`, decision 0009).
 */
export function rumboMapStyle(dark: boolean, origin: string): StyleSpecification {
  return {
    version: 8,
    glyphs: `${origin}${GLYPHS_PATH}`,
    sources: {
      'rumbo-countries': countriesSource(origin),
      osm: {
        type: 'raster',
        tiles: [OSM_TILES],
        tileSize: 256,
        maxzoom: 19,
        attribution: '© OpenStreetMap contributors',
      },
    },
    layers: [
      ...fallbackLayers(dark),
      {
        id: 'osm',
        type: 'raster',
        source: 'osm',
        paint: dark
          ? { 'raster-brightness-max': 0.55, 'raster-saturation': -0.4, 'raster-contrast': 0.1 }
          : { 'raster-opacity': 1 },
      },
    ],
  };
}

/**
 * Puts the fallback under a configured (external) style, so a dead tile server still leaves
 * outlines on a plain background: the style's own background stays (often its land colour),
 * ours only when it has none, and the country outlines right above it. Its own `glyphs` stay;
 * a style without any gets Rumbo's, so our labels draw. Returns the style unchanged when it
 * already has the outlines.
 */
export function withFallback(
  style: StyleSpecification,
  dark: boolean,
  origin: string,
): StyleSpecification {
  if (style.layers.some((l) => l.id === FALLBACK_IDS[2])) return style;
  const [background, , borders] = fallbackLayers(dark);
  const backgrounds = style.layers.filter((l) => l.type === 'background');
  return {
    ...style,
    glyphs: style.glyphs ?? `${origin}${GLYPHS_PATH}`,
    sources: { ...style.sources, 'rumbo-countries': countriesSource(origin) },
    layers: [
      ...(backgrounds.length > 0 ? backgrounds : [background!]),
      borders!,
      ...style.layers.filter((l) => l.type !== 'background'),
    ],
  };
}

/** True when the browser can draw WebGL (MapLibre needs it). */
export function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}
