import type { Geofence, InterestPoint } from '@rumbo/contracts';

/** Mean Earth radius (m), as the spherical formulas below assume. */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Default colours when a geofence has none, by access type. */
export const ACCESS_COLORS = { allowed: '#2e7d32', forbidden: '#c62828', none: '#1565c0' } as const;

/** The point `distanceM` from `[lng, lat]` towards `bearingDeg` (great circle). */
export function destination(
  [lng, lat]: readonly number[],
  distanceM: number,
  bearingDeg: number,
): [number, number] {
  const d = distanceM / EARTH_RADIUS_M;
  const b = bearingDeg * RAD;
  const φ1 = (lat ?? 0) * RAD;
  const λ1 = (lng ?? 0) * RAD;
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(b));
  const λ2 =
    λ1 +
    Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2));
  return [round7(λ2 / RAD), round7(φ2 / RAD)];
}

/** Great-circle distance in metres. */
export function distanceM(a: readonly number[], b: readonly number[]): number {
  const φ1 = (a[1] ?? 0) * RAD;
  const φ2 = (b[1] ?? 0) * RAD;
  const dφ = φ2 - φ1;
  const dλ = ((b[0] ?? 0) - (a[0] ?? 0)) * RAD;
  const h = Math.sin(dφ / 2) ** 2 + Math.cos(φ1) * Math.cos(φ2) * Math.sin(dλ / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Coordinates rounded to 7 decimals (~1 cm): what the drawing tool and the server keep. */
export function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}

/** A circle as a closed polygon ring of `steps` vertices (counter-clockwise). */
export function circleRing(center: readonly number[], radiusM: number, steps = 64): number[][] {
  const ring: number[][] = [];
  for (let i = 0; i < steps; i++) ring.push(destination(center, radiusM, (-360 * i) / steps));
  ring.push(ring[0]!);
  return ring;
}

/** Centre and radius of a polygon drawn as a circle (mean of its vertices and their distance). */
export function circleOf(ring: readonly (readonly number[])[]): {
  center: [number, number];
  radiusM: number;
} {
  const open = ring.length > 1 ? ring.slice(0, -1) : ring;
  let lng = 0;
  let lat = 0;
  for (const p of open) {
    lng += p[0] ?? 0;
    lat += p[1] ?? 0;
  }
  const center: [number, number] = [round7(lng / open.length), round7(lat / open.length)];
  const radius = open.reduce((sum, p) => sum + distanceM(center, p), 0) / open.length;
  return { center, radiusM: Math.round(radius) };
}

/**
 * Screen width (px) of `metres` at zoom 0 and latitude `lat` (512 px tiles): a line layer
 * multiplies it by 2^zoom, so a corridor keeps its real width at every zoom.
 */
export function metresToPixelsAtZoom0(metres: number, lat: number): number {
  const metresPerPixel = (2 * Math.PI * 6_378_137 * Math.cos(lat * RAD)) / 512;
  return metres / metresPerPixel;
}

/** The mean latitude of a line, for its width in pixels. */
function meanLat(coordinates: readonly (readonly number[])[]): number {
  if (coordinates.length === 0) return 0;
  return coordinates.reduce((s, c) => s + (c[1] ?? 0), 0) / coordinates.length;
}

export type ZoneKind = 'polygon' | 'circle' | 'corridor';

/** A geofence's kind, from its geometry. */
export function zoneKind(geofence: Pick<Geofence, 'geom'>): ZoneKind {
  switch (geofence.geom.type) {
    case 'Point':
      return 'circle';
    case 'LineString':
      return 'corridor';
    case 'Polygon':
      return 'polygon';
  }
}

const DEFAULT_CORRIDOR_M = 100;
const DEFAULT_RADIUS_M = 200;

/** A geofence's colour: its own, else its access type's. */
export function zoneColor(g: Pick<Geofence, 'color' | 'accessType'>): string {
  return g.color && /^#[0-9a-f]{6}$/i.test(g.color) ? g.color : ACCESS_COLORS[g.accessType];
}

/**
 * The features one GeoJSON source draws for every geofence (polygons; circles as polygons;
 * corridors as lines whose `w0` is their width in pixels at zoom 0) and point of interest
 * (a point, and its radius as a polygon). One source, a few layers: thousands of zones stay
 * one upload and a handful of draw calls (decision 0021).
 */
export function zoneFeatures(
  geofences: readonly Geofence[],
  pois: readonly InterestPoint[] = [],
  hidden: { geofence?: number | null; poi?: number | null } = {},
): GeoJSON.FeatureCollection {
  const features: GeoJSON.Feature[] = [];
  for (const g of geofences) {
    if (g.id === hidden.geofence) continue;
    const props = { id: g.id, name: g.name, color: zoneColor(g), access: g.accessType };
    const geom = g.geom;
    if (geom.type === 'Polygon') {
      features.push({
        type: 'Feature',
        id: g.id,
        properties: { ...props, kind: 'zone' },
        geometry: geom,
      });
    } else if (geom.type === 'Point') {
      const ring = circleRing(geom.coordinates, g.radius ?? DEFAULT_RADIUS_M, 48);
      features.push({
        type: 'Feature',
        id: g.id,
        properties: { ...props, kind: 'zone' },
        geometry: { type: 'Polygon', coordinates: [ring] },
      });
    } else {
      const w0 = metresToPixelsAtZoom0(g.width ?? DEFAULT_CORRIDOR_M, meanLat(geom.coordinates));
      features.push({
        type: 'Feature',
        id: g.id,
        properties: { ...props, kind: 'corridor', w0 },
        geometry: geom,
      });
    }
  }
  for (const p of pois) {
    if (p.deleted || p.idInterestPoint === hidden.poi) continue;
    const props = { id: p.idInterestPoint, name: p.nombre, type: p.idInterestPointType };
    features.push({
      type: 'Feature',
      properties: { ...props, kind: 'poi-area' },
      geometry: {
        type: 'Polygon',
        coordinates: [circleRing(p.geom.coordinates, p.radio || 50, 32)],
      },
    });
    features.push({ type: 'Feature', properties: { ...props, kind: 'poi' }, geometry: p.geom });
  }
  return { type: 'FeatureCollection', features };
}

/** [west, south, east, north] of any geometry's coordinates, or null when it has none. */
export function bboxOf(geometry: GeoJSON.Geometry): [number, number, number, number] | null {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  const visit = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number') {
      const [x, y] = c as number[];
      if (x === undefined || y === undefined) return;
      w = Math.min(w, x);
      e = Math.max(e, x);
      s = Math.min(s, y);
      n = Math.max(n, y);
      return;
    }
    for (const child of c) visit(child);
  };
  const visitGeometry = (g: GeoJSON.Geometry): void => {
    if (g.type === 'GeometryCollection') g.geometries.forEach(visitGeometry);
    else visit(g.coordinates);
  };
  visitGeometry(geometry);
  return Number.isFinite(w) ? [w, s, e, n] : null;
}

