// Per-vehicle rollup accumulation: what the interval between two consecutive records adds to a
// time bucket (§0 interval rules). The interval counts in the bucket where it starts.

import { validatePosition, type Position } from '../position.js';
import { counterDelta } from './counters.js';
import { gpsHopM, shareInterval } from './interval.js';
import { DEFAULT_REDUCER_SETTINGS, type ReducerSettings } from './reducer-settings.js';
import { toSample, type Sample } from './sample.js';

/** What one interval adds to a bucket. */
export interface RollupDeltas {
  distanceKm: number;
  fuelL: number;
  /** Fuel came from the fuel rate because there was no counter (an estimate). */
  isFuelEstimated: boolean;
  /** Known engine-on time. */
  engineTimeS: number;
  drivingTimeS: number;
  idleTimeS: number;
  /** Engine-on time lost to an interval longer than maxGap. */
  unknownTimeS: number;
}

const ZERO: RollupDeltas = {
  distanceKm: 0,
  fuelL: 0,
  isFuelEstimated: false,
  engineTimeS: 0,
  drivingTimeS: 0,
  idleTimeS: 0,
  unknownTimeS: 0,
};

/**
 * Start of the bucket holding `fixTimeMs`, for buckets of `bucketMs` aligned at UTC + `offsetMs`
 * (pass the user's offset for day buckets in local time).
 */
export function bucketOf(fixTimeMs: number, bucketMs: number, offsetMs = 0): number {
  return Math.floor((fixTimeMs + offsetMs) / bucketMs) * bucketMs - offsetMs;
}

function usableSample(p: Position, settings: ReducerSettings): Sample | undefined {
  const validation = validatePosition(p, Number.POSITIVE_INFINITY);
  if (!validation.ok || validation.flags.some((f) => settings.skipFlags.includes(f)))
    return undefined;
  return toSample(p, validation.flags, settings);
}

/** A record with the reducer's sample of it (`step` keeps the sample as `state.last`). */
export interface SampledPosition {
  position: Position;
  sample: Sample;
}

/**
 * {@link rollupDeltas} for records already validated and sampled (both usable: not refused, no
 * skipped flag), so the hot path does not validate a record again.
 */
export function rollupBetween(
  prev: SampledPosition,
  curr: SampledPosition,
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
): RollupDeltas {
  return deltasOf(prev.position, prev.sample, curr.position, curr.sample, settings);
}

/**
 * The deltas the interval [prev, curr) adds to the bucket of `prev.fixTimeMs`. Distance and fuel
 * come from counter deltas (§0 rules: negative or beyond physical limits count 0) when both records
 * carry the counter, else from GPS hops and the fuel rate. Zero when the records are out of order
 * or implausible.
 */
export function rollupDeltas(
  prev: Position,
  curr: Position,
  settings: ReducerSettings = DEFAULT_REDUCER_SETTINGS,
): RollupDeltas {
  if (curr.fixTimeMs <= prev.fixTimeMs) return { ...ZERO };
  const a = usableSample(prev, settings);
  const b = usableSample(curr, settings);
  if (!a || !b) return { ...ZERO };
  return deltasOf(prev, a, curr, b, settings);
}

function deltasOf(
  prev: Position,
  a: Sample,
  curr: Position,
  b: Sample,
  settings: ReducerSettings,
): RollupDeltas {
  if (curr.fixTimeMs <= prev.fixTimeMs) return { ...ZERO };
  const share = shareInterval(a, b.fixTimeMs, settings);

  let distanceM: number;
  if (prev.odometerM !== undefined && curr.odometerM !== undefined) {
    const baseline = { value: prev.odometerM, atMs: prev.fixTimeMs };
    distanceM = counterDelta('odometerM', baseline, curr.odometerM, curr.fixTimeMs, settings).delta;
  } else {
    distanceM = gpsHopM(a, b, settings);
  }

  let fuelL = 0;
  let isFuelEstimated = false;
  if (prev.fuelUsedL !== undefined && curr.fuelUsedL !== undefined) {
    const baseline = { value: prev.fuelUsedL, atMs: prev.fixTimeMs };
    fuelL = counterDelta('fuelUsedL', baseline, curr.fuelUsedL, curr.fixTimeMs, settings).delta;
  } else if (prev.fuelRateLph !== undefined && share.engineOnS > 0) {
    fuelL = (Math.min(prev.fuelRateLph, settings.maxFuelRateLph) * share.engineOnS) / 3600;
    isFuelEstimated = true;
  }

  return {
    distanceKm: distanceM / 1000,
    fuelL,
    isFuelEstimated,
    engineTimeS: share.engineOnS,
    drivingTimeS: share.drivingS,
    idleTimeS: share.idleS,
    unknownTimeS: share.unknownS,
  };
}
