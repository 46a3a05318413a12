// The device reducer (docs/style.md rule 2): step(state, position, settings) → { state, facts }.
// Run serially per device, in fix-time order; replaying history reproduces it exactly.

import { validatePosition, type Position, type PositionValidation } from '../position.js';
import { COUNTER_NAMES, counterDelta, type CounterBaseline, type CounterName } from './counters.js';
import type { DeviceFact } from './facts.js';
import { gpsHopM, shareInterval } from './interval.js';
import { advanceMotion, INITIAL_MOTION, type MotionState } from './motion.js';
import { DEFAULT_REDUCER_SETTINGS, type ReducerSettings } from './reducer-settings.js';
import { toSample, type Sample } from './sample.js';
import {
  INITIAL_STATUS,
  nextStatus,
  offlineAwareStatus,
  type StatusState,
  type VehicleStatus,
} from './status.js';
import type { IntervalIncrement } from './trip-accumulator.js';

/** Everything the reducer remembers about one device. Plain JSON: persist and restore it as is. */
export interface DeviceState {
  /** The newest processed live record. */
  last?: Sample;
  status: StatusState;
  counters: Partial<Record<CounterName, CounterBaseline>>;
  /** Sums of accepted deltas since this state began (distance: odometer, else GPS). */
  totals: { distanceM: number; fuelUsedL: number; engineHours: number };
  motion: MotionState;
}

/** What one step returns. */
export interface StepResult {
  state: DeviceState;
  facts: DeviceFact[];
}

/** The state of a device never seen. */
export function initialDeviceState(): DeviceState {
  return {
    status: INITIAL_STATUS,
    counters: {},
    totals: { distanceM: 0, fuelUsedL: 0, engineHours: 0 },
    motion: INITIAL_MOTION,
  };
}

interface CounterStep {
  counters: Partial<Record<CounterName, CounterBaseline>>;
  deltas: Partial<Record<CounterName, number>>;
  facts: DeviceFact[];
}

/** Applies the §0 delta rules to each counter the record carries. */
function applyCounters(
  counters: DeviceState['counters'],
  s: Sample,
  settings: ReducerSettings,
): CounterStep {
  // Built key by key in one order (no spread, no delete): every state keeps one fast shape.
  const next: DeviceState['counters'] = {};
  const deltas: CounterStep['deltas'] = {};
  const facts: DeviceFact[] = [];
  const t = s.fixTimeMs;
  for (const name of COUNTER_NAMES) {
    const value = s[name];
    const baseline = counters[name];
    if (value === undefined) {
      // A long-silent counter is forgotten, so distance falls back to GPS without double counting.
      if (baseline && (t - baseline.atMs) / 1000 <= settings.counterStaleS) {
        next[name] = baseline;
        deltas[name] = 0;
      }
      continue;
    }
    next[name] = { value, atMs: t };
    if (!baseline) continue;
    const d = counterDelta(name, baseline, value, t, settings);
    deltas[name] = d.delta;
    if (d.anomaly) {
      facts.push({
        type: 'counter',
        counter: name,
        anomaly: d.anomaly,
        previous: baseline.value,
        current: value,
        atMs: t,
      });
    }
  }
  return { counters: next, deltas, facts };
}

/**
 * Processes one record. Refused records, late records (older than the newest processed one),
 * duplicates and implausible (flagged) records leave the state unchanged and emit one fact saying
 * so. `nowMs`, when given, refuses records more than 10 minutes in the future. A caller that already
 * validated the record (with the same `nowMs`) passes `validation` so it is not done twice.
 */
export function step(
  state: DeviceState,
  position: Position,
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
  nowMs?: number,
  validation: PositionValidation = validatePosition(position, nowMs ?? Number.POSITIVE_INFINITY),
): StepResult {
  const t = position.fixTimeMs;
  if (!validation.ok)
    return { state, facts: [{ type: 'rejected', fixTimeMs: t, reason: validation.reason }] };
  const last = state.last;
  if (last && t < last.fixTimeMs) {
    return { state, facts: [{ type: 'late', fixTimeMs: t, newestFixTimeMs: last.fixTimeMs }] };
  }
  if (last && t === last.fixTimeMs) return { state, facts: [{ type: 'duplicate', fixTimeMs: t }] };
  const skipped = validation.flags.filter((f) => settings.skipFlags.includes(f));
  if (skipped.length > 0)
    return { state, facts: [{ type: 'flagged', fixTimeMs: t, flags: skipped }] };

  const s = toSample(position, validation.flags, settings);
  const counters = applyCounters(state.counters, s, settings);
  const facts: DeviceFact[] = [...counters.facts];

  let inc: IntervalIncrement | undefined;
  if (last) {
    const odometerDelta = counters.deltas.odometerM;
    inc = {
      share: shareInterval(last, t, settings),
      distanceM: odometerDelta ?? gpsHopM(last, s, settings),
      distanceSource: odometerDelta === undefined ? 'gps' : 'odometer',
      fuelL: counters.deltas.fuelUsedL,
    };
  }

  const status = nextStatus(state.status, s, settings);
  if (status.status !== state.status.status) {
    facts.push({ type: 'status', from: state.status.status, to: status.status, atMs: t });
  }
  const isGap = last !== undefined && (t - last.fixTimeMs) / 1000 > settings.tripMaxGapS;
  const motion = advanceMotion(state.motion, s, inc, isGap, settings);
  facts.push(...motion.facts);

  return {
    state: {
      last: s,
      status,
      counters: counters.counters,
      totals: {
        distanceM: state.totals.distanceM + (inc?.distanceM ?? 0),
        fuelUsedL: state.totals.fuelUsedL + (counters.deltas.fuelUsedL ?? 0),
        engineHours: state.totals.engineHours + (counters.deltas.engineHours ?? 0),
      },
      motion: motion.motion,
    },
    facts,
  };
}

/**
 * Runs {@link step} over positions in fix-time order (sorted here, stable) from `initial`, and
 * returns every fact. The server uses it to recompute a window after late records arrive.
 */
export function replay(
  positions: readonly Position[],
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
  initial: DeviceState = initialDeviceState(),
): StepResult {
  const sorted = [...positions].sort((a, b) => a.fixTimeMs - b.fixTimeMs);
  let state = initial;
  const facts: DeviceFact[] = [];
  for (const position of sorted) {
    const result = step(state, position, settings);
    state = result.state;
    facts.push(...result.facts);
  }
  return { state, facts };
}

/** The status to show at `nowMs`, including offline-in-transit / offline-off after T_off. */
export function statusAt(
  state: DeviceState,
  nowMs: number,
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
): VehicleStatus {
  return offlineAwareStatus(state.status, state.last, nowMs, settings);
}
