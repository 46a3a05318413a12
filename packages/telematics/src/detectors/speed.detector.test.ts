import { describe, expect, it } from 'vitest';
import { DEFAULT_REDUCER_SETTINGS } from '../reducer/reducer-settings.js';
import { buildTrack, recordAt, type Segment } from '../reducer/scenario.helpers.js';
import { toSample } from '../reducer/sample.js';
import { eventsOf, rowsOf } from './alert-scenario.helpers.js';
import { NO_FACTS, type PlaceLookup, type VehicleContext } from './detector.js';
import { INITIAL_SPEED, speedDetector } from './speed.detector.js';

const at = (speedKmh: number, forS: number, extra: Partial<Segment> = {}): Segment => ({
  forS,
  speedKmh,
  ...extra,
});
const levels = (segments: Segment[], context: VehicleContext = {}) =>
  rowsOf(eventsOf(buildTrack(segments), context), 'V20', 'V50', 'V75', 'V85', 'V95');
const exv = (segments: Segment[], context: VehicleContext = {}) =>
  rowsOf(eventsOf(buildTrack(segments), context), 'EXV');

/** A town: a zone over the track's first `metres` (it runs east from lng −3.7 at lat 40.4). */
function town(id: number, metres: number): PlaceLookup {
  const edge = -3.7 + metres / (111_320 * Math.cos((40.4 * Math.PI) / 180));
  const inside = {
    zones: [{ id, accessType: 'none' as const, depthM: 100, bandM: 15 }],
    pois: [],
  };
  const outside = { zones: [], pois: [] };
  return {
    at: (_lat, lng) => (lng < edge ? inside : outside),
    hasZone: (zone) => zone === id,
    hasPoi: () => false,
    hasAllowedZones: false,
  };
}

describe('speed levels V20…V95 (§10)', () => {
  it('raises a level turned on for a zone while the vehicle is inside it, and only there', () => {
    const zoned: VehicleContext = {
      places: town(7, 1500),
      alerts: { speedLevelsKmh: [95], zoneSpeedLevelsKmh: new Map([[7, [40]]]) },
    };
    // 60 km/h from 250 m to 2,250 m: over V40 inside the town (up to 1,500 m), then outside it.
    const segments = [at(30, 30), at(60, 120), at(30, 30)];
    const rows = rowsOf(eventsOf(buildTrack(segments), zoned), 'V40', 'V95');
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]).toBe('V40');
    expect(rows[0]![3]).toBe(60);
    // The same drive where the town has no level of its own: nothing.
    const plain = { ...zoned, alerts: { speedLevelsKmh: [95] } };
    expect(rowsOf(eventsOf(buildTrack(segments), plain), 'V40', 'V95')).toEqual([]);
    // The same speed beyond the town only: nothing either.
    const elsewhere = { ...zoned, places: town(7, 10) };
    expect(rowsOf(eventsOf(buildTrack(segments), elsewhere), 'V40', 'V95')).toEqual([]);
  });

  it('raises V95 (the only level on by default) once the speed has been over 95 for 15 s, when the episode ends', () => {
    expect(levels([at(80, 60), at(100, 60), at(85, 60)])).toEqual([['V95', 60, 120, 100]]);
  });

  it('raises nothing for a burst over the level shorter than 15 s', () => {
    expect(levels([at(80, 60), at(100, 10), at(85, 60)])).toEqual([]);
  });

  it('keeps one episode while the speed stays above N − 5, and ends below it', () => {
    const segments = [at(80, 30), at(100, 30), at(92, 60), at(101, 30), at(89, 30)];
    expect(levels(segments)).toEqual([['V95', 30, 150, 101]]);
  });

  it('raises one event at the highest enabled level held for 15 s, with the top speed', () => {
    const context = { alerts: { speedLevelsKmh: [95, 50, 75] } };
    const segments = [at(40, 30), at(60, 60), at(80, 60), at(70, 30), at(46, 30), at(40, 30)];
    expect(levels(segments, context)).toEqual([['V75', 30, 210, 80]]);
  });

  it('does not count a level crossed for less than 15 s', () => {
    const context = { alerts: { speedLevelsKmh: [50, 95] } };
    expect(levels([at(30, 30), at(60, 60), at(100, 10), at(30, 30)], context)).toEqual([
      ['V50', 30, 100, 100],
    ]);
  });

  it('raises nothing when every level is off', () => {
    expect(levels([at(120, 120), at(0, 30)], { alerts: { speedLevelsKmh: [] } })).toEqual([]);
  });

  it('closes an episode at the last record before a silence longer than 120 s', () => {
    const positions = [
      ...buildTrack([at(100, 60)]),
      recordAt(600, { speedKmh: 100, ignition: true, rpm: 1200 }),
      recordAt(610, { speedKmh: 100, ignition: true, rpm: 1200 }),
      recordAt(620, { speedKmh: 100, ignition: true, rpm: 1200 }),
      recordAt(630, { speedKmh: 50, ignition: true, rpm: 1200 }),
    ];
    expect(rowsOf(eventsOf(positions), 'V95')).toEqual([
      ['V95', 0, 50, 100],
      ['V95', 600, 630, 100],
    ]);
  });

  it('closes an episode at ignition off', () => {
    const positions = [
      ...buildTrack([at(100, 60)]),
      recordAt(60, { speedKmh: 98, ignition: false, rpm: 0 }),
    ];
    expect(rowsOf(eventsOf(positions), 'V95')).toEqual([['V95', 0, 60, 100]]);
  });

  it('ignores records without a usable speed (neither extends nor ends an episode)', () => {
    const positions = buildTrack([
      at(100, 30),
      at(0, 20, { with: { satellites: 2 } }),
      at(100, 30),
    ]);
    positions.push(recordAt(80, { speedKmh: 20, ignition: true }));
    expect(rowsOf(eventsOf(positions), 'V95')).toEqual([['V95', 0, 80, 100]]);
  });
});

