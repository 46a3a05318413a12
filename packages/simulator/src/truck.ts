// A simulated truck: a deterministic state machine advanced by tick(dtMs). It follows its plan
// (truck-plan.ts) leg by leg: warms up, drives to the next stop (accelerates, cruises 80–88 km/h,
// sometimes speeds or brakes hard), idles at the dock, parks with the ignition off, refuels, tops
// up AdBlue and loses mobile coverage now and then; its tracker takes records at the FMB640
// cadence. No clock, no Math.random: time comes from tick() and randomness from the seed, drawn
// per leg, so a truck created at any instant (`atMs`) is the truck that drove there.

import { copyGroundTruth, emptyGroundTruth, type TruckGroundTruth } from './ground-truth.js';
import {
  DEFAULT_RECORDER_SETTINGS,
  DeviceRecorder,
  type RecorderSettings,
} from './device-recorder.js';
import { Random } from './random.js';
import { headingOnRoute, locateOnRoute, type RoutePosition, type RouteStop } from './route.js';
import type { SimRecord } from './sim-record.js';
import {
  DEFAULT_EVENT_RATES,
  DEMO_EVENT_RATES,
  drawDrivingEvent,
  stepSpeed,
  updateMode,
  type DriveMode,
  type EventRates,
} from './truck-driving.js';
import {
  drawTraits,
  type DriverStyle,
  type TruckIdentity,
  type TruckTraits,
} from './truck-profile.js';
import {
  ENGINE_OFF,
  HARSH_DECELERATION_MPS2,
  SPEEDING_KMH,
  drivingSignals,
  idleSignals,
  type EngineSignals,
} from './truck-physics.js';
import { nextSatellites, sampleRecord } from './truck-record.js';
import {
  TruckPlan,
  countersDuring,
  phoneBeforeFirstLeg,
  theftFraction,
  phoneDuring,
  type Leg,
  type LegProgress,
  type TruckCounterValues,
} from './truck-plan.js';
import { TruckTruth } from './truck-truth.js';
import { Dm1Reporter } from './truck-faults.js';
import {
  DEFAULT_SITUATION_RATES,
  DEMO_SITUATION_RATES,
  ReeferUnit,
  drawHarshAccel,
  drawHarshCorner,
  greenDrivingValue,
  reeferProfileFor,
  unknownDriverCodeFor,
  type DeviceHarshEvent,
  type ReeferExcursion,
  type ReeferProfile,
  type SituationRates,
} from './truck-events.js';

/** How a truck is created. */
export interface TruckOptions {
  seed: string | number;
  /** The truck's first instant: its plan starts here, parked at a stop. */
  startMs: number;
  /**
   * Where the simulation begins (default `startMs`): the truck is put in the state it is in at
   * that instant, found from its plan, without simulating what came before its current leg.
   * Records the tracker sent before it are not returned; those it holds without coverage are.
   */
  atMs?: number;
  recorder?: Partial<RecorderSettings>;
  rates?: Partial<EventRates>;
  situations?: Partial<SituationRates>;
  /** The fuel level sensor's faults (default: the gentle one). */
  fuelSensor?: Partial<FuelSensorNoise>;
  /**
   * A speed limiter (the demo's trucks, issue 22): set at 80–90 km/h, it caps the cruise and
   * every speeding episode; an aggressive driver pushes his (90 km/h) and a descent carries the
   * truck a few km/h past it. Default: none (the accuracy tests' trucks speed up to 110 km/h).
   */
  speedLimiter?: boolean;
}

/** The demo's trucks (issue 22): its event and situation rates, speed limiters. */
export const DEMO_TRUCK_OPTIONS = Object.freeze({
  rates: DEMO_EVENT_RATES,
  situations: DEMO_SITUATION_RATES,
  speedLimiter: true,
}) satisfies Partial<TruckOptions>;

/** A truck's speed limiter: where it cuts the engine, and how far a descent carries past it. */
export interface SpeedLimiter {
  kmh: number;
  overrunKmh: number;
}

/** The limiter of a truck: 90 km/h for an aggressive driver (who pushes it), else 80–88. */
export function speedLimiterOf(
  seed: string | number,
  style: DriverStyle | undefined,
): SpeedLimiter {
  const rng = new Random(`${seed}/limiter`);
  if (style === 'aggressive') return { kmh: 90, overrunKmh: rng.range(2, 4.5) };
  return { kmh: [80, 85, 88][Math.floor(rng.range(0, 3))]!, overrunKmh: rng.range(0, 1.5) };
}

