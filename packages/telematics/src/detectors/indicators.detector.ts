// Driving indicators (docs/domain.md §5) and the safe-driving inputs (§6), accumulated per vehicle,
// hour and driver: what each interval [prev, sample) adds, judged by `prev`'s state (§0 time
// shares). The server sums these facts into hourly rows, so an indicator over any period is a sum of
// buckets and never a scan of positions (docs/decisions/0022-driving-analysis.md).
// - green band: driving with rpm in [greenRpmMin, greenRpmMax] and torque > 0 (or torque unknown);
// - inertia: driving above 10 km/h, pedal 0, torque ≤ 1 % or fuel rate ≤ 1 L/h, brake and cruise off;
// - cruise: driving above 60 km/h, and of it with cruise on and the pedal at 0;
// - torque: Σ torque·s while > 0 and time at ≥ 90 %;
// - engine time with an engine signal (ignition or rpm; a phone has none), and per rpm band;
// - kickdown: the switch, else pedal ≥ 95 % for ≥ 1 s; runs less than 3 s apart are one;
// - excess speed: distance and time over the vehicle's limit in runs held ≥ `speedingMinS`
//   (the run's first seconds count once it has held), split at limit + 10 km/h;
// - harsh braking, acceleration, cornering and crashes: the device's events, one per episode
//   (`harshMergeS`);
//   with computed harsh driving (no device events), decelerations or accelerations over the
//   threshold between records at most `harshMaxIntervalS` apart, one per run;
// - harsh-event input: driving time from a tracker wired to the vehicle (ignition or rpm: its
//   accelerometer sends the events) or with computed harsh driving — not a phone's.