describe('EXV: over the vehicle limit (§2 speeding)', () => {
  it('raises one event per speeding episode over the default 90 km/h, ending at or under it', () => {
    expect(exv([at(80, 30), at(93, 60), at(90, 30), at(95, 30), at(80, 10)])).toEqual([
      ['EXV', 30, 90, 93],
      ['EXV', 120, 150, 95],
    ]);
  });

  it("uses the vehicle's own limit", () => {
    expect(exv([at(70, 30), at(85, 60), at(70, 10)], { speedLimitKmh: 80 })).toEqual([
      ['EXV', 30, 90, 85],
    ]);
    expect(levels([at(70, 30), at(85, 60), at(70, 10)], { speedLimitKmh: 80 })).toEqual([]);
  });

  it('needs 15 s over the limit', () => {
    expect(exv([at(80, 30), at(93, 10), at(80, 10)])).toEqual([]);
  });

  it('counts a run until the first record not over the limit (§0 time shares)', () => {
    // Records 15 s apart: over at 30 and 45 s, back under at 60 s: 30 s over.
    expect(exv([at(80, 30, { everyS: 15 }), at(93, 30, { everyS: 15 }), at(80, 15)])).toEqual([
      ['EXV', 30, 60, 93],
    ]);
    expect(exv([at(80, 30), at(93, 15, { everyS: 15 }), at(80, 10)])).toEqual([
      ['EXV', 30, 45, 93],
    ]);
  });
});

describe('speed detector hot path', () => {
  it('returns the same slice and no facts below every threshold', () => {
    const sample = toSample(
      recordAt(0, { speedKmh: 60, ignition: true }),
      [],
      DEFAULT_REDUCER_SETTINGS,
    );
    const result = speedDetector.step(
      INITIAL_SPEED,
      { sample, isGap: false },
      {},
      DEFAULT_REDUCER_SETTINGS,
    );
    expect(result.slice).toBe(INITIAL_SPEED);
    expect(result.facts).toBe(NO_FACTS);
  });
});

describe('one speeding episode, one alert (issue 22)', () => {
  const both = (segments: Segment[], context: VehicleContext = {}) =>
    eventsOf(buildTrack(segments), context)
      .filter((e) => e.code === 'V95' || e.code === 'EXV')
      .map((e) => {
        if (!e.data) return [e.code, null];
        const { overLimitFromMs, ...rest } = e.data;
        // The level's alert says when the vehicle went over its limit: not after the level.
        expect(overLimitFromMs).toBeLessThanOrEqual(e.startTimeMs);
        return [e.code, rest];
      });

  it('tells a V95 episode on a truck limited to 90 once, with EXV as its detail', () => {
    expect(both([at(80, 60), at(100, 60), at(80, 60)])).toEqual([
      ['V95', { details: 'EXV', speedLimit: 90 }],
    ]);
  });

  it('tells it once when the limit is above the level (the level episode outlasts EXV)', () => {
    expect(both([at(80, 60), at(105, 60), at(97, 60), at(80, 60)], { speedLimitKmh: 100 })).toEqual(
      [['V95', { details: 'EXV', speedLimit: 100 }]],
    );
  });

  it('tells it once when ignition off closes both', () => {
    expect(both([at(80, 60), at(100, 60), at(0, 10, { ignition: false })])).toEqual([
      ['V95', { details: 'EXV', speedLimit: 90 }],
    ]);
  });

  it('raises EXV alone over the limit but under every enabled level, V95 alone over a higher limit', () => {
    expect(both([at(80, 60), at(93, 60), at(80, 60)])).toEqual([['EXV', null]]);
    expect(both([at(80, 60), at(100, 60), at(80, 60)], { speedLimitKmh: 110 })).toEqual([
      ['V95', null],
    ]);
  });

  it('tells two level episodes inside one EXV episode as two V95, no EXV', () => {
    const track = [at(80, 60), at(100, 60), at(88, 60), at(100, 60), at(80, 60)];
    expect(both(track, { speedLimitKmh: 85 })).toEqual([
      ['V95', { details: 'EXV', speedLimit: 85 }],
      ['V95', { details: 'EXV', speedLimit: 85 }],
    ]);
  });
});
