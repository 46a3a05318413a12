// Running sums of an open trip or stop. Immutable: every add returns a new value, so a snapshot
// taken when a stop may have begun stays valid while later records keep arriving.

import type { DistanceSource, StopFact, TripFact } from './facts.js';
import type { IntervalIncrement } from './interval.js';
import type { ReducerSettings } from './reducer-settings.js';
import type { Sample } from './sample.js';

export type { IntervalIncrement };

/** An open trip. */
export interface TripAccumulator {
  startTimeMs: number;
  startLat?: number;
  startLng?: number;
  startOdometerM?: number;
  endTimeMs: number;
  endLat?: number;
  endLng?: number;
  endOdometerM?: number;
  endFuelLevelPct?: number;
  endFuelLevelL?: number;
  distanceM: number;
  odometerIntervals: number;
  gpsIntervals: number;
  fuelUsedL?: number;
  drivingTimeS: number;
  idleTimeS: number;
  engineOnS: number;
  unknownS: number;
  maxSpeedKmh?: number;
  positionCount: number;
  driverCode?: string;
}

/** An open stop. */
export interface StopAccumulator {
  startTimeMs: number;
  endTimeMs: number;
  lat?: number;
  lng?: number;
  ignitionOnS: number;
  fuelLevelBeforePct?: number;
  fuelLevelBeforeL?: number;
  fuelLevelAfterPct?: number;
  fuelLevelAfterL?: number;
}

/**
 * A copy of `t` built as one literal with every field, so all trips share one hidden class:
 * spreading objects whose optional fields appeared in different orders was the reducer's top
 * cost (a slow generic copy per record).
 */
function copyTrip(t: TripAccumulator): TripAccumulator {
  return {
    startTimeMs: t.startTimeMs,
    startLat: t.startLat,
    startLng: t.startLng,
    startOdometerM: t.startOdometerM,
    endTimeMs: t.endTimeMs,
    endLat: t.endLat,
    endLng: t.endLng,
    endOdometerM: t.endOdometerM,
    endFuelLevelPct: t.endFuelLevelPct,
    endFuelLevelL: t.endFuelLevelL,
    distanceM: t.distanceM,
    odometerIntervals: t.odometerIntervals,
    gpsIntervals: t.gpsIntervals,
    fuelUsedL: t.fuelUsedL,
    drivingTimeS: t.drivingTimeS,
    idleTimeS: t.idleTimeS,
    engineOnS: t.engineOnS,
    unknownS: t.unknownS,
    maxSpeedKmh: t.maxSpeedKmh,
    positionCount: t.positionCount,
    driverCode: t.driverCode,
  };
}

/** A trip opened at `s`. */
export function openTrip(s: Sample): TripAccumulator {
  return addSampleToTrip(
    {
      startTimeMs: s.fixTimeMs,
      startOdometerM: s.odometerM,
      endTimeMs: s.fixTimeMs,
      distanceM: 0,
      odometerIntervals: 0,
      gpsIntervals: 0,
      drivingTimeS: 0,
      idleTimeS: 0,
      engineOnS: 0,
      unknownS: 0,
      positionCount: 0,
    },
    s,
  );
}

/** Extends a trip to record `s` (its end place, counters, top speed and driver). */
export function addSampleToTrip(trip: TripAccumulator, s: Sample): TripAccumulator {
  const next = copyTrip(trip);
  next.endTimeMs = s.fixTimeMs;
  next.positionCount = trip.positionCount + 1;
  if (s.hasLocation) {
    next.endLat = s.lat;
    next.endLng = s.lng;
    if (next.startLat === undefined) {
      next.startLat = s.lat;
      next.startLng = s.lng;
    }
  }
  if (s.odometerM !== undefined) {
    next.endOdometerM = s.odometerM;
    next.startOdometerM ??= s.odometerM;
  }
  if (s.fuelLevelPct !== undefined) next.endFuelLevelPct = s.fuelLevelPct;
  if (s.fuelLevelL !== undefined) next.endFuelLevelL = s.fuelLevelL;
  if (s.speedKmh !== undefined) next.maxSpeedKmh = Math.max(next.maxSpeedKmh ?? 0, s.speedKmh);
  if (s.driverCode !== undefined) next.driverCode ??= s.driverCode;
  return next;
}

/** Adds one interval's time, distance and fuel to a trip. */
export function addIntervalToTrip(trip: TripAccumulator, inc: IntervalIncrement): TripAccumulator {
  const isOdometer = inc.distanceSource === 'odometer';
  const next = copyTrip(trip);
  next.distanceM = trip.distanceM + inc.distanceM;
  next.odometerIntervals = trip.odometerIntervals + (isOdometer ? 1 : 0);
  next.gpsIntervals = trip.gpsIntervals + (isOdometer ? 0 : 1);
  if (inc.fuelL !== undefined) next.fuelUsedL = (trip.fuelUsedL ?? 0) + inc.fuelL;
  next.drivingTimeS = trip.drivingTimeS + inc.share.drivingS;
  next.idleTimeS = trip.idleTimeS + inc.share.idleS;
  next.engineOnS = trip.engineOnS + inc.share.engineOnS;
  next.unknownS = trip.unknownS + inc.share.unknownS;
  return next;
}

