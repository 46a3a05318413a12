// A planned trip's route compiled for the route detector: the line projected once to metres
// (equirectangular around its middle latitude, close enough over a country for a corridor test)
// with the distance along it at each vertex, so a record's distance to the route and how far
// along it is cost one pass over a few segments near the last match.

import { segmentFraction } from '../zones/place-index.js';

/** A route ready for projections. */
export interface CompiledRoute {
  /** x, y of each vertex in metres. */
  xs: Float64Array;
  ys: Float64Array;
  /** Distance along the route at each vertex, metres. */
  along: Float64Array;
  lengthM: number;
  /** Metres per degree of longitude and latitude at the reference latitude. */
  mx: number;
  my: number;
}

/** Where a point falls on a route. */
export interface RouteProjection {
  /** Distance to the route, metres. */
  distanceM: number;
  /** Distance along the route to the nearest point, metres. */
  alongM: number;
  /** The segment it is nearest to (a hint for the next record). */
  segment: number;
}

const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** Compiles a line of `[lng, lat]` points (at least one). */
export function compileRoute(line: readonly (readonly [number, number])[]): CompiledRoute {
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [, lat] of line) {
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  const refLat = ((minLat + maxLat) / 2) * (Math.PI / 180);
  const mx = METRES_PER_DEGREE * Math.cos(refLat);
  const my = METRES_PER_DEGREE;
  const n = line.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const along = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = line[i]![0] * mx;
    ys[i] = line[i]![1] * my;
    if (i > 0) along[i] = along[i - 1]! + Math.hypot(xs[i]! - xs[i - 1]!, ys[i]! - ys[i - 1]!);
  }
  return { xs, ys, along, lengthM: n > 0 ? along[n - 1]! : 0, mx, my };
}

/** Squared distance from (px, py) to segment i and the fraction along it. */
function toSegment(r: CompiledRoute, i: number, px: number, py: number): [number, number] {
  const ax = r.xs[i]!;
  const ay = r.ys[i]!;
  const bx = r.xs[i + 1]!;
  const by = r.ys[i + 1]!;
  const t = segmentFraction(px, py, ax, ay, bx, by);
  const ex = ax + t * (bx - ax) - px;
  const ey = ay + t * (by - ay) - py;
  return [ex * ex + ey * ey, t];
}

/** Segments searched around the hint before the whole route is. */
const WINDOW = 40;

/**
 * Projects a place onto the route. Segments near `hint` first: when the nearest of them is within
 * `nearM`, that answer stands (a vehicle follows its route segment after segment); otherwise the
 * whole route is searched.
 */
export function projectOnRoute(
  r: CompiledRoute,
  lat: number,
  lng: number,
  hint: number,
  nearM: number,
): RouteProjection {
  const px = lng * r.mx;
  const py = lat * r.my;
  const segments = r.xs.length - 1;
  if (segments < 1) {
    const d = segments === 0 ? Math.hypot(r.xs[0]! - px, r.ys[0]! - py) : Infinity;
    return { distanceM: d, alongM: 0, segment: 0 };
  }
  const scan = (from: number, to: number): RouteProjection => {
    let best = Infinity;
    let bestI = from;
    let bestT = 0;
    for (let i = from; i < to; i++) {
      const [d2, t] = toSegment(r, i, px, py);
      if (d2 < best) {
        best = d2;
        bestI = i;
        bestT = t;
      }
    }
    const alongM = r.along[bestI]! + bestT * (r.along[bestI + 1]! - r.along[bestI]!);
    return { distanceM: Math.sqrt(best), alongM, segment: bestI };
  };
  const h = Math.min(Math.max(0, hint), segments - 1);
  const from = Math.max(0, h - WINDOW);
  const to = Math.min(segments, h + WINDOW);
  const near = scan(from, to);
  if (near.distanceM <= nearM || (from === 0 && to === segments)) return near;
  return scan(0, segments);
}