/** How the fuel level sensor misreads while driving. */
export interface FuelSensorNoise {
  /** Uniform noise, ± % of the tank. */
  noisePct: number;
  /** Slosh on a slope: % of the tank per % of road grade (fuel runs to the low end). */
  slopePctPerGrade: number;
  /** Steepest grade of the rolling terrain the routes cross, %. */
  maxGradePct: number;
  /**
   * Seconds the fuel takes to settle after the truck stops (the braking's slosh decays with this
   * time constant); 0: it reads settled at once.
   */
  settleS: number;
  /**
   * Share of departures from a refill that stop again within minutes (the station's exit, a
   * light, papers), a few hundred metres on, standing 1–5 min on another slope.
   */
  haltAfterRefillShare: number;
}

/** Out of the box: ±0.8 % noise, no slopes (the routes carry no grade). */
export const DEFAULT_FUEL_SENSOR: FuelSensorNoise = {
  noisePct: 0.8,
  slopePctPerGrade: 0,
  maxGradePct: 0,
  settleS: 0,
  haltAfterRefillShare: 0,
};

/**
 * A harder sensor (issue 14's "real tanks are worse", issue 22's realistic tank signals): ±2.5 %
 * noise while driving, sloshing with acceleration that takes 20 s to settle once stopped, and
 * rolling terrain up to 3 % grade with 1.2 % of slosh per % of grade — standing too — so a level
 * read on a slope is off by up to 3.6 % for as long as the truck stands there; and half the
 * departures from a refill stop again within minutes on another slope.
 */
export const HARSH_FUEL_SENSOR: FuelSensorNoise = {
  noisePct: 2.5,
  slopePctPerGrade: 1.2,
  maxGradePct: 3,
  settleS: 20,
  haltAfterRefillShare: 0.5,
};

/** Steepest grade of the rolling terrain the drivers feel (coasting downhill), %. */
const TERRAIN_MAX_GRADE_PCT = 3;

/** Road grade, %, at a distance along the truck's odometer: rolling hills, no draw of randomness. */
export function rollingGradePct(odometerM: number, maxGradePct: number): number {
  if (maxGradePct === 0) return 0;
  const hills = Math.sin((2 * Math.PI * odometerM) / 9_000);
  const swell = 0.6 + 0.4 * Math.sin((2 * Math.PI * odometerM) / 23_000);
  return maxGradePct * hills * swell;
}

/** What a truck is doing, for status displays. */
export interface TruckStatus {
  timeMs: number;
  activity: 'driving' | 'idling' | 'parked';
  place?: string;
  speedKmh: number;
  lat: number;
  lng: number;
  isOffline: boolean;
}

type Phase =
  | { kind: 'driving'; mode: DriveMode }
  | { kind: 'idle'; purpose: 'dock' | 'warm-up'; untilMs: number }
  | { kind: 'parked'; untilMs: number };

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;
/** Random events start only while the truck is comfortably within its leg's time budget. */
const ON_TIME_SPEED_KMH = 70;
const ON_TIME_MARGIN_MS = 5 * MINUTE_MS;
/** The satellite count a leg starts with. */
const FIRST_SATELLITES = 11;
/** A reefer's load is back in range this long before a leg ends (each leg starts it anew). */
const REEFER_SETTLE_MS = 45 * MINUTE_MS;

/**
 * The truck of the fleet with an AdBlue emulator (serial 5): its tracker reads one fixed urea
 * level and no AdBlue is ever bought (issue 14).
 */
export function hasAdBlueEmulator(imei: string): boolean {
  return imei.endsWith('00005');
}
/** The level an AdBlue emulator reports, %. */
const EMULATED_UREA_PCT = 88;
/** Slosh at the level sensor per m/s² of acceleration (braking pushes the fuel forward), %. */
const SLOSH_PCT_PER_MPS2 = 1.5;

/** A simulated truck and its tracker. */
export class Truck {
  readonly identity: TruckIdentity;
  readonly traits: TruckTraits;
  private readonly plan: TruckPlan;
  private readonly rates: EventRates;
  private readonly recorder: DeviceRecorder;
  private readonly truth: TruckTruth;
  private readonly situations: SituationRates;
  private readonly limiter?: SpeedLimiter;
  private readonly reeferProfileOf?: ReeferProfile;
  /** The reefer unit of the leg under way (each leg starts at the set-point). */
  private reefer?: ReeferUnit;
  private readonly pastReeferExcursions: ReeferExcursion[] = [];
  /** Situations of the leg (truck-events.ts): harsh pull-aways and swerves, drivers, reefer. */
  private events: Random;
  private driverCode?: string;
  private pendingHarsh?: DeviceHarshEvent;
  private powerCut?: { startMs: number; endMs: number };
  /** The tracker's DM1 reports of the truck's faults (truck-faults.ts). */
  private readonly dm1: Dm1Reporter;

