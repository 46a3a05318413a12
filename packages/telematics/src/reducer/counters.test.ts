import { describe, expect, it } from 'vitest';
import { counterDelta } from './counters.js';
import { reducerSettings } from './reducer-settings.js';
import { factsOf, recordAt, run } from './scenario.helpers.js';

const settings = reducerSettings();
const at = (seconds: number, patch = {}) => recordAt(seconds, { ignition: true, ...patch });

describe('counter deltas (§0)', () => {
  it.each([
    ['accepts a plausible odometer increase', 'odometerM', 1000, 1_300, 30, { delta: 300 }],
    [
      'counts a negative odometer delta as 0',
      'odometerM',
      1000,
      900,
      30,
      { delta: 0, anomaly: 'negative' },
    ],
    [
      'rejects distance above 130 km/h',
      'odometerM',
      0,
      5_000,
      60,
      { delta: 0, anomaly: 'too-large' },
    ],
    ['accepts a whole-litre fuel step within seconds', 'fuelUsedL', 100, 101, 5, { delta: 1 }],
    ['rejects fuel above 120 L/h', 'fuelUsedL', 100, 110, 60, { delta: 0, anomaly: 'too-large' }],
    ['accepts a whole-hour engine-hours step', 'engineHours', 5000, 5001, 60, { delta: 1 }],
    [
      'rejects engine hours growing faster than time',
      'engineHours',
      5000,
      5005,
      600,
      { delta: 0, anomaly: 'too-large' },
    ],
  ] as const)('%s', (_, name, from, to, elapsedS, expected) => {
    expect(counterDelta(name, { value: from, atMs: 0 }, to, elapsedS * 1000, settings)).toEqual(
      expected,
    );
  });
});

describe('counters in the reducer', () => {
  it('a negative odometer delta re-baselines and counts 0', () => {
    const { state, facts } = run([
      at(0, { odometerM: 500_000 }),
      at(10, { odometerM: 500_100 }),
      at(20, { odometerM: 1_000 }),
      at(30, { odometerM: 1_150 }),
    ]);
    expect(state.totals.distanceM).toBe(250);
    expect(factsOf(facts, 'counter')).toEqual([
      {
        type: 'counter',
        counter: 'odometerM',
        anomaly: 'negative',
        previous: 500_100,
        current: 1_000,
        atMs: recordAt(20).fixTimeMs,
      },
    ]);
  });

  it('an absurd jump is rejected and the counter re-baselines on the new value', () => {
    const { state } = run([
      at(0, { fuelUsedL: 100 }),
      at(10, { fuelUsedL: 90_100 }),
      at(20, { fuelUsedL: 90_101 }),
    ]);
    expect(state.totals.fuelUsedL).toBe(1);
  });

  it('an odometer reading after records without it brings the whole delta, counted once', () => {
    const { state } = run([
      at(0, { odometerM: 1_000, speedKmh: 36 }),
      at(10, { speedKmh: 36, lng: -3.69 }),
      at(20, { odometerM: 1_200, speedKmh: 36 }),
    ]);
    expect(state.totals.distanceM).toBe(200);
  });

  it('falls back to GPS distance when the odometer goes silent for long', () => {
    const positions = [at(0, { odometerM: 1_000, speedKmh: 36 })];
    for (let s = 10; s <= 3_700; s += 10)
      positions.push(at(s, { speedKmh: 36, lng: -3.7 + s * 0.0001 }));
    const { state } = run(positions);
    expect(state.counters.odometerM).toBeUndefined();
    expect(state.totals.distanceM).toBeGreaterThan(0);
  });
});
