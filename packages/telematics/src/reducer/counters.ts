// Counter deltas (§0): total distance, total fuel and engine hours are used through deltas only.
// A negative delta (ECU swap, reset, wrap) counts 0 and re-baselines; a delta above physical limits
// is rejected (counts 0) and re-baselines too, so a permanent jump is not rejected forever.

import type { ReducerSettings } from './reducer-settings.js';

/** The ECU counters the reducer follows. */
export type CounterName = 'odometerM' | 'fuelUsedL' | 'engineHours';

/** Names of all counters, in a fixed order. */
export const COUNTER_NAMES: readonly CounterName[] = ['odometerM', 'fuelUsedL', 'engineHours'];

/** The last accepted reading of a counter. */
export interface CounterBaseline {
  value: number;
  atMs: number;
}

/** A counter's accepted increase, or 0 with the anomaly that made it 0. */
export interface CounterDelta {
  delta: number;
  anomaly?: 'negative' | 'too-large';
}

/** The most a counter can grow in `elapsedMs` (physical limit plus the counter's resolution). */
export function counterLimit(
  name: CounterName,
  elapsedMs: number,
  settings: ReducerSettings,
): number {
  const hours = Math.max(0, elapsedMs) / 3_600_000;
  switch (name) {
    case 'odometerM':
      return settings.maxDistanceSpeedKmh * 1000 * hours + settings.odometerSlackM;
    case 'fuelUsedL':
      return settings.maxFuelRateLph * hours + settings.fuelCounterSlackL;
    case 'engineHours':
      return hours + settings.engineHoursSlackH;
  }
}

/** The delta a new reading adds to a counter, by the §0 rules. */
export function counterDelta(
  name: CounterName,
  baseline: CounterBaseline,
  value: number,
  atMs: number,
  settings: ReducerSettings,
): CounterDelta {
  const delta = value - baseline.value;
  if (delta < 0) return { delta: 0, anomaly: 'negative' };
  if (delta > counterLimit(name, atMs - baseline.atMs, settings)) {
    return { delta: 0, anomaly: 'too-large' };
  }
  return { delta };
}