  private time: number;
  private pendingMs = 0;
  /** The leg under way; undefined while parked before the first one. */
  private leg: Leg | undefined;
  private progress: LegProgress = {
    idleMs: 0,
    driveFraction: 0,
    refueled: false,
    adBlueFilled: false,
  };
  private drive: Random;
  private sensors: Random;
  private phase: Phase;
  private posM: number;
  private direction: 1 | -1;
  private speedKmh = 0;
  private accelerationMps2 = 0;
  private readonly fuelSensor: FuelSensorNoise;
  /** The slosh the last stop left (% of the tank) and when it stopped: it settles over `settleS`. */
  private settling?: { pct: number; atMs: number };
  /** This leg's halt after a refill: where (metres from its start) and for how long. */
  private haltAfterRefill?: { atM: number; holdMs: number };
  /** Where the truck is, computed when asked (records, status), not every simulated second. */
  private located: RoutePosition | undefined;
  private engine: EngineSignals = ENGINE_OFF;
  private ignition = false;
  private lastRecordedIgnition = false;
  private pendingEventIo = 0;
  /** The counters now, computed when asked (records, ground truth), from the leg's progress. */
  private countersNow: TruckCounterValues | undefined;
  private satellites = FIRST_SATELLITES;
  private coverageUntilMs?: number;
  private readonly isUreaEmulated: boolean;
  /** Index of the leg whose theft is in the ground truth already. */
  private theftLoggedLeg = -1;

  constructor(identity: TruckIdentity, options: TruckOptions) {
    this.identity = identity;
    const rng = new Random(options.seed);
    this.traits = drawTraits(rng.fork('traits'), identity.style, identity.kind);
    this.rates = { ...DEFAULT_EVENT_RATES, ...options.rates };
    this.recorder = new DeviceRecorder({ ...DEFAULT_RECORDER_SETTINGS, ...options.recorder });
    this.truth = new TruckTruth(emptyGroundTruth(identity.imei, identity.plate));
    this.situations = { ...DEFAULT_SITUATION_RATES, ...options.situations };
    this.limiter = options.speedLimiter ? speedLimiterOf(options.seed, identity.style) : undefined;
    this.reeferProfileOf = reeferProfileFor(identity.imei);
    this.isUreaEmulated = hasAdBlueEmulator(identity.imei);
    this.fuelSensor = { ...DEFAULT_FUEL_SENSOR, ...options.fuelSensor };
    this.driverCode = identity.driverCode;
    this.dm1 = new Dm1Reporter(identity.imei);
    const startMs = Math.floor(options.startMs / SECOND_MS) * SECOND_MS;
    this.plan = new TruckPlan(identity, this.traits, options.seed, startMs, this.situations);

    const atMs = Math.max(startMs, options.atMs ?? startMs);
    const leg = this.plan.legAt(atMs);
    const initial = this.plan.initial;
    this.time = leg ? leg.startMs : startMs;
    this.direction = leg ? leg.direction : initial.direction;
    const stop = this.stopAt(leg ? leg.fromStop : initial.stopIndex);
    this.posM = stop.atM;
    this.drive = rng.fork('drive');
    this.sensors = rng.fork('sensors');
    this.events = rng.fork('events');
    if (this.reeferProfileOf) this.reefer = new ReeferUnit(this.reeferProfileOf, this.time);
    this.truth.addDriverSession(this.time, this.driverCode, true);
    this.truth.openStop(stop.place.name, this.time, this.counters.fuelLevelPct);
    this.truth.parkedFrom(this.time);
    this.phase = { kind: 'parked', untilMs: this.plan.leg(0).startMs };
    if (leg) this.enterLeg(leg);
    this.maybeRecord(true); // the tracker reports where it is as soon as it runs
    if (atMs > this.time) {
      this.advanceTo(atMs);
      this.truth.forget();
    }
  }

  private get where(): RoutePosition {
    this.located ??= locateOnRoute(this.identity.route, this.posM, this.direction);
    return this.located;
  }

  /** Simulated time, epoch ms. */
  get timeMs(): number {
    return this.time;
  }

  /** Advances simulated time by `dtMs` (in whole seconds; remainders carry over) and returns the
   *  records the tracker can send now, oldest first. */
  tick(dtMs: number): SimRecord[] {
    this.pendingMs += dtMs;
    const targetMs = this.time + Math.floor(this.pendingMs / SECOND_MS) * SECOND_MS;
    this.pendingMs -= targetMs - this.time;
    while (this.time < targetMs) {
      if (this.phase.kind === 'driving') this.driveOneSecond(this.phase);
      else this.standStill(targetMs);
      this.maybeRecord(false);
    }
    return this.recorder.drain();
  }

