// Idle periods (docs/domain.md §4): ignition on, speed < 3 km/h, rpm ≥ 300, PTO off, for ≥ 120 s
// (the 120 s belong to the period). Ends at motion ≥ 5 km/h held 5 s (at its first record),
// ignition off, rpm < 300, PTO engaged, or a silence > 5 min (closed at the last record).

import type { IdleFact, IdleFuelSource } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { NO_FACTS, type Detector } from './detector.js';

/** A run of idle records: a candidate until it has lasted `idleStartS`, then an open period. */
export interface IdleRun {
  startTimeMs: number;
  lat?: number;
  lng?: number;
  driverCode?: string;
  /** Newest record of the run (a silence is measured from it; a gap closes the period there). */
  lastTimeMs: number;
  isOpen: boolean;
  /** Fuel counter at the first and the newest idle record. */
  startFuelUsedL?: number;
  endFuelUsedL?: number;
  /** ∫ fuel rate over the run's idle intervals, and whether every one of them had a rate. */
  rateFuelL: number;
  hasRate: boolean;
  /** First record of motion while open: the period ends there if the motion lasts. */
  motionSinceMs?: number;
}

/** The idle detector's slice. */
export interface IdleState {
  run?: IdleRun;
}

/** Before any record. */
export const INITIAL_IDLE: IdleState = {};

function isEngineRunning(s: Sample, settings: ReducerSettings): boolean {
  if (s.ignition === false) return false;
  if (s.rpm !== undefined) return s.rpm >= settings.idleRpmMin;
  return s.ignition === true;
}

/** Whether a record counts as idling: engine running, stationary, PTO not engaged. */
export function isIdleRecord(s: Sample, settings: ReducerSettings): boolean {
  return (
    s.speedKmh !== undefined &&
    s.speedKmh < settings.stationarySpeedKmh &&
    s.pto !== true &&
    isEngineRunning(s, settings)
  );
}

function openRun(s: Sample): IdleRun {
  return {
    startTimeMs: s.fixTimeMs,
    lat: s.hasLocation ? s.lat : undefined,
    lng: s.hasLocation ? s.lng : undefined,
    driverCode: s.driverCode,
    lastTimeMs: s.fixTimeMs,
    isOpen: false,
    startFuelUsedL: s.fuelUsedL,
    endFuelUsedL: s.fuelUsedL,
    rateFuelL: 0,
    hasRate: true,
    motionSinceMs: undefined,
  };
}

function toFact(
  run: IdleRun,
  endTimeMs: number,
  endReason: IdleFact['endReason'],
  settings: ReducerSettings,
): IdleFact {
  const durationS = (endTimeMs - run.startTimeMs) / 1000;
  let fuelL: number;
  let fuelSource: IdleFuelSource;
  const counted =
    run.startFuelUsedL !== undefined && run.endFuelUsedL !== undefined
      ? run.endFuelUsedL - run.startFuelUsedL
      : undefined;
  if (
    counted !== undefined &&
    counted >= 0 &&
    counted <= (settings.maxFuelRateLph * durationS) / 3600
  ) {
    fuelL = counted;
    fuelSource = 'counter';
  } else if (run.hasRate && run.rateFuelL > 0) {
    fuelL = run.rateFuelL;
    fuelSource = 'rate';
  } else {
    fuelL = (settings.idleEstimatedLph * durationS) / 3600;
    fuelSource = 'estimated';
  }
  const fact: IdleFact = {
    type: 'idle',
    startTimeMs: run.startTimeMs,
    endTimeMs,
    durationS,
    lat: run.lat,
    lng: run.lng,
    fuelL,
    fuelSource,
    driverCode: run.driverCode,
    endReason,
  };
  return fact;
}

/** How a record ends the run, if it does. */
export function endReasonOf(
  s: Sample,
  settings: ReducerSettings,
): IdleFact['endReason'] | undefined {
  if (s.ignition === false) return 'ignition-off';
  if (s.rpm !== undefined && s.rpm < settings.idleRpmMin) return 'engine-stopped';
  if (s.pto === true) return 'pto';
  return undefined;
}

/**
 * The run after one more record inside it (fuel, newest time, pending motion), as a new value
 * built as one literal: every run keeps one shape, and no spread runs per record.
 */
function extend(
  run: IdleRun,
  s: Sample,
  prev: Sample | undefined,
  motionSinceMs: number | undefined,
): IdleRun {
  let rateFuelL = run.rateFuelL;
  let hasRate = run.hasRate;
  let endFuelUsedL = run.endFuelUsedL;
  if (run.motionSinceMs === undefined && prev) {
    // The interval prev → s belongs to the idle period (prev was its newest idle record).
    if (prev.fuelRateLph === undefined) hasRate = false;
    else rateFuelL += (prev.fuelRateLph * (s.fixTimeMs - prev.fixTimeMs)) / 3_600_000;
    if (s.fuelUsedL !== undefined) endFuelUsedL = s.fuelUsedL;
  }
  return {
    startTimeMs: run.startTimeMs,
    lat: run.lat,
    lng: run.lng,
    driverCode: run.driverCode,
    lastTimeMs: s.fixTimeMs,
    isOpen: run.isOpen,
    startFuelUsedL: run.startFuelUsedL,
    endFuelUsedL,
    rateFuelL,
    hasRate,
    motionSinceMs,
  };
}

/** Idle periods (§4), one `idle` fact each when it ends. */
export const idleDetector: Detector<IdleState> = {
  name: 'idle',
  initial: INITIAL_IDLE,
  step(slice, { sample: s, prev }, _context, settings) {
    let run = slice.run;
    const isIdle = isIdleRecord(s, settings);
    // Nothing to do while driving or parked with the engine off (most records): no allocation.
    if (!run && !isIdle) return { slice, facts: NO_FACTS };
    const facts: IdleFact[] = [];

    if (run && (s.fixTimeMs - run.lastTimeMs) / 1000 > settings.idleMaxGapS) {
      if (run.isOpen) facts.push(toFact(run, run.lastTimeMs, 'gap', settings));
      run = undefined;
    }

    if (run) {
      const reason = endReasonOf(s, settings);
      const isMotion = s.speedKmh !== undefined && s.speedKmh >= settings.motionSpeedKmh;
      if (reason) {
        // The interval up to this record was still idle (it takes the previous record's state).
        const ended = extend(run, s, prev, run.motionSinceMs);
        if (run.isOpen)
          facts.push(toFact(ended, run.motionSinceMs ?? s.fixTimeMs, reason, settings));
        run = undefined;
      } else if (isMotion) {
        if (!run.isOpen) run = undefined;
        else {
          const since = run.motionSinceMs ?? s.fixTimeMs;
          if ((s.fixTimeMs - since) / 1000 >= settings.idleEndMotionS) {
            facts.push(toFact(run, since, 'motion', settings));
            run = undefined;
          } else {
            run = extend(run, s, prev, since);
          }
        }
      } else if (isIdle) {
        run = extend(run, s, prev, undefined);
      } else if (!run.isOpen) {
        // Creeping (3–5 km/h) or an unknown speed breaks a run that has not started yet.
        run = undefined;
      } else {
        run = extend(run, s, prev, run.motionSinceMs);
      }
    }

    if (!run && isIdle) run = openRun(s);
    // Runs are fresh values by here (opened or extended above): marking one open mutates no state.
    if (run && !run.isOpen && (s.fixTimeMs - run.startTimeMs) / 1000 >= settings.idleStartS)
      run.isOpen = true;

    const next: IdleState = run ? { run } : INITIAL_IDLE;
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  },
};
