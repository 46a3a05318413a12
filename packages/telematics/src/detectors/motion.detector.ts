// Trips and stops (docs/domain.md §3, after Traccar's motion rules). Motion = speed ≥ 5 km/h.
// Stopped → moving after motion for 300 s or 500 m (the trip starts at the first motion record);
// moving → stopped after 300 s without motion (the trip ends at the first record without motion)
// or at ignition off; a gap > 3600 s ends the trip at the last record before it.

import type { DeviceFact, TripFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import {
  addIntervalToStop,
  addIntervalToTrip,
  addSampleToStop,
  addSampleToTrip,
  openStop,
  openStopAfterTrip,
  openTrip,
  toStopFact,
  toTripFact,
  tripDurationS,
  type IntervalIncrement,
  type StopAccumulator,
  type TripAccumulator,
} from '../reducer/trip-accumulator.js';
import type { Detector } from './detector.js';

/** Trip/stop machine state. Exactly one of `trip` (moving) and `stop` (stopped) is set. */
export interface MotionState {
  isMoving: boolean;
  trip?: TripAccumulator;
  /** While moving: the trip as it stood at the first record without motion. */
  tripAtStopStart?: TripAccumulator;
  stop?: StopAccumulator;
  /** While stopped: the trip that would start at the first motion record… */
  startingTrip?: TripAccumulator;
  /** …and the stop as it stood then. */
  stopAtTripStart?: StopAccumulator;
}

/** Before any record. */
export const INITIAL_MOTION: MotionState = { isMoving: false };

interface Advance {
  motion: MotionState;
  facts: DeviceFact[];
}

/** Closes the open trip (at the stop start when one is pending) and opens the stop after it. */
function endTrip(
  m: MotionState,
  reason: TripFact['endReason'],
  settings: ReducerSettings,
): Advance {
  const live = m.trip;
  if (!live) return { motion: { isMoving: false }, facts: [] };
  const final = m.tripAtStopStart ?? live;
  const fact = toTripFact(final, reason, settings);
  const stop = openStopAfterTrip(final, live.engineOnS - final.engineOnS);
  const fuelAfter = {
    fuelLevelAfterPct: live.endFuelLevelPct,
    fuelLevelAfterL: live.endFuelLevelL,
  };
  return {
    motion: { isMoving: false, stop: { ...stop, ...fuelAfter, endTimeMs: live.endTimeMs } },
    facts: fact ? [fact] : [],
  };
}

function hasStartedMoving(trip: TripAccumulator, settings: ReducerSettings): boolean {
  return (
    tripDurationS(trip) >= settings.tripStartDurationS ||
    trip.distanceM >= settings.tripStartDistanceM
  );
}

function advanceMoving(m: MotionState, s: Sample, settings: ReducerSettings): Advance {
  const trip = addSampleToTrip(m.trip ?? openTrip(s), s);
  const moving: MotionState = { ...m, trip };
  if (s.ignition === false) return endTrip(moving, 'ignition-off', settings);
  if (s.motion === true) return { motion: { isMoving: true, trip }, facts: [] };
  if (s.motion === false) {
    const atStopStart = m.tripAtStopStart ?? trip;
    const next: MotionState = { isMoving: true, trip, tripAtStopStart: atStopStart };
    const stillS = (s.fixTimeMs - atStopStart.endTimeMs) / 1000;
    return stillS >= settings.tripStopDurationS
      ? endTrip(next, 'stop', settings)
      : { motion: next, facts: [] };
  }
  return { motion: moving, facts: [] };
}

function advanceStopped(m: MotionState, s: Sample, settings: ReducerSettings): Advance {
  const stop = m.stop ? addSampleToStop(m.stop, s) : openStop(s);
  if (s.motion !== true || s.ignition === false) {
    // Unknown speed keeps a pending start; known no-motion or ignition off cancels it.
    const keep = s.motion === undefined && s.ignition !== false;
    const startingTrip = keep && m.startingTrip ? addSampleToTrip(m.startingTrip, s) : undefined;
    const motion: MotionState = { isMoving: false, stop };
    if (startingTrip) {
      motion.startingTrip = startingTrip;
      motion.stopAtTripStart = m.stopAtTripStart;
    }
    return { motion, facts: [] };
  }
  const startingTrip = m.startingTrip ? addSampleToTrip(m.startingTrip, s) : openTrip(s);
  const stopAtTripStart = m.stopAtTripStart ?? stop;
  if (!hasStartedMoving(startingTrip, settings)) {
    return { motion: { isMoving: false, stop, startingTrip, stopAtTripStart }, facts: [] };
  }
  // A vehicle first seen already moving has no stop before its first trip.
  const isEmptyStop = stopAtTripStart.startTimeMs === startingTrip.startTimeMs;
  return {
    motion: { isMoving: true, trip: startingTrip },
    facts: isEmptyStop ? [] : [toStopFact(stopAtTripStart, startingTrip.startTimeMs)],
  };
}

/**
 * Advances the machine by one live record. `inc` is the interval from the previous record to `s`
 * (undefined for the first record); `isGap` says that interval is longer than the trip gap.
 */
export function advanceMotion(
  m: MotionState,
  s: Sample,
  inc: IntervalIncrement | undefined,
  isGap: boolean,
  settings: ReducerSettings,
): Advance {
  const facts: DeviceFact[] = [];
  let state = m;
  if (isGap) {
    if (state.isMoving) {
      const ended = endTrip(state, 'gap', settings);
      facts.push(...ended.facts);
      state = ended.motion;
    } else {
      state = { isMoving: false, stop: state.stop };
    }
  } else if (inc) {
    state = state.isMoving
      ? { ...state, trip: state.trip && addIntervalToTrip(state.trip, inc) }
      : {
          ...state,
          stop: state.stop && addIntervalToStop(state.stop, inc),
          startingTrip: state.startingTrip && addIntervalToTrip(state.startingTrip, inc),
        };
  }
  const advanced = state.isMoving
    ? advanceMoving(state, s, settings)
    : advanceStopped(state, s, settings);
  facts.push(...advanced.facts);
  return { motion: advanced.motion, facts };
}

/** Trips and stops (§3). */
export const motionDetector: Detector<MotionState> = {
  name: 'motion',
  initial: INITIAL_MOTION,
  step(slice, { sample, interval, isGap }, _context, settings) {
    const advanced = advanceMotion(slice, sample, interval, isGap, settings);
    return { slice: advanced.motion, facts: advanced.facts };
  },
};
