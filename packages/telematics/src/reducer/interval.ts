// Time shares (§0): the interval [tᵢ, tᵢ₊₁) takes the state of record i; an interval longer than
// maxGap while the engine is on is unknown time. Also the GPS hop between two records.

import { haversineM } from '../geo.js';
import type { ReducerSettings } from './reducer-settings.js';
import type { Sample } from './sample.js';

/** How one interval splits into known and unknown engine time. */
export interface IntervalShare {
  durationS: number;
  /** Known engine-on time. */
  engineOnS: number;
  /** Engine-on time lost to a gap longer than maxGap. */
  unknownS: number;
  /** Engine on and speed ≥ the motion threshold. */
  drivingS: number;
  /** Engine on, stationary, rpm ≥ idle minimum (or unknown), PTO not engaged. */
  idleS: number;
}

/** What one interval adds to the open trip or stop (and every detector: DetectorInput.interval). */
export interface IntervalIncrement {
  share: IntervalShare;
  distanceM: number;
  distanceSource: 'odometer' | 'gps';
  /** Fuel counter delta, undefined when the vehicle has no fuel counter. */
  fuelL?: number;
}

/** The share of `[prev.fixTimeMs, nextTimeMs)`, judged by `prev`'s state. */
export function shareInterval(
  prev: Sample,
  nextTimeMs: number,
  settings: ReducerSettings,
): IntervalShare {
  const durationS = Math.max(0, nextTimeMs - prev.fixTimeMs) / 1000;
  const share: IntervalShare = { durationS, engineOnS: 0, unknownS: 0, drivingS: 0, idleS: 0 };
  if (prev.engineOn !== true || durationS === 0) return share;
  if (durationS > settings.maxGapS) {
    share.unknownS = durationS;
    return share;
  }
  share.engineOnS = durationS;
  const speed = prev.speedKmh;
  if (speed === undefined) return share;
  if (speed >= settings.motionSpeedKmh) share.drivingS = durationS;
  const isRunning = prev.rpm === undefined || prev.rpm >= settings.idleRpmMin;
  if (speed < settings.stationarySpeedKmh && isRunning && prev.pto !== true)
    share.idleS = durationS;
  return share;
}

/**
 * GPS distance from `prev` to `next`: 0 without usable locations, when both records are known to
 * be below the motion threshold (parking jitter), or when the hop implies more than the jump speed.
 */
export function gpsHopM(prev: Sample, next: Sample, settings: ReducerSettings): number {
  if (!prev.hasLocation || !next.hasLocation) return 0;
  if (prev.motion === false && next.motion === false) return 0;
  const seconds = (next.fixTimeMs - prev.fixTimeMs) / 1000;
  if (seconds <= 0) return 0;
  const metres = haversineM(prev.lat, prev.lng, next.lat, next.lng);
  return (metres / seconds) * 3.6 > settings.gpsJumpSpeedKmh ? 0 : metres;
}
