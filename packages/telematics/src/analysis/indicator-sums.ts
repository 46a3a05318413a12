// The sums of the driving indicators (indicators.detector.ts's facts without their key): what an
// hourly bucket, a day or a period holds, and how they add up.

import type { IndicatorFact } from '../reducer/facts.js';

/** Sums of indicator buckets over a period: the counted fields of an indicators fact. */
export type IndicatorSums = Omit<IndicatorFact, 'type' | 'bucketMs' | 'driverCode'>;

export const INDICATOR_SUM_KEYS: readonly (keyof IndicatorSums)[] = [
  'distanceKm',
  'fuelL',
  'engineS',
  'unknownS',
  'drivingS',
  'idleS',
  'canS',
  'greenS',
  'inertiaS',
  'over60S',
  'cruiseS',
  'torqueSum',
  'torqueS',
  'torqueHighS',
  'kickdowns',
  'excessKm',
  'speedingS',
  'speeding10S',
  'hardBrakes',
  'harshAccels',
  'harshCorners',
  'crashes',
  'engineSignalS',
  'rpmUnder800S',
  'rpmBelowGreenS',
  'rpmGreenS',
  'rpmAboveGreenS',
  'rpmOver1800S',
  'harshInputS',
];

/** All zero. */
export function zeroSums(): IndicatorSums {
  return copySums(ZERO_SUMS);
}

// Spelled out field by field (not a loop over INDICATOR_SUM_KEYS): the write path adds an
// indicators fact into its row once per record, and named loads and stores on one object shape
// cost a fraction of keyed ones (decision 0042). scores.test.ts checks every key is here.

/** Adds `b` into `a`. */
export function addSums(a: IndicatorSums, b: IndicatorSums): IndicatorSums {
  a.distanceKm += b.distanceKm;
  a.fuelL += b.fuelL;
  a.engineS += b.engineS;
  a.unknownS += b.unknownS;
  a.drivingS += b.drivingS;
  a.idleS += b.idleS;
  a.canS += b.canS;
  a.greenS += b.greenS;
  a.inertiaS += b.inertiaS;
  a.over60S += b.over60S;
  a.cruiseS += b.cruiseS;
  a.torqueSum += b.torqueSum;
  a.torqueS += b.torqueS;
  a.torqueHighS += b.torqueHighS;
  a.kickdowns += b.kickdowns;
  a.excessKm += b.excessKm;
  a.speedingS += b.speedingS;
  a.speeding10S += b.speeding10S;
  a.hardBrakes += b.hardBrakes;
  a.harshAccels += b.harshAccels;
  a.harshCorners += b.harshCorners;
  a.crashes += b.crashes;
  a.engineSignalS += b.engineSignalS;
  a.rpmUnder800S += b.rpmUnder800S;
  a.rpmBelowGreenS += b.rpmBelowGreenS;
  a.rpmGreenS += b.rpmGreenS;
  a.rpmAboveGreenS += b.rpmAboveGreenS;
  a.rpmOver1800S += b.rpmOver1800S;
  a.harshInputS += b.harshInputS;
  return a;
}

/** The sums of `s` as a new object (always of one shape, whatever `s` carries besides). */
export function copySums(s: IndicatorSums): IndicatorSums {
  return {
    distanceKm: s.distanceKm,
    fuelL: s.fuelL,
    engineS: s.engineS,
    unknownS: s.unknownS,
    drivingS: s.drivingS,
    idleS: s.idleS,
    canS: s.canS,
    greenS: s.greenS,
    inertiaS: s.inertiaS,
    over60S: s.over60S,
    cruiseS: s.cruiseS,
    torqueSum: s.torqueSum,
    torqueS: s.torqueS,
    torqueHighS: s.torqueHighS,
    kickdowns: s.kickdowns,
    excessKm: s.excessKm,
    speedingS: s.speedingS,
    speeding10S: s.speeding10S,
    hardBrakes: s.hardBrakes,
    harshAccels: s.harshAccels,
    harshCorners: s.harshCorners,
    crashes: s.crashes,
    engineSignalS: s.engineSignalS,
    rpmUnder800S: s.rpmUnder800S,
    rpmBelowGreenS: s.rpmBelowGreenS,
    rpmGreenS: s.rpmGreenS,
    rpmAboveGreenS: s.rpmAboveGreenS,
    rpmOver1800S: s.rpmOver1800S,
    harshInputS: s.harshInputS,
  };
}

const ZERO_SUMS: IndicatorSums = Object.freeze({
  distanceKm: 0,
  fuelL: 0,
  engineS: 0,
  unknownS: 0,
  drivingS: 0,
  idleS: 0,
  canS: 0,
  greenS: 0,
  inertiaS: 0,
  over60S: 0,
  cruiseS: 0,
  torqueSum: 0,
  torqueS: 0,
  torqueHighS: 0,
  kickdowns: 0,
  excessKm: 0,
  speedingS: 0,
  speeding10S: 0,
  hardBrakes: 0,
  harshAccels: 0,
  harshCorners: 0,
  crashes: 0,
  engineSignalS: 0,
  rpmUnder800S: 0,
  rpmBelowGreenS: 0,
  rpmGreenS: 0,
  rpmAboveGreenS: 0,
  rpmOver1800S: 0,
  harshInputS: 0,
});
