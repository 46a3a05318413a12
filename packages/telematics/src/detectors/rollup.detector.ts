// Per-vehicle rollup accumulation: what the interval between two consecutive accepted records adds
// to a time bucket (§0 interval rules). The interval counts in the bucket where it starts.

import { validatePosition, type Position } from '../position.js';
import { counterDelta } from '../reducer/counters.js';
import type { RollupFact } from '../reducer/facts.js';
import { gpsHopM, shareInterval } from '../reducer/interval.js';
import { DEFAULT_REDUCER_SETTINGS, type ReducerSettings } from '../reducer/reducer-settings.js';
import { toSample, type Sample } from '../reducer/sample.js';
import { NO_FACTS, type Detector } from './detector.js';

/** Rollups are kept per vehicle and hour; any longer period is a sum of these. */
export const ROLLUP_BUCKET_MS = 3_600_000;

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
  return sampleDeltas(a, b, settings);
}

/** {@link rollupDeltas} of two accepted samples. */
export function sampleDeltas(a: Sample, b: Sample, settings: ReducerSettings): RollupDeltas {
  if (b.fixTimeMs <= a.fixTimeMs) return { ...ZERO };
  const share = shareInterval(a, b.fixTimeMs, settings);

  let distanceM: number;
  if (a.odometerM !== undefined && b.odometerM !== undefined) {
    const baseline = { value: a.odometerM, atMs: a.fixTimeMs };
    distanceM = counterDelta('odometerM', baseline, b.odometerM, b.fixTimeMs, settings).delta;
  } else {
    distanceM = gpsHopM(a, b, settings);
  }

  let fuelL = 0;
  let isFuelEstimated = false;
  if (a.fuelUsedL !== undefined && b.fuelUsedL !== undefined) {
    const baseline = { value: a.fuelUsedL, atMs: a.fixTimeMs };
    fuelL = counterDelta('fuelUsedL', baseline, b.fuelUsedL, b.fixTimeMs, settings).delta;
  } else if (a.fuelRateLph !== undefined && share.engineOnS > 0) {
    fuelL = (Math.min(a.fuelRateLph, settings.maxFuelRateLph) * share.engineOnS) / 3600;
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

/**
 * Emits what each interval between accepted records adds to its hourly bucket (the rollups sink
 * sums them). Stateless: the previous record is the reducer's.
 */
export const rollupDetector: Detector<null> = {
  name: 'rollup',
  initial: null,
  step(slice, { sample, prev }, _context, settings) {
    if (!prev) return { slice, facts: NO_FACTS };
    const d = sampleDeltas(prev, sample, settings);
    if (
      d.distanceKm === 0 &&
      d.fuelL === 0 &&
      d.engineTimeS === 0 &&
      d.drivingTimeS === 0 &&
      d.idleTimeS === 0
    )
      return { slice, facts: NO_FACTS };
    const fact: RollupFact = {
      type: 'rollup',
      bucketMs: bucketOf(prev.fixTimeMs, ROLLUP_BUCKET_MS),
      distanceKm: d.distanceKm,
      fuelL: d.fuelL,
      engineS: d.engineTimeS,
      drivingS: d.drivingTimeS,
      idleS: d.idleTimeS,
    };
    return { slice, facts: [fact] };
  },
};