  /** Advances to `timeMs` (no-op when already there). */
  advanceTo(timeMs: number): SimRecord[] {
    return this.tick(Math.max(0, timeMs - this.time - this.pendingMs));
  }

  /**
   * Goes live where the truck is: the tracker drops what it held without coverage (from before
   * it was placed here), has coverage, and reports at once, whatever its cadence.
   */
  goLive(): void {
    this.recorder.forgetBuffered();
    if (this.coverageUntilMs !== undefined) this.endCoverageGap();
    this.maybeRecord(true);
  }

  /** What the truck really did so far (a copy). */
  groundTruth(): TruckGroundTruth {
    const truth = copyGroundTruth(this.truth.facts);
    truth.reeferExcursions = [...this.pastReeferExcursions, ...(this.reefer?.excursions ?? [])].map(
      (e) => ({ ...e }),
    );
    return truth;
  }

  /** The reefer's settings when the truck pulls one (the vehicle's alert context). */
  get reeferProfile(): ReeferProfile | undefined {
    return this.reeferProfileOf;
  }

  /** What the truck is doing now. */
  status(): TruckStatus {
    const p = this.phase;
    const atStop = this.leg && this.progress.driveFraction >= 1 ? this.leg.toStop : undefined;
    const stopIndex = atStop ?? this.leg?.fromStop ?? this.plan.initial.stopIndex;
    return {
      timeMs: this.time,
      activity: p.kind === 'driving' ? 'driving' : p.kind === 'idle' ? 'idling' : 'parked',
      place: p.kind === 'driving' ? undefined : this.stopAt(stopIndex).place.name,
      speedKmh: this.speedKmh,
      lat: this.where.lat,
      lng: this.where.lng,
      isOffline: this.recorder.offline,
    };
  }

  private stopAt(index: number): RouteStop {
    const stop = this.identity.route.stops[index];
    if (!stop) throw new RangeError(`route ${this.identity.route.id} has no stop ${index}`);
    return stop;
  }

  /** Rounds a future time up to the truck's one-second grid. */
  private onGrid(timeMs: number): number {
    return this.time + Math.max(1, Math.ceil((timeMs - this.time) / SECOND_MS)) * SECOND_MS;
  }

  private get counters(): TruckCounterValues {
    this.countersNow ??= this.leg
      ? countersDuring(this.leg, this.progress, this.identity, this.traits.efficiency)
      : { ...this.plan.initial };
    return this.countersNow;
  }

  private updateCounters(): void {
    this.countersNow = undefined;
  }

  private phonePct(): number {
    return this.leg
      ? phoneDuring(this.leg, this.time)
      : phoneBeforeFirstLeg(this.plan.startMs, this.time);
  }

  // ---- legs ---------------------------------------------------------------------------------

  /** Starts a leg at its first instant: parked at its first stop, the engine starting. */
  private enterLeg(leg: Leg): void {
    const leftRefill = this.leg?.refuel !== undefined && this.progress.refueled;
    this.haltAfterRefill = undefined;
    if (leftRefill && this.fuelSensor.haltAfterRefillShare > 0) {
      const rng = this.plan.legRandom(leg.index, 'halt');
      if (rng.chance(this.fuelSensor.haltAfterRefillShare)) {
        this.haltAfterRefill = {
          atM: Math.min(rng.range(300, 3000), leg.distanceM / 2),
          holdMs: Math.round(rng.range(60, 300)) * SECOND_MS,
        };
      }
    }
    this.leg = leg;
    this.progress = { idleMs: 0, driveFraction: 0, refueled: false, adBlueFilled: false };
    this.countersNow = undefined;
    this.drive = this.plan.legRandom(leg.index, 'drive');
    this.sensors = this.plan.legRandom(leg.index, 'sensors');
    this.events = this.plan.legRandom(leg.index, 'events');
    this.satellites = FIRST_SATELLITES;
    this.pendingEventIo = 0;
    this.pendingHarsh = undefined;
    this.powerCut = undefined;
    if (this.reeferProfileOf) {
      if (this.reefer) this.pastReeferExcursions.push(...this.reefer.excursions);
      this.reefer = new ReeferUnit(this.reeferProfileOf, leg.startMs);
    }
    this.drawDriver();
    if (this.coverageUntilMs !== undefined) this.endCoverageGap();
    this.direction = leg.direction;
    this.posM = this.stopAt(leg.fromStop).atM;
    this.located = undefined;
    this.truth.parkedUntil(this.time);
    this.startIdle('warm-up', leg.startMs + leg.warmUpMs);
  }

