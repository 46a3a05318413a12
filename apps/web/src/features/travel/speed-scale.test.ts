import type { HistoryPoint } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { SPEED_BANDS, routeSegments, speedBand, speedColor } from './speed-scale';

const p = (t: number, lng: number, speedKmh: number | null): HistoryPoint => ({
  t,
  lat: 0,
  lng,
  speedKmh,
  heading: 90,
  ignition: true,
});

describe('speed colour scale', () => {
  it('puts each speed in its band, bounds inclusive below', () => {
    expect(speedBand(0)).toBe(0);
    expect(speedBand(4.9)).toBe(0);
    expect(speedBand(5)).toBe(1);
    expect(speedBand(59.9)).toBe(2);
    expect(speedBand(60)).toBe(3);
    expect(speedBand(89.9)).toBe(4);
    expect(speedBand(90)).toBe(5);
    expect(speedBand(180)).toBe(5);
    expect(speedBand(null)).toBe(0);
    expect(speedBand(Number.NaN)).toBe(0);
  });

  it('marks speeds over the default limit in red and stops in grey', () => {
    expect(speedColor(120)).toBe('#e53935');
    expect(speedColor(0)).toBe('#7b8794');
    expect(new Set(SPEED_BANDS.map((b) => b.color)).size).toBe(SPEED_BANDS.length);
  });

  it('joins consecutive segments of one band into one line, each taking its start speed', () => {
    const points = [p(0, 0, 50), p(1, 1, 50), p(2, 2, 100), p(3, 3, 100), p(4, 4, 0), p(5, 5, 0)];
    const segments = routeSegments(points);
    expect(segments.map((s) => s.band)).toEqual([2, 5, 0]);
    expect(segments[0]!.coordinates).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    expect(segments[1]!.coordinates).toEqual([
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    expect(segments[2]!.coordinates).toEqual([
      [4, 0],
      [5, 0],
    ]);
    expect(routeSegments([p(0, 0, 10)])).toEqual([]);
  });
});
