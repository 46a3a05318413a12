// Stop alerts (docs/domain.md §10, docs/decisions/0016-alert-rules.md), raised live, once, when the
// threshold is crossed (no end time yet):
// - `D20`: stopped (speed known below the motion threshold, or ignition off) for ≥ 20 min, outside
//   every POI and every allowed zone of the vehicle (a depot, a client site: where it stops to
//   work, issue 22); the stop starts at its first stopped record (the motion detector's
//   stop start) and ends at the first motion record; raised at the first record 20 min in, or at
//   that motion record when none came earlier (§0 time shares). Value: the duration so far, s.
// - `EDT`: an idle period (§4, the idle detector's rules, record for record) longer than
//   `longIdleS`. Value: the idle period's duration so far, s.

import { haversineM } from '../geo.js';
import type { DeviceFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { eventFact, originOf, type EventOrigin } from './alert-codes.js';
import { NO_FACTS, type Detector, type VehicleContext } from './detector.js';
import { endReasonOf, isIdleRecord } from './idle.detector.js';

/** A stop in progress. */
export interface StopRun extends EventOrigin {
  isAlerted: boolean;
}

/** An idle run followed the idle detector's way (its newest record is always the previous one). */
export interface IdleWatch extends EventOrigin {
  isOpen: boolean;
  motionSinceMs?: number;
  isAlerted: boolean;
}

/** The stop detector's slice. */
export interface StopAlertState {
  stop?: StopRun;
  idle?: IdleWatch;
}

/** Before any record. */
export const INITIAL_STOP_ALERTS: StopAlertState = Object.freeze({});

/** Inside a POI or an allowed zone: a place the vehicle is expected to stop at. */
function isAtKnownPlace(origin: EventOrigin, context: VehicleContext): boolean {
  if (origin.lat === undefined || origin.lng === undefined) return false;
  const pois = context.pois;
  if (pois) {
    for (const poi of pois) {
      if (haversineM(origin.lat, origin.lng, poi.lat, poi.lng) <= poi.radiusM) return true;
    }
  }
  if (!context.places) return false;
  // The server's index (issue 12).
  const hits = context.places.at(origin.lat, origin.lng);
  for (const hit of hits.pois) {
    if (hit.distanceM <= hit.radiusM) return true;
  }
  for (const zone of hits.zones) {
    if (zone.accessType === 'allowed' && zone.depthM >= 0) return true;
  }
  return false;
}

function stepStop(
  run: StopRun | undefined,
  s: Sample,
  context: VehicleContext,
  settings: ReducerSettings,
  facts: DeviceFact[],
): StopRun | undefined {
  const isStopped = s.ignition === false || s.motion === false;
  if (!isStopped && s.motion !== true) return run; // unknown speed keeps the stop
  if (!run) return isStopped ? { ...originOf(s), isAlerted: false } : undefined;
  if (run.isAlerted) return isStopped ? run : undefined;
  // The stop lasts until the first motion record (§0, and the stop fact's end, §3).
  const durationS = (s.fixTimeMs - run.startTimeMs) / 1000;
  if (durationS < settings.longStopS) return isStopped ? run : undefined;
  if (!isAtKnownPlace(run, context)) facts.push(eventFact('D20', run, { value: durationS }));
  return isStopped ? { ...run, isAlerted: true } : undefined;
}

/** The watch after an EDT check at `t` (the idle period is known to last at least until `t`). */
function checked(
  w: IdleWatch,
  t: number,
  settings: ReducerSettings,
  facts: DeviceFact[],
): IdleWatch {
  if (w.isAlerted || !w.isOpen) return w;
  const durationS = (t - w.startTimeMs) / 1000;
  if (durationS <= settings.longIdleS) return w;
  facts.push(eventFact('EDT', w, { value: durationS }));
  return { ...w, isAlerted: true };
}

/** The idle detector's transitions (idle.detector.ts), keeping only what EDT needs. */
function stepIdle(
  watch: IdleWatch | undefined,
  s: Sample,
  prev: Sample | undefined,
  settings: ReducerSettings,
  facts: DeviceFact[],
): IdleWatch | undefined {
  const t = s.fixTimeMs;
  const isIdle = isIdleRecord(s, settings);
  let w = watch;
  if (w && prev && (t - prev.fixTimeMs) / 1000 > settings.idleMaxGapS) w = undefined;
  if (w) {
    const isMotion = s.speedKmh !== undefined && s.speedKmh >= settings.motionSpeedKmh;
    if (endReasonOf(s, settings)) {
      checked(w, t, settings, facts);
      w = undefined;
    } else if (isMotion) {
      if (!w.isOpen) w = undefined;
      else if (w.motionSinceMs === undefined)
        w = { ...checked(w, t, settings, facts), motionSinceMs: t };
      else if ((t - w.motionSinceMs) / 1000 >= settings.idleEndMotionS) w = undefined;
    } else if (isIdle) {
      if (w.motionSinceMs !== undefined) w = { ...w, motionSinceMs: undefined };
      w = checked(w, t, settings, facts);
    } else if (!w.isOpen) {
      w = undefined; // creeping or an unknown speed breaks a run that has not started yet
    } else if (w.motionSinceMs === undefined) {
      w = checked(w, t, settings, facts);
    }
  }
  if (!w && isIdle) w = { ...originOf(s), isOpen: false, isAlerted: false };
  if (w && !w.isOpen && (t - w.startTimeMs) / 1000 >= settings.idleStartS) {
    w = checked({ ...w, isOpen: true }, t, settings, facts);
  }
  return w;
}

/** `D20` and `EDT`, each raised once when its threshold is crossed. */
export const stopDetector: Detector<StopAlertState> = {
  name: 'stop-alerts',
  initial: INITIAL_STOP_ALERTS,
  step(slice, { sample: s, prev }, context, settings) {
    // Hot path: driving, nothing open.
    if (slice.stop === undefined && slice.idle === undefined && s.motion === true) {
      return { slice, facts: NO_FACTS };
    }
    const facts: DeviceFact[] = [];
    const stop = stepStop(slice.stop, s, context, settings, facts);
    const idle = stepIdle(slice.idle, s, prev, settings, facts);
    const out = facts.length > 0 ? facts : NO_FACTS;
    if (stop === slice.stop && idle === slice.idle) return { slice, facts: out };
    if (stop === undefined && idle === undefined) return { slice: INITIAL_STOP_ALERTS, facts: out };
    const next: StopAlertState = {};
    if (stop) next.stop = stop;
    if (idle) next.idle = idle;
    return { slice: next, facts: out };
  },
};
