// Vehicle status (docs/domain.md §2), derived record by record with the timers the durations need.
// Durations are measured between record fix times; a status whose condition does not hold long
// enough yet keeps the previous status (no flicker).

import type { LiveStatus, StatusFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { placesOf, zoneSpeedLimitAt } from '../zones/place-index.js';
import { NO_FACTS, type Detector, type VehicleContext } from './detector.js';

/** Statuses a record can produce (declared with the facts, which carry them). */
export type { LiveStatus };

/** Every status the product shows, including the time-based offline ones. */
export type VehicleStatus = LiveStatus | 'offline-in-transit' | 'offline-off';

/** Status plus the start of each run the duration rules measure. */
export interface StatusState {
  status: LiveStatus;
  /** Fix time of the record that entered the current status. */
  sinceMs?: number;
  /** First record of the current run below the stationary speed. */
  stationarySinceMs?: number;
  /** First record of the current run over the speed limit while moving. */
  overLimitSinceMs?: number;
  /** First record of the current run stationary with the engine known to be running. */
  idleSinceMs?: number;
  /** First record of the current run stationary with no sign of a running engine. */
  engineStoppedSinceMs?: number;
}

/** The status before any record. */
export const INITIAL_STATUS: StatusState = { status: 'undefined' };

function isMovingStatus(status: LiveStatus): boolean {
  return status === 'in-transit' || status === 'speeding';
}

/** Whether the engine is known to run: rpm above the idle minimum, else ignition on. */
function isEngineRunning(s: Sample, settings: ReducerSettings): boolean {
  return s.rpm !== undefined ? s.rpm > settings.idleRpmMin : s.ignition === true;
}

function heldS(sinceMs: number | undefined, nowMs: number): number {
  return sinceMs === undefined ? -1 : (nowMs - sinceMs) / 1000;
}

function candidate(
  prev: StatusState,
  next: StatusState,
  s: Sample,
  settings: ReducerSettings,
): LiveStatus {
  const t = s.fixTimeMs;
  const speed = s.speedKmh;
  if (s.ignition === undefined && speed === undefined) return 'undefined';
  if (s.ignition === false) return 'off';
  if (speed !== undefined && speed >= settings.motionSpeedKmh) {
    return heldS(next.overLimitSinceMs, t) >= settings.speedingMinS ? 'speeding' : 'in-transit';
  }
  if (speed === undefined || speed >= settings.stationarySpeedKmh) return prev.status;
  // Stationary from here on.
  const wasMoving = isMovingStatus(prev.status);
  if (wasMoving && heldS(next.stationarySinceMs, t) < settings.inTransitLeaveS) return 'in-transit';
  if (isEngineRunning(s, settings)) {
    return wasMoving || heldS(next.idleSinceMs, t) >= settings.idlingMinS ? 'idling' : prev.status;
  }
  // Engine not running (rpm ≤ idle minimum, or no ignition input and no rpm): off after a while.
  return heldS(next.engineStoppedSinceMs, t) >= settings.offWithoutIgnitionS ? 'off' : prev.status;
}

/** The status after one live record (§2 rules 1 and 3–6; offline is {@link offlineAwareStatus}'s). */
export function nextStatus(
  prev: StatusState,
  s: Sample,
  settings: ReducerSettings,
  speedLimitKmh = settings.speedLimitKmh,
): StatusState {
  const t = s.fixTimeMs;
  const speed = s.speedKmh;
  const isStationary = speed !== undefined && speed < settings.stationarySpeedKmh;
  const isOverLimit =
    speed !== undefined && speed >= settings.motionSpeedKmh && speed > speedLimitKmh;
  const isRunning = isEngineRunning(s, settings);
  const next: StatusState = {
    status: prev.status,
    sinceMs: prev.sinceMs,
    stationarySinceMs: isStationary ? (prev.stationarySinceMs ?? t) : undefined,
    overLimitSinceMs: isOverLimit ? (prev.overLimitSinceMs ?? t) : undefined,
    idleSinceMs: isStationary && isRunning ? (prev.idleSinceMs ?? t) : undefined,
    engineStoppedSinceMs: isStationary && !isRunning ? (prev.engineStoppedSinceMs ?? t) : undefined,
  };
  const status = candidate(prev, next, s, settings);
  if (status !== prev.status) {
    next.status = status;
    next.sinceMs = t;
  }
  return next;
}

/**
 * The status shown at `nowMs`: offline when the last live record is older than T_off (10 min after
 * moving or idling, 130 min after off or undefined) — in-transit when the engine was last on.
 */
export function offlineAwareStatus(
  status: StatusState,
  last: Sample | undefined,
  nowMs: number,
  settings: ReducerSettings,
): VehicleStatus {
  if (last === undefined) return 'undefined';
  return statusAfterSilence(
    status.status,
    last.fixTimeMs,
    last.ignition ?? last.engineOn,
    nowMs,
    settings,
  );
}

/**
 * The same rule from the last live status alone (for holders of last info, not of reducer state):
 * offline after T_off without records, in transit when the engine was last on.
 */
export function statusAfterSilence(
  status: LiveStatus,
  lastFixMs: number,
  engineOn: boolean | undefined,
  nowMs: number,
  settings: Pick<ReducerSettings, 'offlineMovingS' | 'offlineOffS'>,
): VehicleStatus {
  const wasActive = status !== 'off' && status !== 'undefined';
  const timeoutS = wasActive ? settings.offlineMovingS : settings.offlineOffS;
  if ((nowMs - lastFixMs) / 1000 <= timeoutS) return status;
  return engineOn === true ? 'offline-in-transit' : 'offline-off';
}

/** §2: the vehicle's limit, else the lowest limit of the geofences it is in, else the default. */
function speedLimitAt(
  context: VehicleContext,
  s: Sample,
  settings: ReducerSettings,
): number | undefined {
  if (context.speedLimitKmh !== undefined || !s.hasLocation) return context.speedLimitKmh;
  const places = placesOf(context, settings.zoneBorderBandM);
  return places && zoneSpeedLimitAt(places, s.lat, s.lng);
}

/** The live status (§2 rules 1 and 3–6), with a `status` fact when it changes. */
export const statusDetector: Detector<StatusState> = {
  name: 'status',
  initial: INITIAL_STATUS,
  step(slice, { sample }, context, settings) {
    const next = nextStatus(slice, sample, settings, speedLimitAt(context, sample, settings));
    if (next.status === slice.status) return { slice: next, facts: NO_FACTS };
    const fact: StatusFact = {
      type: 'status',
      from: slice.status,
      to: next.status,
      atMs: sample.fixTimeMs,
    };
    return { slice: next, facts: [fact] };
  },
};