import type { HarshEvent } from '../position.js';
import type { IndicatorFact, KickdownFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { NO_FACTS, type Detector, type VehicleContext } from './detector.js';
import { bucketOf, ROLLUP_BUCKET_MS } from './rollup.detector.js';

/** Thresholds of the indicators (domain.md §5 defaults). */
export interface IndicatorThresholds {
  greenRpmMin: number;
  greenRpmMax: number;
  inertiaMinKmh: number;
  inertiaMaxTorquePct: number;
  inertiaMaxFuelLph: number;
  cruiseMinKmh: number;
  kickdownPedalPct: number;
  kickdownMinS: number;
  kickdownMergeS: number;
  torqueHighPct: number;
  /** Speeding above the limit by more than this weighs more in the safe-driving score (§6). */
  speedingBandKmh: number;
  /** The rpm distribution's lowest band ends here (idle and crawling), and its highest starts. */
  rpmLowMax: number;
  rpmHighMin: number;
}

export const INDICATOR_THRESHOLDS: Readonly<IndicatorThresholds> = Object.freeze({
  greenRpmMin: 900,
  greenRpmMax: 1500,
  inertiaMinKmh: 10,
  inertiaMaxTorquePct: 1,
  inertiaMaxFuelLph: 1,
  cruiseMinKmh: 60,
  kickdownPedalPct: 95,
  kickdownMinS: 1,
  kickdownMergeS: 3,
  torqueHighPct: 90,
  speedingBandKmh: 10,
  rpmLowMax: 800,
  rpmHighMin: 1800,
});

/** A run over the speed limit, its distance and time held back until it has lasted long enough. */
export interface OverLimitRun {
  sinceMs: number;
  isHeld: boolean;
  pendingKm: number;
  pendingS: number;
  pending10S: number;
}

/** The indicators detector's slice (plain JSON). */
export interface IndicatorState {
  /** Start of the current kickdown run (switch on or pedal ≥ 95 %). */
  kickdownSinceMs?: number;
  /** The current run has been counted (or merged into the previous one). */
  isKickdownCounted?: boolean;
  /** Last record of the last counted run. */
  kickdownLastMs?: number;
  over?: OverLimitRun;
  /** Last device harsh event of each kind. */
  harshAtMs?: Partial<Record<HarshEvent, number>>;
  /** A computed brake / acceleration run is in progress. */
  isBraking?: boolean;
  isAccelerating?: boolean;
  /** Last record with the device's crash detection. */
  crashAtMs?: number;
}

export const INITIAL_INDICATORS: IndicatorState = Object.freeze({});

/**
 * A new bucket, every sum written out: spreading a frozen zero object here instead cost 15 % more
 * instructions over the whole chain (the regression guard, perf/chain-instructions.test.ts).
 */
function emptyFact(bucketMs: number, driverCode: string): IndicatorFact {
  return {
    type: 'indicators',
    bucketMs,
    driverCode,
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
  };
}

/** Engine time whose state a signal gave, and the rpm distribution (judged by `prev`). */
function addEngineTime(f: IndicatorFact, prev: Sample, engineS: number, th: IndicatorThresholds) {
  const rpm = prev.rpm;
  if (rpm === undefined) {
    if (prev.ignition !== undefined) f.engineSignalS += engineS;
    return;
  }
  f.engineSignalS += engineS;
  if (rpm < th.rpmLowMax) f.rpmUnder800S += engineS;
  else if (rpm < th.greenRpmMin) f.rpmBelowGreenS += engineS;
  else if (rpm <= th.greenRpmMax) f.rpmGreenS += engineS;
  else if (rpm <= th.rpmHighMin) f.rpmAboveGreenS += engineS;
  else f.rpmOver1800S += engineS;
}

function isKickdown(s: Sample, th: IndicatorThresholds): boolean {
  if (s.kickdown !== undefined) return s.kickdown;
  return s.pedalPct !== undefined && s.pedalPct >= th.kickdownPedalPct;
}

/** The interval's time shares and the CAN-based indicators (judged by `prev`). */
function addInterval(
  f: IndicatorFact,
  prev: Sample,
  engineS: number,
  drivingS: number,
  th: IndicatorThresholds,
): void {
  if (engineS > 0) addEngineTime(f, prev, engineS, th);
  if (engineS > 0 && prev.torquePct !== undefined && prev.torquePct > 0) {
    f.torqueSum += prev.torquePct * engineS;
    f.torqueS += engineS;
    if (prev.torquePct >= th.torqueHighPct) f.torqueHighS += engineS;
  }
  if (drivingS === 0) return;
  const speed = prev.speedKmh ?? 0;
  const rpm = prev.rpm;
  const torque = prev.torquePct;
  if (rpm !== undefined) {
    f.canS += drivingS;
    if (rpm >= th.greenRpmMin && rpm <= th.greenRpmMax && (torque === undefined || torque > 0))
      f.greenS += drivingS;
  }
  if (
    speed > th.inertiaMinKmh &&
    prev.pedalPct === 0 &&
    prev.brake !== true &&
    prev.cruise !== true &&
    ((torque !== undefined && torque <= th.inertiaMaxTorquePct) ||
      (prev.fuelRateLph !== undefined && prev.fuelRateLph <= th.inertiaMaxFuelLph))
  )
    f.inertiaS += drivingS;
  if (speed > th.cruiseMinKmh) {
    f.over60S += drivingS;
    if (prev.cruise === true && (prev.pedalPct === undefined || prev.pedalPct === 0))
      f.cruiseS += drivingS;
  }
}

/** Emits what each interval adds to its vehicle's hourly indicators (one fact per interval). */
export const indicatorsDetector: Detector<IndicatorState> = {
  name: 'indicators',
  initial: INITIAL_INDICATORS,
  step(slice, { sample: s, prev, interval }, context: VehicleContext, settings: ReducerSettings) {
    const th = INDICATOR_THRESHOLDS;
    const t = s.fixTimeMs;
    let next: IndicatorState = slice;
    let fact: IndicatorFact | undefined;
    const factOf = (): IndicatorFact =>
      (fact ??= emptyFact(
        bucketOf(prev ? prev.fixTimeMs : t, ROLLUP_BUCKET_MS),
        (prev ?? s).driverCode ?? '',
      ));

    // The interval [prev, s).
    if (prev && interval) {
      const share = interval.share;
      const distanceKm = interval.distanceM / 1000;
      let fuelL = interval.fuelL ?? 0;
      if (interval.fuelL === undefined && prev.fuelRateLph !== undefined && share.engineOnS > 0)
        fuelL = (Math.min(prev.fuelRateLph, settings.maxFuelRateLph) * share.engineOnS) / 3600;
      if (
        distanceKm !== 0 ||
        fuelL !== 0 ||
        share.engineOnS !== 0 ||
        share.unknownS !== 0 ||
        share.drivingS !== 0
      ) {
        const f = factOf();
        f.distanceKm = distanceKm;
        f.fuelL = fuelL;
        f.engineS = share.engineOnS;
        f.unknownS = share.unknownS;
        f.drivingS = share.drivingS;
        f.idleS = share.idleS;
        addInterval(f, prev, share.engineOnS, share.drivingS, th);
        if (
          context.alerts?.harshSource === 'computed' ||
          prev.ignition !== undefined ||
          prev.rpm !== undefined
        )
          f.harshInputS = share.drivingS;
      }

      // Excess speed: a run over the limit, judged by prev, within known engine time.
      const limit = context.speedLimitKmh ?? settings.speedLimitKmh;
      const speed = prev.speedKmh;
      if (share.drivingS > 0 && speed !== undefined && speed > limit) {
        const run: OverLimitRun = slice.over
          ? { ...slice.over }
          : { sinceMs: prev.fixTimeMs, isHeld: false, pendingKm: 0, pendingS: 0, pending10S: 0 };
        const isHigh = speed > limit + th.speedingBandKmh;
        run.pendingKm += distanceKm;
        if (isHigh) run.pending10S += share.drivingS;
        else run.pendingS += share.drivingS;
        if (run.isHeld || (t - run.sinceMs) / 1000 >= settings.speedingMinS) {
          const f = factOf();
          f.excessKm += run.pendingKm;
          f.speedingS += run.pendingS;
          f.speeding10S += run.pending10S;
          run.isHeld = true;
          run.pendingKm = 0;
          run.pendingS = 0;
          run.pending10S = 0;
        }
        next = { ...next, over: run };
      } else if (slice.over) {
        next = { ...next, over: undefined };
      }

      // Computed harsh braking / acceleration (trackers without their own events).
      if (context.alerts?.harshSource === 'computed') {
        const dtS = (t - prev.fixTimeMs) / 1000;
        let braking = false;
        let accelerating = false;
        if (
          dtS > 0 &&
          dtS <= settings.harshMaxIntervalS &&
          prev.speedKmh !== undefined &&
          s.speedKmh !== undefined
        ) {
          const a = (s.speedKmh - prev.speedKmh) / 3.6 / dtS;
          braking = -a >= settings.harshBrakeMps2;
          accelerating = a >= settings.harshAccelMps2;
        }
        if (braking && !slice.isBraking) factOf().hardBrakes += 1;
        if (accelerating && !slice.isAccelerating) factOf().harshAccels += 1;
        if (
          braking !== (slice.isBraking ?? false) ||
          accelerating !== (slice.isAccelerating ?? false)
        )
          next = { ...next, isBraking: braking, isAccelerating: accelerating };
      }
    }

    // The device's own harsh events, one per episode.
    const kind = s.harshEvent;
    if (kind !== undefined && context.alerts?.harshSource !== 'computed') {
      const last = slice.harshAtMs?.[kind];
      if (last === undefined || (t - last) / 1000 > settings.harshMergeS) {
        const f = factOf();
        if (kind === 'brake') f.hardBrakes += 1;
        else if (kind === 'accel') f.harshAccels += 1;
        else f.harshCorners += 1;
      }
      next = { ...next, harshAtMs: { ...slice.harshAtMs, [kind]: t } };
    }

    // The device's crash detection, one per episode.
    if (s.crash === true) {
      const last = slice.crashAtMs;
      if (last === undefined || (t - last) / 1000 > settings.harshMergeS) factOf().crashes += 1;
      next = { ...next, crashAtMs: t };
    }

    // Kickdown runs (state of each record; a run lasts until the first record not in it). Each
    // one counted is also a fact with its place, for the map and the timeline.
    let kickdown: KickdownFact | undefined;
    const countKickdown = () => {
      factOf().kickdowns += 1;
      kickdown = {
        type: 'kickdown',
        timeMs: t,
        ...(s.hasLocation ? { lat: s.lat, lng: s.lng } : {}),
        ...(s.speedKmh === undefined ? {} : { speedKmh: s.speedKmh }),
        ...(s.driverCode === undefined ? {} : { driverCode: s.driverCode }),
      };
    };
    const isKd = isKickdown(s, th);
    const since = slice.kickdownSinceMs;
    if (since !== undefined) {
      const isGap = prev !== undefined && (t - prev.fixTimeMs) / 1000 > settings.maxGapS;
      const isLongEnough = (t - since) / 1000 >= th.kickdownMinS || s.kickdown !== undefined;
      let counted = slice.isKickdownCounted === true;
      if (!counted && isLongEnough && !isGap) {
        countKickdown();
        counted = true;
      }
      if (!isKd || isGap) {
        next = {
          ...next,
          kickdownSinceMs: undefined,
          isKickdownCounted: undefined,
          kickdownLastMs: counted ? t : slice.kickdownLastMs,
        };
      } else if (counted !== (slice.isKickdownCounted === true)) {
        next = { ...next, isKickdownCounted: counted, kickdownLastMs: t };
      }
    }
    if (isKd && next.kickdownSinceMs === undefined) {
      const merged =
        next.kickdownLastMs !== undefined && (t - next.kickdownLastMs) / 1000 < th.kickdownMergeS;
      let counted = merged;
      if (!merged && s.kickdown === true) {
        countKickdown();
        counted = true;
      }
      next = { ...next, kickdownSinceMs: t, isKickdownCounted: counted };
    }

    if (kickdown) return { slice: next, facts: fact ? [fact, kickdown] : [kickdown] };
    return { slice: next, facts: fact ? [fact] : NO_FACTS };
  },
};
