import {
  bucketOf,
  rollupBetween,
  type ReducerSettings,
  type SampledPosition,
} from '@rumbo/telematics';

/** Until the reducer's rollup detector lands, the pipeline derives rollup facts here. */
export const REDUCER_EMITS_ROLLUPS = false;

/** Rollup bucket: one hour. */
export const ROLLUP_BUCKET_MS = 3_600_000;

/** The rollup fact of the interval prev → curr, or undefined when it adds nothing. */
export function legacyRollupFact(
  prev: SampledPosition,
  curr: SampledPosition,
  settings: ReducerSettings,
):
  | {
      type: 'rollup';
      bucketMs: number;
      distanceKm: number;
      fuelL: number;
      engineS: number;
      drivingS: number;
      idleS: number;
    }
  | undefined {
  const d = rollupBetween(prev, curr, settings);
  if (
    d.distanceKm === 0 &&
    d.fuelL === 0 &&
    d.engineTimeS === 0 &&
    d.drivingTimeS === 0 &&
    d.idleTimeS === 0
  )
    return undefined;
  return {
    type: 'rollup',
    bucketMs: bucketOf(prev.position.fixTimeMs, ROLLUP_BUCKET_MS),
    distanceKm: d.distanceKm,
    fuelL: d.fuelL,
    engineS: d.engineTimeS,
    drivingS: d.drivingTimeS,
    idleS: d.idleTimeS,
  };
}