  // ---- driving ------------------------------------------------------------------------------

  private driveOneSecond(p: Extract<Phase, { kind: 'driving' }>): void {
    const leg = this.leg!;
    const fromAtM = this.stopAt(leg.fromStop).atM;
    const stopAtM = this.stopAt(leg.toStop).atM;
    const remainingM = Math.abs(stopAtM - this.posM);
    const halt = this.haltAfterRefill;
    if (halt && p.mode.kind === 'normal' && Math.abs(this.posM - fromAtM) >= halt.atM) {
      p.mode = { kind: 'halt', holdMs: halt.holdMs };
      this.haltAfterRefill = undefined;
    }
    p.mode = updateMode(p.mode, this.time, this.speedKmh);
    const step = stepSpeed({
      speedKmh: this.speedKmh,
      mode: p.mode,
      cruiseKmh: this.limiter ? Math.min(leg.cruiseKmh, this.limiter.kmh) : leg.cruiseKmh,
      remainingM,
      travelledM: Math.abs(this.posM - fromAtM),
    });
    if (step.hasBrakedEnough) p.mode = { kind: 'normal' };

    const v0 = this.speedKmh;
    const stepM = (v0 + step.speedKmh) / 2 / 3.6;
    const arrived = stepM >= remainingM;
    const v1 = arrived ? 0 : step.speedKmh;
    this.posM = arrived ? stopAtM : this.posM + this.direction * stepM;
    this.accelerationMps2 = (v1 - v0) / 3.6;
    this.speedKmh = v1;
    this.time += SECOND_MS;
    this.located = undefined;
    this.progress.driveFraction = arrived
      ? 1
      : Math.min(1, Math.abs(this.posM - fromAtM) / leg.distanceM);
    this.updateCounters();
    this.engine = drivingSignals({
      speedKmh: v1,
      accelerationMps2: this.accelerationMps2,
      isCruising: step.isCruising,
      usesCruiseControl: leg.usesCruiseControl,
      efficiency: this.traits.efficiency,
      style: this.traits.style,
      throttlePct: this.traits.throttlePct,
      revsFactor: this.traits.revsFactor,
      // Downhill on the rolling terrain, a driver who anticipates lifts off and rolls.
      isCoasting:
        step.isCruising &&
        rollingGradePct(this.counters.odometerM, TERRAIN_MAX_GRADE_PCT) <
          -this.traits.coastFromGradePct,
    });
    if (v1 === 0 && v0 > 0) {
      // Stopped: the braking's slosh settles over the next seconds.
      if (this.fuelSensor.settleS > 0) {
        this.settling = { pct: SLOSH_PCT_PER_MPS2 * -this.accelerationMps2, atMs: this.time };
      }
      if (!arrived) this.engine = idleSignals(this.traits.efficiency);
    } else if (v1 === 0 && !arrived) {
      this.engine = idleSignals(this.traits.efficiency);
    }

    if (v1 >= 5 && !this.truth.isTripOpen) {
      const c = this.counters;
      this.truth.closeStop(this.time, c.fuelLevelPct);
      this.truth.openTrip(
        this.time,
        this.stopAt(leg.fromStop).place.name,
        c.odometerM,
        c.fuelUsedL,
      );
    }
    this.truth.trackSpeed(this.time, v1, SPEEDING_KMH);

    if (step.isCruising && remainingM > 5000 && this.isOnTime(leg, remainingM)) {
      this.startEvent(p, v1);
    }
    this.maybeSituation(p, v0, v1, step.isCruising);
    if (!this.recorder.offline && this.drive.chance(this.rates.coverageLoss)) {
      this.coverageUntilMs = this.onGrid(this.time + this.drive.range(5, 30) * MINUTE_MS);
      this.recorder.setOffline(true);
      this.truth.openGap(this.time);
    }
    this.endCoverageGapIfDue();
    if (arrived) this.arrive(leg);
  }

  /** Whether the truck can afford an event and still arrive within its leg's time budget. */
  private isOnTime(leg: Leg, remainingM: number): boolean {
    const deadlineMs = leg.startMs + leg.warmUpMs + leg.driveBudgetMs;
    const neededMs = (remainingM / (ON_TIME_SPEED_KMH / 3.6)) * 1000 + ON_TIME_MARGIN_MS;
    return this.time + neededMs < deadlineMs;
  }