/** Trip duration in seconds. */
export function tripDurationS(trip: TripAccumulator): number {
  return (trip.endTimeMs - trip.startTimeMs) / 1000;
}

function distanceSource(trip: TripAccumulator): DistanceSource {
  if (trip.gpsIntervals === 0 && trip.odometerIntervals > 0) return 'odometer';
  return trip.odometerIntervals === 0 ? 'gps' : 'mixed';
}

/** The fact of a closed trip, or undefined when it is shorter than both minimums (dropped). */
export function toTripFact(
  trip: TripAccumulator,
  endReason: TripFact['endReason'],
  settings: ReducerSettings,
): TripFact | undefined {
  const durationS = tripDurationS(trip);
  if (durationS < settings.tripMinDurationS && trip.distanceM < settings.tripMinDistanceM) {
    return undefined;
  }
  const engineS = trip.engineOnS + trip.unknownS;
  return {
    type: 'trip',
    startTimeMs: trip.startTimeMs,
    endTimeMs: trip.endTimeMs,
    durationS,
    startLat: trip.startLat,
    startLng: trip.startLng,
    endLat: trip.endLat,
    endLng: trip.endLng,
    startOdometerM: trip.startOdometerM,
    endOdometerM: trip.endOdometerM,
    distanceM: trip.distanceM,
    distanceSource: distanceSource(trip),
    drivingTimeS: trip.drivingTimeS,
    idleTimeS: trip.idleTimeS,
    fuelUsedL: trip.fuelUsedL,
    maxSpeedKmh: trip.maxSpeedKmh,
    avgSpeedKmh: trip.drivingTimeS > 0 ? (trip.distanceM / trip.drivingTimeS) * 3.6 : undefined,
    driverCode: trip.driverCode,
    coverage: engineS > 0 ? trip.engineOnS / engineS : 1,
    positionCount: trip.positionCount,
    endReason,
  };
}

/** A stop opened at `s` (no trip before it that we know of). */
export function openStop(s: Sample): StopAccumulator {
  return addSampleToStop(
    {
      startTimeMs: s.fixTimeMs,
      endTimeMs: s.fixTimeMs,
      lat: s.hasLocation ? s.lat : undefined,
      lng: s.hasLocation ? s.lng : undefined,
      ignitionOnS: 0,
      fuelLevelBeforePct: s.fuelLevelPct,
      fuelLevelBeforeL: s.fuelLevelL,
    },
    s,
  );
}

/** A stop that begins where `trip` ended, with `ignitionOnS` already spent in it. */
export function openStopAfterTrip(trip: TripAccumulator, ignitionOnS: number): StopAccumulator {
  return {
    startTimeMs: trip.endTimeMs,
    endTimeMs: trip.endTimeMs,
    lat: trip.endLat,
    lng: trip.endLng,
    ignitionOnS,
    fuelLevelBeforePct: trip.endFuelLevelPct,
    fuelLevelBeforeL: trip.endFuelLevelL,
    fuelLevelAfterPct: trip.endFuelLevelPct,
    fuelLevelAfterL: trip.endFuelLevelL,
  };
}

/** Extends a stop to record `s`. */
export function addSampleToStop(stop: StopAccumulator, s: Sample): StopAccumulator {
  const next: StopAccumulator = { ...stop };
  next.endTimeMs = s.fixTimeMs;
  if (next.lat === undefined && s.hasLocation) {
    next.lat = s.lat;
    next.lng = s.lng;
  }
  if (s.fuelLevelPct !== undefined) {
    next.fuelLevelAfterPct = s.fuelLevelPct;
    next.fuelLevelBeforePct ??= s.fuelLevelPct;
  }
  if (s.fuelLevelL !== undefined) {
    next.fuelLevelAfterL = s.fuelLevelL;
    next.fuelLevelBeforeL ??= s.fuelLevelL;
  }
  return next;
}

/** Adds one interval's engine-on time to a stop. */
export function addIntervalToStop(stop: StopAccumulator, inc: IntervalIncrement): StopAccumulator {
  const next = { ...stop };
  next.ignitionOnS = stop.ignitionOnS + inc.share.engineOnS;
  return next;
}

/** The fact of a stop that ends when the next trip starts. */
export function toStopFact(stop: StopAccumulator, endTimeMs: number): StopFact {
  return {
    type: 'stop',
    startTimeMs: stop.startTimeMs,
    endTimeMs,
    durationS: (endTimeMs - stop.startTimeMs) / 1000,
    lat: stop.lat,
    lng: stop.lng,
    ignitionOnS: stop.ignitionOnS,
    fuelLevelBeforePct: stop.fuelLevelBeforePct,
    fuelLevelAfterPct: stop.fuelLevelAfterPct,
    fuelLevelBeforeL: stop.fuelLevelBeforeL,
    fuelLevelAfterL: stop.fuelLevelAfterL,
  };
}
