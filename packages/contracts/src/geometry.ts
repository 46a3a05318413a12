// Plane geometry checks shared by the server (a 400 before anything is written) and the web app
// (the same refusal before a save is sent): closed rings, simple rings, non-zero area. Positions
// are GeoJSON `[lng, lat]`; over a geofence's extent the plane of degrees is close enough for
// "do two edges cross", which does not depend on the projection of straight segments that small.

/** A GeoJSON position reduced to longitude and latitude. */
export type LngLat = readonly [number, number];

/** True when the ring's last position repeats its first. */
export function ringIsClosed(ring: readonly LngLat[]): boolean {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1];
}

/** The ring without consecutive repeated positions (a double click while drawing). */
export function withoutRepeats(ring: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (const p of ring) {
    const prev = out[out.length - 1];
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push(p);
  }
  return out;
}

/** Twice the signed area of a closed ring in degrees² (shoelace); 0 for a degenerate ring. */
export function ringArea2(ring: readonly LngLat[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[i + 1]!;
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

function onSegment(ax: number, ay: number, bx: number, by: number, px: number, py: number) {
  return (
    Math.min(ax, bx) <= px &&
    px <= Math.max(ax, bx) &&
    Math.min(ay, by) <= py &&
    py <= Math.max(ay, by)
  );
}

/** True when segments ab and cd share at least one point. */
export function segmentsIntersect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(ax, ay, bx, by, cx, cy)) return true;
  if (o2 === 0 && onSegment(ax, ay, bx, by, dx, dy)) return true;
  if (o3 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) return true;
  if (o4 === 0 && onSegment(cx, cy, dx, dy, bx, by)) return true;
  return false;
}

/**
 * Where the edges of a polygon's closed rings (without repeated positions) cross or touch
 * other than at the vertex two consecutive edges of one ring share: `[ring, edge]` of the first
 * offending edge, or null when every ring is simple and no two rings meet. A sweep over the
 * edges sorted by their west end, so 5,000 vertices take milliseconds, not a 12-million-pair loop.
 */
export function findSelfIntersection(
  rings: readonly (readonly LngLat[])[],
): [number, number] | null {
  const edges: { ring: number; edge: number; minX: number; maxX: number; count: number }[] = [];
  rings.forEach((ring, r) => {
    const count = ring.length - 1;
    for (let e = 0; e < count; e++) {
      const a = ring[e]!;
      const b = ring[e + 1]!;
      edges.push({
        ring: r,
        edge: e,
        minX: Math.min(a[0], b[0]),
        maxX: Math.max(a[0], b[0]),
        count,
      });
    }
  });
  edges.sort((p, q) => p.minX - q.minX);
  for (let i = 0; i < edges.length; i++) {
    const s = edges[i]!;
    const sa = rings[s.ring]![s.edge]!;
    const sb = rings[s.ring]![s.edge + 1]!;
    for (let j = i + 1; j < edges.length; j++) {
      const t = edges[j]!;
      if (t.minX > s.maxX) break;
      const ta = rings[t.ring]![t.edge]!;
      const tb = rings[t.ring]![t.edge + 1]!;
      if (Math.max(sa[1], sb[1]) < Math.min(ta[1], tb[1])) continue;
      if (Math.max(ta[1], tb[1]) < Math.min(sa[1], sb[1])) continue;
      if (s.ring === t.ring) {
        const gap = Math.abs(s.edge - t.edge);
        if (gap === 1 || gap === s.count - 1) {
          // Consecutive edges share one vertex; they may not fold back over each other.
          const [p, shared, q] =
            gap === 1
              ? s.edge < t.edge
                ? [sa, sb, tb]
                : [ta, tb, sb]
              : s.edge === 0
                ? [ta, sa, sb]
                : [sa, ta, tb];
          const collinear = orient(p[0], p[1], shared[0], shared[1], q[0], q[1]) === 0;
          const backwards =
            (q[0] - shared[0]) * (p[0] - shared[0]) + (q[1] - shared[1]) * (p[1] - shared[1]) > 0;
          if (collinear && backwards && s.count > 2) return [s.ring, Math.min(s.edge, t.edge)];
          continue;
        }
      }
      if (segmentsIntersect(sa[0], sa[1], sb[0], sb[1], ta[0], ta[1], tb[0], tb[1])) {
        return [s.ring, Math.min(s.edge, t.edge)];
      }
    }
  }
  return null;
}

/** Metres per degree of latitude (mean Earth radius 6,371,008.8 m). */
export const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;

/** Great-circle distance in metres between two `[lng, lat]` positions (haversine). */
export function haversineMetres(a: LngLat, b: LngLat): number {
  const toRad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * toRad;
  const dLng = (b[0] - a[0]) * toRad;
  const s =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a[1] * toRad) * Math.cos(b[1] * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(s)));
}