/** The bounding box of a geofence as drawn (a circle's radius, a corridor's width included). */
export function geofenceBbox(
  g: Pick<Geofence, 'geom' | 'radius' | 'width'>,
): [number, number, number, number] | null {
  const box = bboxOf(g.geom);
  if (!box) return null;
  const pad =
    g.geom.type === 'Point'
      ? (g.radius ?? DEFAULT_RADIUS_M)
      : g.geom.type === 'LineString'
        ? (g.width ?? DEFAULT_CORRIDOR_M) / 2
        : 0;
  if (pad === 0) return box;
  const [w, s] = destination([box[0], box[1]], pad * Math.SQRT2, 225);
  const [e, n] = destination([box[2], box[3]], pad * Math.SQRT2, 45);
  return [w, s, e, n];
}

/** The bounding box of everything a feature collection draws, or null when it is empty. */
export function collectionBbox(
  data: GeoJSON.FeatureCollection,
): [number, number, number, number] | null {
  let box: [number, number, number, number] | null = null;
  for (const f of data.features) {
    const b = f.geometry ? bboxOf(f.geometry) : null;
    if (!b) continue;
    box = box
      ? [
          Math.min(box[0], b[0]),
          Math.min(box[1], b[1]),
          Math.max(box[2], b[2]),
          Math.max(box[3], b[3]),
        ]
      : b;
  }
  return box;
}
