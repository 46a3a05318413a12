// The device reducer (docs/style.md rule 2): step(state, position, settings) → { state, facts }.
// Run serially per device, in fix-time order; replaying history reproduces it exactly. The reducer
// validates, orders and samples each record and measures the interval since the previous one
// (counter deltas, time shares); the detector chain (src/detectors/) turns it into facts.

import { validatePosition, type Position, type PositionValidation } from '../position.js';
import { COUNTER_NAMES, counterDelta, type CounterBaseline, type CounterName } from './counters.js';
import type { DeviceFact } from './facts.js';
import { gpsHopM, shareInterval } from './interval.js';
import { DEFAULT_REDUCER_SETTINGS, type ReducerSettings } from './reducer-settings.js';
import { toSample, type Sample } from './sample.js';
import {
  EMPTY_CONTEXT,
  type DetectorChain,
  type DetectorInput,
  type VehicleContext,
} from '../detectors/detector.js';
import { DEFAULT_DETECTORS } from '../capabilities/index.js';
import type { MotionState } from '../detectors/motion.detector.js';
import {
  INITIAL_STATUS,
  offlineAwareStatus,
  type LiveStatus,
  type StatusState,
  type VehicleStatus,
} from '../detectors/status.detector.js';
import type { IntervalIncrement } from './interval.js';

/** Everything the reducer remembers about one device. Plain JSON: persist and restore it as is. */
export interface DeviceState {
  /** The newest processed live record. */
  last?: Sample;
  counters: Partial<Record<CounterName, CounterBaseline>>;
  /** Sums of accepted deltas since this state began (distance: odometer, else GPS). */
  totals: { distanceM: number; fuelUsedL: number; engineHours: number };
  /** The names of the detectors that made `slices`, in chain order. */
  detectors: readonly string[];
  /**
   * Each detector's own state, in the order of `detectors` (an array: the hot path reads slices
   * by position, not by name). A detector missing from a persisted state starts fresh.
   */
  slices: readonly unknown[];
}

/** What one step returns. */
export interface StepResult {
  state: DeviceState;
  facts: DeviceFact[];
}

/** How to step: the vehicle's context, the chain, the clock and a validation already made. */
export interface StepOptions {
  /** When given, records more than 10 minutes in the future of it are refused. */
  nowMs?: number;
  /** The record's validation, when the caller already made it (with the same `nowMs`). */
  validation?: PositionValidation;
  context?: VehicleContext;
  detectors?: DetectorChain;
}

const DEFAULT_NAMES: readonly string[] = Object.freeze(DEFAULT_DETECTORS.map((d) => d.name));

function namesOf(chain: DetectorChain): readonly string[] {
  return chain === DEFAULT_DETECTORS ? DEFAULT_NAMES : chain.map((d) => d.name);
}

function isSameChain(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A detector's slice by name, undefined when the state has none. */
export function sliceOf(state: DeviceState, name: string): unknown {
  const i = state.detectors.indexOf(name);
  return i < 0 ? undefined : state.slices[i];
}

/** The state of a device never seen. */
export function initialDeviceState(detectors: DetectorChain = DEFAULT_DETECTORS): DeviceState {
  return {
    counters: {},
    totals: { distanceM: 0, fuelUsedL: 0, engineHours: 0 },
    detectors: namesOf(detectors),
    slices: detectors.map((d) => d.initial),
  };
}

/** The status detector's slice. */
export function statusStateOf(state: DeviceState): StatusState {
  return (sliceOf(state, 'status') as StatusState | undefined) ?? INITIAL_STATUS;
}

/** The live status the last record produced. */
export function liveStatusOf(state: DeviceState): LiveStatus {
  return statusStateOf(state).status;
}

/** The motion detector's slice (trips and stops), when that detector runs. */
export function motionStateOf(state: DeviceState): MotionState | undefined {
  return sliceOf(state, 'motion') as MotionState | undefined;
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
 * so. Accepted records go through the detector chain.
 */
export function step(
  state: DeviceState,
  position: Position,
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
  options: StepOptions = {},
): StepResult {
  const t = position.fixTimeMs;
  const validation =
    options.validation ?? validatePosition(position, options.nowMs ?? Number.POSITIVE_INFINITY);
  if (!validation.ok)
    return { state, facts: [{ type: 'rejected', fixTimeMs: t, reason: validation.reason }] };
  const last = state.last;
  if (last && t < last.fixTimeMs) {
    return { state, facts: [{ type: 'late', fixTimeMs: t, newestFixTimeMs: last.fixTimeMs }] };
  }
  if (last && t === last.fixTimeMs) return { state, facts: [{ type: 'duplicate', fixTimeMs: t }] };
  const flags = validation.flags;
  const skipped = flags.length === 0 ? flags : flags.filter((f) => settings.skipFlags.includes(f));
  if (skipped.length > 0)
    return { state, facts: [{ type: 'flagged', fixTimeMs: t, flags: skipped }] };

  const s = toSample(position, validation.flags, settings);
  const counters = applyCounters(state.counters, s, settings);
  const facts: DeviceFact[] = counters.facts;

  let interval: IntervalIncrement | undefined;
  if (last) {
    const odometerDelta = counters.deltas.odometerM;
    interval = {
      share: shareInterval(last, t, settings),
      distanceM: odometerDelta ?? gpsHopM(last, s, settings),
      distanceSource: odometerDelta === undefined ? 'gps' : 'odometer',
      fuelL: counters.deltas.fuelUsedL,
    };
  }
  const input: DetectorInput = {
    sample: s,
    prev: last,
    interval,
    isGap: last !== undefined && (t - last.fixTimeMs) / 1000 > settings.tripMaxGapS,
  };

  const context = options.context ?? EMPTY_CONTEXT;
  const chain = options.detectors ?? DEFAULT_DETECTORS;
  const names = namesOf(chain);
  // A state persisted by another chain (a detector added since) is matched by name.
  const isAligned = isSameChain(state.detectors, names);
  const slices: unknown[] = new Array<unknown>(chain.length);
  for (let i = 0; i < chain.length; i++) {
    const detector = chain[i]!;
    let before: unknown = isAligned ? state.slices[i] : sliceOf(state, detector.name);
    if (before === undefined) before = detector.initial;
    const result = detector.step(before, input, context, settings);
    slices[i] = result.slice;
    const emitted = result.facts;
    for (let j = 0; j < emitted.length; j++) facts.push(emitted[j]!);
  }

  return {
    state: {
      last: s,
      counters: counters.counters,
      totals: {
        distanceM: state.totals.distanceM + (interval?.distanceM ?? 0),
        fuelUsedL: state.totals.fuelUsedL + (counters.deltas.fuelUsedL ?? 0),
        engineHours: state.totals.engineHours + (counters.deltas.engineHours ?? 0),
      },
      detectors: names,
      slices,
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
  options: Pick<StepOptions, 'context' | 'detectors'> = {},
): StepResult {
  const sorted = [...positions].sort((a, b) => a.fixTimeMs - b.fixTimeMs);
  let state = initial;
  const facts: DeviceFact[] = [];
  for (const position of sorted) {
    const result = step(state, position, settings, options);
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
  return offlineAwareStatus(statusStateOf(state), state.last, nowMs, settings);
}