  private startEvent(p: Extract<Phase, { kind: 'driving' }>, speedKmh: number): void {
    const k = this.traits.aggressiveness;
    let mode = drawDrivingEvent(this.drive, this.rates, k, this.time);
    if (!mode) return;
    if (mode.kind === 'speeding' && this.limiter) {
      // The limiter holds the truck; only a descent carries it past.
      const targetKmh = Math.min(mode.targetKmh, this.limiter.kmh + this.limiter.overrunKmh);
      mode =
        targetKmh > SPEEDING_KMH
          ? { ...mode, targetKmh }
          : { ...mode, targetKmh, untilMs: this.time + mode.durationMs };
    }
    p.mode = mode;
    if (mode.kind === 'harsh-brake') {
      this.pendingEventIo = 253;
      this.pendingHarsh = { kind: 'brake', valueGx100: greenDrivingValue(HARSH_DECELERATION_MPS2) };
      this.truth.addHarshBrake(this.time, this.where, speedKmh, HARSH_DECELERATION_MPS2);
    }
  }

  /** Harsh pull-aways, swerves and reefer failures (truck-events.ts). */
  private maybeSituation(
    p: Extract<Phase, { kind: 'driving' }>,
    v0: number,
    v1: number,
    isCruising: boolean,
  ): void {
    const rates = this.situations;
    if (p.mode.kind === 'normal' && v1 > v0 && v1 >= 5 && v1 <= 25) {
      if (this.events.chance(rates.harshAccel)) {
        const accelMps2 = drawHarshAccel(this.events);
        p.mode = { kind: 'harsh-accel', untilMs: this.time + 2000, accelMps2 };
        this.pendingEventIo = 253;
        this.pendingHarsh = { kind: 'accel', valueGx100: greenDrivingValue(accelMps2) };
        this.truth.addHarshEvent('accel', this.time, this.where, v1, accelMps2);
      }
    } else if (p.mode.kind === 'normal' && isCruising && this.events.chance(rates.harshCorner)) {
      const lateralMps2 = drawHarshCorner(this.events);
      this.pendingEventIo = 253;
      this.pendingHarsh = { kind: 'corner', valueGx100: greenDrivingValue(lateralMps2) };
      this.truth.addHarshEvent('corner', this.time, this.where, v1, lateralMps2);
    }
    if (this.reefer && this.events.chance(rates.reeferFailure / 3600)) {
      this.warmReefer(this.events.range(30, 90) * MINUTE_MS, 'unit-failure');
    }
  }

  /** The reefer's load warms (doors open, unit down) for a while, back in range by the leg's end. */
  private warmReefer(durationMs: number, cause: ReeferExcursion['cause']): void {
    const reefer = this.reefer!;
    const untilMs = Math.min(this.time + durationMs, this.leg!.endMs - REEFER_SETTLE_MS);
    if (untilMs <= this.time) return;
    reefer.advanceTo(this.time);
    reefer.warmUntil(untilMs, cause);
  }

  /** Who drives this leg: usually the truck's driver; sometimes a relief driver or no card. */
  private drawDriver(): void {
    let code: string | undefined = this.identity.driverCode;
    let isKnown = true;
    if (this.events.chance(this.situations.unknownCard)) {
      code = unknownDriverCodeFor(this.identity.imei, this.leg!.index);
      isKnown = false;
    } else if (this.events.chance(this.situations.noCard)) {
      code = undefined;
      isKnown = false;
    }
    if (code === this.driverCode) return;
    this.driverCode = code;
    this.truth.addDriverSession(this.time, code, isKnown);
  }

  private arrive(leg: Leg): void {
    const stop = this.stopAt(leg.toStop);
    const c = this.counters;
    this.truth.closeTrip(this.time, stop.place.name, c.odometerM, c.fuelUsedL);
    this.truth.trackSpeed(this.time, 0, SPEEDING_KMH);
    this.truth.openStop(stop.place.name, this.time, c.fuelLevelPct);
    if (this.reefer && stop.place.kind !== 'fuel-station') {
      if (this.events.chance(this.situations.reeferDoorOpen)) {
        this.warmReefer(this.events.range(15, 35) * MINUTE_MS, 'door-open');
      }
    }
    if (leg.dockIdleMs > 0) this.startIdle('dock', this.time + leg.dockIdleMs);
    else this.park();
  }

  // ---- standing still -----------------------------------------------------------------------

  private startIdle(purpose: 'dock' | 'warm-up', untilMs: number): void {
    this.phase = { kind: 'idle', purpose, untilMs: this.onGrid(untilMs) };
    this.ignition = true;
    this.speedKmh = 0;
    this.accelerationMps2 = 0;
    this.engine = idleSignals(this.traits.efficiency);
    const leg = this.leg!;
    const place = this.stopAt(purpose === 'dock' ? leg.toStop : leg.fromStop).place.name;
    this.truth.openIdle(purpose, place, this.time, this.counters.fuelUsedL);
  }

