import type { HistoryPoint } from '@rumbo/contracts';

/**
 * Colour bands of the route by speed (km/h, lower bound inclusive). The last band starts at the
 * default speed limit of domain.md §2 (90 km/h), so red means "over the fleet's limit".
 */
export const SPEED_BANDS = [
  { fromKmh: 0, color: '#7b8794' },
  { fromKmh: 5, color: '#2e9bd6' },
  { fromKmh: 30, color: '#1fa67a' },
  { fromKmh: 60, color: '#9ccc3d' },
  { fromKmh: 80, color: '#f5a623' },
  { fromKmh: 90, color: '#e53935' },
] as const;

/** Index of the band a speed falls in; unknown speed counts as stopped. */
export function speedBand(speedKmh: number | null): number {
  if (speedKmh === null || !Number.isFinite(speedKmh)) return 0;
  let band = 0;
  for (let i = 0; i < SPEED_BANDS.length; i++) if (speedKmh >= SPEED_BANDS[i]!.fromKmh) band = i;
  return band;
}

export function speedColor(speedKmh: number | null): string {
  return SPEED_BANDS[speedBand(speedKmh)]!.color;
}

export interface RouteSegment {
  band: number;
  color: string;
  coordinates: [number, number][];
}

/**
 * The route as runs of one colour: each segment [i, i+1] takes the band of its start point (the
 * speed held until the next record, as domain.md §0 reads time shares). Consecutive segments of
 * one band join into one line, so a day of records draws as a few hundred features, not thousands.
 */
export function routeSegments(points: readonly HistoryPoint[]): RouteSegment[] {
  const out: RouteSegment[] = [];
  let current: RouteSegment | null = null;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const band = speedBand(a.speedKmh);
    if (!current || current.band !== band) {
      current = { band, color: SPEED_BANDS[band]!.color, coordinates: [[a.lng, a.lat]] };
      out.push(current);
    }
    current.coordinates.push([b.lng, b.lat]);
  }
  return out;
}
