import { describe, expect, it } from 'vitest';
import { motionStateOf } from '../reducer/device.reducer.js';
import { reducerSettings } from '../reducer/reducer-settings.js';
import {
  buildTrack,
  factsOf,
  recordAt,
  run,
  secondsOf,
  type Segment,
} from '../reducer/scenario.helpers.js';

const trips = (segments: Segment[], options = {}, overrides = {}) =>
  factsOf(run(buildTrack(segments, options), reducerSettings(overrides)).facts, 'trip');
const stops = (segments: Segment[], options = {}) =>
  factsOf(run(buildTrack(segments, options)).facts, 'stop');

const PARKED: Segment = { forS: 600, speedKmh: 0, ignition: false, everyS: 60 };

describe('trips and stops (§3)', () => {
  it('opens no trip for motion shorter than 300 s and 500 m', () => {
    const result = run(buildTrack([PARKED, { forS: 120, speedKmh: 10 }, PARKED]));
    expect(factsOf(result.facts, 'trip')).toEqual([]);
    expect(motionStateOf(result.state)!.isMoving).toBe(false);
  });

  it('starts moving after 300 s of motion, the trip starting at the first motion record', () => {
    const state = run(buildTrack([PARKED, { forS: 310, speedKmh: 5.5 }])).state;
    expect(motionStateOf(state)!.isMoving).toBe(true);
    expect(secondsOf(motionStateOf(state)!.trip!.startTimeMs)).toBe(600);
  });

  it('starts moving after 500 m even before 300 s', () => {
    const state = run(buildTrack([PARKED, { forS: 50, speedKmh: 60 }])).state;
    expect(motionStateOf(state)!.isMoving).toBe(true);
  });

  it('closes the trip after 300 s without motion, ending at the first record without motion', () => {
    const [trip, ...more] = trips([
      PARKED,
      { forS: 900, speedKmh: 50 },
      { forS: 400, speedKmh: 0 },
    ]);
    expect(more).toEqual([]);
    expect(trip).toMatchObject({ endReason: 'stop', durationS: 900 });
    expect(secondsOf(trip!.startTimeMs)).toBe(600);
    expect(secondsOf(trip!.endTimeMs)).toBe(1500);
  });

  it('keeps one trip through a 200 s stop', () => {
    expect(
      trips([
        PARKED,
        { forS: 600, speedKmh: 50 },
        { forS: 200, speedKmh: 0 },
        { forS: 600, speedKmh: 50 },
        PARKED,
      ]),
    ).toHaveLength(1);
  });

  it('closes the trip at ignition off', () => {
    const [trip] = trips([PARKED, { forS: 600, speedKmh: 50 }, { forS: 30, speedKmh: 0 }, PARKED]);
    expect(trip).toMatchObject({ endReason: 'ignition-off' });
    // The vehicle stopped at 1200 s: the trip ends there, not at ignition off (1230 s).
    expect(secondsOf(trip!.endTimeMs)).toBe(1200);
  });

  it('ends the trip at the last record before a gap longer than 3600 s', () => {
    const before = buildTrack([PARKED, { forS: 600, speedKmh: 50 }]);
    const after = buildTrack([{ forS: 600, speedKmh: 50 }], {
      startMs: before.at(-1)!.fixTimeMs + 3601_000,
    });
    const result = run([...before, ...after]);
    const [trip] = factsOf(result.facts, 'trip');
    expect(trip).toMatchObject({ endReason: 'gap', endTimeMs: before.at(-1)!.fixTimeMs });
    expect(motionStateOf(result.state)!.isMoving).toBe(true);
  });

  it('drops a trip shorter than both 300 s and 500 m', () => {
    const segments = [PARKED, { forS: 120, speedKmh: 10 }, { forS: 400, speedKmh: 0 }];
    expect(trips(segments, {}, { tripStartDurationS: 60 })).toEqual([]);
    expect(trips(segments, {}, { tripStartDurationS: 60, tripMinDurationS: 100 })).toHaveLength(1);
  });

  it('measures distance by the odometer delta when the ECU reports it', () => {
    const [trip] = trips([PARKED, { forS: 3600, speedKmh: 60 }, PARKED], { withOdometer: true });
    expect(trip).toMatchObject({ distanceSource: 'odometer', startOdometerM: 100_000_000 });
    expect(trip!.distanceM).toBeCloseTo(60_000, -1);
    expect(trip!.endOdometerM! - trip!.startOdometerM!).toBe(trip!.distanceM);
  });

  it('measures distance by GPS without the odometer, ignoring a jump implying > 150 km/h', () => {
    const positions = buildTrack([PARKED, { forS: 1200, speedKmh: 60 }, PARKED]);
    const glitched = positions.map((p, i) => (i === 20 ? { ...p, lat: p.lat + 0.5 } : p));
    const [clean] = factsOf(run(positions).facts, 'trip');
    const [withJump] = factsOf(run(glitched).facts, 'trip');
    expect(clean).toMatchObject({ distanceSource: 'gps' });
    expect(clean!.distanceM).toBeCloseTo(20_000, -2);
    // The glitch removes the two hops around the bad fix (20 s of driving), nothing more.
    expect(clean!.distanceM - withJump!.distanceM).toBeCloseTo(2 * 166.7, -1);
  });

  it('carries driving and idle time, fuel, speeds, driver and coverage', () => {
    const [trip] = trips(
      [
        PARKED,
        { forS: 1800, speedKmh: 80 },
        { forS: 240, speedKmh: 0 },
        { forS: 1800, speedKmh: 40 },
        PARKED,
      ],
      { withOdometer: true, withFuel: true, driverCode: 'E12345' },
    );
    expect(trip).toMatchObject({
      drivingTimeS: 3600,
      idleTimeS: 240,
      maxSpeedKmh: 80,
      driverCode: 'E12345',
      coverage: 1,
    });
    expect(trip!.avgSpeedKmh).toBeCloseTo(60, 0);
    expect(trip!.fuelUsedL).toBeGreaterThan(17); // 60 km at 30 L/100 km, whole-litre counter
    expect(trip!.fuelUsedL).toBeLessThan(19);
  });

  it('reports coverage below 1 when an ignition-on interval exceeds 120 s', () => {
    const positions = buildTrack([PARKED, { forS: 900, speedKmh: 50 }, PARKED]);
    const withHole = positions.filter(
      (p) => secondsOf(p.fixTimeMs) < 900 || secondsOf(p.fixTimeMs) > 1100,
    );
    const [trip] = factsOf(run(withHole).facts, 'trip');
    expect(trip!.coverage).toBeCloseTo(1 - 220 / 900, 5);
  });

  it('emits the stop between two trips with its ignition-on time and fuel levels', () => {
    const [, stop] = stops(
      [
        PARKED,
        { forS: 900, speedKmh: 50 },
        { forS: 600, speedKmh: 0 },
        { forS: 1200, speedKmh: 0, ignition: false },
        { forS: 900, speedKmh: 50 },
      ],
      { withFuel: true },
    );
    expect(stop).toMatchObject({ ignitionOnS: 600, durationS: 1800 });
    expect(secondsOf(stop!.startTimeMs)).toBe(1500);
    expect(stop!.fuelLevelBeforePct).toBeGreaterThan(stop!.fuelLevelAfterPct!);
  });

  it('does not start a trip from motion on records with unknown speed', () => {
    const positions = [
      recordAt(0, { ignition: true }),
      ...Array.from({ length: 60 }, (_, i) =>
        recordAt(10 + i * 10, { ignition: true, speedKmh: 60, satellites: 2 }),
      ),
    ];
    expect(motionStateOf(run(positions).state)!.isMoving).toBe(false);
  });
});