  private park(): void {
    const untilMs = this.leg!.endMs;
    // Parked, the fuel settles: the last braking's slosh no longer shows at the sensor.
    this.accelerationMps2 = 0;
    if (this.events.chance(this.situations.powerCut)) {
      const startMs = this.onGrid(this.time + 5 * MINUTE_MS);
      const endMs = Math.min(
        this.onGrid(startMs + this.events.range(10, 40) * MINUTE_MS),
        untilMs - 2 * MINUTE_MS,
      );
      if (endMs > startMs) {
        this.powerCut = { startMs, endMs };
        this.truth.addPowerCut(startMs, endMs);
      }
    }
    this.phase = { kind: 'parked', untilMs };
    this.ignition = false;
    this.engine = ENGINE_OFF;
    this.truth.parkedFrom(this.time);
  }

  /** Advances a standing truck to its next event (or `targetMs`). */
  private standStill(targetMs: number): void {
    const p = this.phase;
    if (p.kind === 'driving') return;
    const leg = this.leg;
    const isParked = p.kind === 'parked';
    const refuelAtMs =
      isParked && leg?.refuel && !this.progress.refueled ? leg.refuel.atMs : Infinity;
    const adBlueAtMs =
      isParked && leg?.adBlue && !this.progress.adBlueFilled ? leg.adBlue.atMs : Infinity;
    const next = Math.min(
      targetMs,
      p.untilMs,
      refuelAtMs,
      adBlueAtMs,
      this.coverageUntilMs ?? Infinity,
      this.recorder.nextDueMs({ moving: false, ignition: this.ignition }),
      this.powerCutEdgeAfter(this.time),
    );
    const stepMs = Math.max(1, Math.ceil((next - this.time) / SECOND_MS)) * SECOND_MS;
    this.time += stepMs;
    if (this.ignition) this.progress.idleMs += stepMs;
    if (leg?.theft && isParked) this.steal(leg, leg.theft);
    this.updateCounters();
    this.endCoverageGapIfDue();
    const cut = this.powerCut;
    if (cut && (this.time === cut.startMs || this.time === cut.endMs)) this.pendingEventIo = 66;
    if (cut && this.time >= cut.endMs) this.powerCut = undefined;

    if (leg && isParked) {
      if (this.time >= refuelAtMs) this.refill('fuel', leg);
      if (this.time >= adBlueAtMs) this.refill('adblue', leg);
    }
    if (this.time < p.untilMs) return;
    if (p.kind === 'parked') {
      this.enterLeg(leg ? this.plan.leg(leg.index + 1) : this.plan.leg(0));
    } else {
      this.truth.closeIdle(this.time, this.counters.fuelUsedL);
      if (p.purpose === 'dock') this.park();
      else this.depart();
    }
  }

  /** The next start or end of a scheduled power cut after `timeMs`. */
  private powerCutEdgeAfter(timeMs: number): number {
    const cut = this.powerCut;
    if (!cut) return Infinity;
    if (cut.startMs > timeMs) return cut.startMs;
    return cut.endMs > timeMs ? cut.endMs : Infinity;
  }

  private depart(): void {
    this.phase = { kind: 'driving', mode: { kind: 'normal' } };
    this.located = undefined;
  }

  private steal(leg: Leg, theft: NonNullable<Leg['theft']>): void {
    this.progress.stolenFraction = theftFraction(theft, this.time);
    if (this.progress.stolenFraction < 1 || this.theftLoggedLeg === leg.index) return;
    this.theftLoggedLeg = leg.index;
    this.truth.addTheft({
      startMs: theft.startMs,
      endMs: theft.endMs,
      place: this.stopAt(leg.toStop).place.name,
      litres: (theft.pct / 100) * this.identity.tankCapacityL,
      kind: theft.kind,
    });
  }

  private refill(kind: 'fuel' | 'adblue', leg: Leg): void {
    const place = this.stopAt(leg.toStop).place.name;
    const before = this.counters;
    if (kind === 'fuel') this.progress.refueled = true;
    else this.progress.adBlueFilled = true;
    this.updateCounters();
    const after = this.counters;
    if (kind === 'fuel') {
      const litres =
        ((after.fuelLevelPct - before.fuelLevelPct) / 100) * this.identity.tankCapacityL;
      this.truth.addRefuel(this.time, place, litres, before.fuelLevelPct, after.fuelLevelPct);
    } else if (!this.isUreaEmulated) {
      const litres =
        ((after.ureaLevelPct - before.ureaLevelPct) / 100) * this.identity.ureaCapacityL;
      this.truth.addAdBlueTopUp(this.time, place, litres, before.ureaLevelPct, after.ureaLevelPct);
    }
  }

