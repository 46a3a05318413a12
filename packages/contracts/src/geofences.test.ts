import { describe, expect, it } from 'vitest';
import { findSelfIntersection, geofenceSaveInput, type LngLat } from './index.js';

const square: [number, number][] = [
  [-3.7, 40.4],
  [-3.6, 40.4],
  [-3.6, 40.5],
  [-3.7, 40.5],
  [-3.7, 40.4],
];

function feature(geometry: unknown, properties: Record<string, unknown> = {}) {
  return { type: 'Feature', geometry, properties: { name: 'Base', ...properties } };
}

function rulesOf(value: unknown): string[] {
  const result = geofenceSaveInput.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('geofence save payload', () => {
  it('takes a polygon with defaults', () => {
    const parsed = geofenceSaveInput.parse(feature({ type: 'Polygon', coordinates: [square] }));
    expect(parsed.properties).toMatchObject({
      accessType: 'none',
      autoAsign: false,
      attributes: {},
      vehicles: [],
      groups: [],
      speedLimit: null,
    });
  });

  it('drops altitudes and repeated points', () => {
    const withAlt = square.map(([x, y]) => [x, y, 650]);
    const parsed = geofenceSaveInput.parse(
      feature({ type: 'Polygon', coordinates: [[withAlt[0], ...withAlt]] }),
    );
    expect(parsed.geometry.type === 'Polygon' && parsed.geometry.coordinates[0]).toEqual(square);
  });

  it('refuses an open ring, a bow tie, a spike and out-of-range coordinates', () => {
    expect(rulesOf(feature({ type: 'Polygon', coordinates: [square.slice(0, 4)] }))).toEqual([
      'ring_not_closed',
    ]);
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(rulesOf(feature({ type: 'Polygon', coordinates: [bowTie] }))).toEqual([
      'self_intersection',
    ]);
    const spike = [
      [0, 0],
      [2, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(rulesOf(feature({ type: 'Polygon', coordinates: [spike] }))).toEqual([
      'self_intersection',
    ]);
    expect(rulesOf(feature({ type: 'Point', coordinates: [200, 0] }, { radius: 50 }))).toContain(
      'lng_range',
    );
    expect(rulesOf(feature({ type: 'Point', coordinates: [0, 95] }, { radius: 50 }))).toContain(
      'lat_range',
    );
  });

  it('asks a circle for its radius and a corridor for its width, within bounds', () => {
    expect(rulesOf(feature({ type: 'Point', coordinates: [0, 0] }))).toEqual(['radius_required']);
    expect(rulesOf(feature({ type: 'Point', coordinates: [0, 0] }, { radius: 1 }))).toEqual([
      'radius_range',
    ]);
    const line = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    };
    expect(rulesOf(feature(line))).toEqual(['width_required']);
    expect(rulesOf(feature(line, { width: 100_000 }))).toEqual(['width_range']);
    expect(rulesOf(feature(line, { width: 200 }))).toEqual([]);
  });

  it('refuses more than 5,000 points', () => {
    const ring: [number, number][] = [];
    for (let i = 0; i < 5_001; i++) {
      const a = (2 * Math.PI * i) / 5_001;
      ring.push([Math.cos(a), Math.sin(a)]);
    }
    ring.push(ring[0]!);
    expect(rulesOf(feature({ type: 'Polygon', coordinates: [ring] }))).toEqual([
      'too_many_vertices',
    ]);
  });

  it('checks 5,000 points for crossings quickly', () => {
    const ring: LngLat[] = [];
    for (let i = 0; i < 4_999; i++) {
      const a = (2 * Math.PI * i) / 4_999;
      ring.push([Math.cos(a) * (1 + 0.01 * (i % 2)), Math.sin(a)]);
    }
    ring.push(ring[0]!);
    const started = performance.now();
    expect(findSelfIntersection([ring])).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('refuses a hole crossing its shell', () => {
    const hole = [
      [-3.65, 40.45],
      [-3.55, 40.45],
      [-3.55, 40.46],
      [-3.65, 40.46],
      [-3.65, 40.45],
    ];
    expect(rulesOf(feature({ type: 'Polygon', coordinates: [square, hole] }))).toEqual([
      'self_intersection',
    ]);
  });
});
