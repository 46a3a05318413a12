// Driver alerts (docs/domain.md §10, docs/decisions/0016-alert-rules.md), per driving session: a
// session ends at ignition off, a silence over the trip gap, or `tripStopDurationS` stationary —
// a trip's end, so a replay from a stop starts in the same state live processing was in.
// - `IDD`: a driver code was read — the first moving record of a session that carries a code,
//   and every later moving record whose code differs from the session's.
// - `NUM`: such a code is not among the vehicle's known codes (when the server gives the list):
//   then `NUM` instead of `IDD`, carrying it as a detail (one alert per card read, issue 22); or
//   driving time without a code reaches `unknownDriverDrivingS` (once per run without a code;
//   value: that driving time, s) — a card read before that raises no `NUM`; nor does a tracker
//   that cannot read cards (a phone: `readsDriverCards` false).

import type { DeviceFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { eventFact, originOf, type EventOrigin } from './alert-codes.js';
import { NO_FACTS, type Detector, type DetectorInput, type VehicleContext } from './detector.js';

/** Driving without a driver code. */
export interface NoCodeRun extends EventOrigin {
  drivingS: number;
  isAlerted: boolean;
}

/** The driver detector's slice: the current driving session. */
export interface DriverAlertState {
  /** The code identified in this session (IDD raised for it). */
  code?: string;
  noCode?: NoCodeRun;
  /** First record of the current stationary stretch. */
  stillSinceMs?: number;
}

/** Before any record, and between sessions. */
export const INITIAL_DRIVER_ALERTS: DriverAlertState = Object.freeze({});

function codeOf(s: Sample | undefined): string | undefined {
  return s?.driverCode === undefined || s.driverCode === '' ? undefined : s.driverCode;
}

/**
 * A card read: `IDD`, or — the same thing, told once (issue 22) — `NUM` when the code is not one
 * the tenant knows, with `IDD` as its detail.
 */
function identify(s: Sample, code: string, context: VehicleContext, facts: DeviceFact[]): void {
  const known = context.alerts?.knownDriverCodes;
  if (known !== undefined && !known.includes(code)) {
    facts.push(eventFact('NUM', originOf(s), { data: { details: 'IDD' } }));
  } else {
    facts.push(eventFact('IDD', originOf(s)));
  }
}

function stepNoCode(
  run: NoCodeRun | undefined,
  { sample: s, prev, interval }: DetectorInput,
  settings: ReducerSettings,
  facts: DeviceFact[],
): NoCodeRun | undefined {
  let r = run;
  if (r) {
    const drivenS = codeOf(prev) === undefined ? (interval?.share.drivingS ?? 0) : 0;
    if (drivenS > 0) r = { ...r, drivingS: r.drivingS + drivenS };
  } else if (s.motion === true) {
    r = { ...originOf(s), drivingS: 0, isAlerted: false };
  }
  if (r && !r.isAlerted && r.drivingS >= settings.unknownDriverDrivingS) {
    facts.push(eventFact('NUM', r, { value: r.drivingS }));
    r = { ...r, isAlerted: true };
  }
  return r;
}

/** `IDD` and `NUM`. */
export const driverDetector: Detector<DriverAlertState> = {
  name: 'driver-alerts',
  initial: INITIAL_DRIVER_ALERTS,
  step(slice, input, context, settings) {
    const { sample: s, isGap } = input;
    const code = codeOf(s);
    // Hot path: driving on with the session's driver.
    if (
      s.motion === true &&
      code !== undefined &&
      code === slice.code &&
      slice.noCode === undefined &&
      slice.stillSinceMs === undefined
    ) {
      return { slice, facts: NO_FACTS };
    }
    if (isGap || s.ignition === false) return { slice: INITIAL_DRIVER_ALERTS, facts: NO_FACTS };
    let stillSinceMs: number | undefined;
    if (s.motion === false) {
      stillSinceMs = slice.stillSinceMs ?? s.fixTimeMs;
      if ((s.fixTimeMs - stillSinceMs) / 1000 >= settings.tripStopDurationS)
        return { slice: INITIAL_DRIVER_ALERTS, facts: NO_FACTS };
    } else if (s.motion === undefined) {
      stillSinceMs = slice.stillSinceMs;
    }
    const facts: DeviceFact[] = [];
    let sessionCode = slice.code;
    let noCode: NoCodeRun | undefined;
    if (code !== undefined) {
      if (s.motion === true && code !== sessionCode) {
        identify(s, code, context, facts);
        sessionCode = code;
      }
    } else if (context.readsDriverCards !== false) {
      noCode = stepNoCode(slice.noCode, input, settings, facts);
    }
    const out = facts.length > 0 ? facts : NO_FACTS;
    if (
      sessionCode === slice.code &&
      noCode === slice.noCode &&
      stillSinceMs === slice.stillSinceMs
    ) {
      return { slice, facts: out };
    }
    const next: DriverAlertState = {};
    if (sessionCode !== undefined) next.code = sessionCode;
    if (noCode !== undefined) next.noCode = noCode;
    if (stillSinceMs !== undefined) next.stillSinceMs = stillSinceMs;
    return { slice: next, facts: out };
  },
};