  private endCoverageGapIfDue(): void {
    if (this.coverageUntilMs === undefined || this.time < this.coverageUntilMs) return;
    this.endCoverageGap();
  }

  private endCoverageGap(): void {
    this.truth.closeGap(this.time, this.recorder.bufferedCount);
    this.recorder.setOffline(false);
    this.coverageUntilMs = undefined;
  }

  // ---- tracker --------------------------------------------------------------------------------

  private maybeRecord(isFirst: boolean): void {
    const moving = this.speedKmh > 0;
    if (this.ignition !== this.lastRecordedIgnition && this.pendingEventIo === 0) {
      this.pendingEventIo = 239;
    }
    const due =
      isFirst ||
      this.recorder.isDue({
        timeMs: this.time,
        moving,
        ignition: this.ignition,
        headingDeg: moving
          ? headingOnRoute(this.identity.route, this.posM, this.direction)
          : this.where.headingDeg,
        hasEvent: this.pendingEventIo !== 0,
      });
    if (due) this.takeRecord();
  }

  /**
   * What the level sensor feels: the level, shifted by sloshing when the truck speeds up or
   * brakes, or one stuck value during part of some drives (the level where it got stuck).
   */
  private isFuelLevelStuck(): boolean {
    const stuck = this.leg?.stuckFuelSensor;
    const f = this.progress.driveFraction;
    return (
      stuck !== undefined &&
      this.phase.kind === 'driving' &&
      f >= stuck.fromFraction &&
      f < stuck.toFraction
    );
  }

  private fuelLevelReading(levelPct: number): number {
    const leg = this.leg;
    const stuck = leg?.stuckFuelSensor;
    if (leg && stuck && this.isFuelLevelStuck()) {
      const at = countersDuring(
        leg,
        {
          idleMs: leg.warmUpMs,
          driveFraction: stuck.fromFraction,
          refueled: false,
          adBlueFilled: false,
        },
        this.identity,
        this.traits.efficiency,
      );
      return Math.round(at.fuelLevelPct);
    }
    const { slopePctPerGrade, maxGradePct, settleS } = this.fuelSensor;
    // On a slope the fuel runs to one end, standing or moving (the realistic sensor; the gentle
    // one has no grades).
    const slope =
      slopePctPerGrade === 0
        ? 0
        : slopePctPerGrade * rollingGradePct(this.counters.odometerM, maxGradePct);
    const s = this.settling;
    const settlingPct =
      this.speedKmh === 0 && s && settleS > 0
        ? s.pct * Math.exp(-(this.time - s.atMs) / (settleS * SECOND_MS))
        : 0;
    return Math.min(
      100,
      Math.max(0, levelPct - SLOSH_PCT_PER_MPS2 * this.accelerationMps2 - slope + settlingPct),
    );
  }

  private takeRecord(): void {
    this.satellites = nextSatellites(this.sensors, this.satellites);
    const c = this.counters;
    const cut = this.powerCut;
    const record = sampleRecord(
      {
        timeMs: this.time,
        where: this.where,
        speedKmh: this.speedKmh,
        ignition: this.ignition,
        engine: this.engine,
        satellites: this.satellites,
        fuelLevelPct: this.fuelLevelReading(c.fuelLevelPct),
        isFuelLevelStuck: this.isFuelLevelStuck(),
        fuelNoisePct: this.fuelSensor.noisePct,
        fuelUsedL: c.fuelUsedL,
        odometerM: c.odometerM,
        engineHours: c.engineHours,
        ureaLevelPct: this.isUreaEmulated ? EMULATED_UREA_PCT : c.ureaLevelPct,
        serviceDistanceKm: c.serviceDistanceKm,
        phoneBatteryPct: this.phonePct(),
        isOffline: this.recorder.offline,
        driverCode: this.driverCode,
        eventIoId: this.pendingEventIo,
        harsh: this.pendingEventIo === 253 ? this.pendingHarsh : undefined,
        isPowerCut: cut !== undefined && this.time >= cut.startMs && this.time < cut.endMs,
        temperatureC: this.reefer?.advanceTo(this.time),
      },
      this.sensors,
    );
    const dm1 = this.dm1.reportAt(this.time, this.ignition);
    if (dm1) record.dm1 = dm1;
    this.pendingEventIo = 0;
    this.pendingHarsh = undefined;
    this.lastRecordedIgnition = this.ignition;
    this.recorder.take(record);
  }
}
