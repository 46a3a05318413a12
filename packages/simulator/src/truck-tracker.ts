// A simulated truck's state and tracker (the records it takes at the FMB640 cadence, the level
// sensor's misreadings, coverage gaps); truck.ts drives it. No clock, no Math.random.

import { copyGroundTruth, emptyGroundTruth, type TruckGroundTruth } from './ground-truth.js';
import { DEFAULT_RECORDER_SETTINGS, DeviceRecorder } from './device-recorder.js';
import { Random } from './random.js';
import { headingOnRoute, locateOnRoute, type RoutePosition, type RouteStop } from './route.js';
import { DEFAULT_EVENT_RATES, type DriveMode, type EventRates } from './truck-driving.js';
import { drawTraits, type TruckIdentity, type TruckTraits } from './truck-profile.js';
import { ENGINE_OFF, type EngineSignals } from './truck-physics.js';
import { nextSatellites, sampleRecord } from './truck-record.js';
import {
  TruckPlan,
  countersDuring,
  phoneBeforeFirstLeg,
  phoneDuring,
  type Leg,
  type LegProgress,
  type TruckCounterValues,
} from './truck-plan.js';
import { TruckTruth } from './truck-truth.js';
import { Dm1Reporter } from './truck-faults.js';
import {
  DEFAULT_SITUATION_RATES,
  ReeferUnit,
  reeferProfileFor,
  type DeviceHarshEvent,
  type ReeferExcursion,
  type ReeferProfile,
  type SituationRates,
} from './truck-events.js';
import {
  DEFAULT_FUEL_SENSOR,
  EMULATED_UREA_PCT,
  type FuelSensorNoise,
  SLOSH_PCT_PER_MPS2,
  type SpeedLimiter,
  type TruckOptions,
  type TruckStatus,
  hasAdBlueEmulator,
  rollingGradePct,
  speedLimiterOf,
} from './truck-options.js';

export type Phase =
  | { kind: 'driving'; mode: DriveMode }
  | { kind: 'idle'; purpose: 'dock' | 'warm-up'; untilMs: number }
  | { kind: 'parked'; untilMs: number };

export const SECOND_MS = 1000;
export const MINUTE_MS = 60_000;
/** The satellite count a leg starts with. */
export const FIRST_SATELLITES = 11;

/**
 * A simulated truck's state and its tracker: what it carries, where it is, its counters, and the
 * records the tracker takes of it. The driving state machine that moves it is `Truck` (truck.ts).
 */
export abstract class TruckTracker {
  readonly identity: TruckIdentity;
  readonly traits: TruckTraits;
  protected readonly plan: TruckPlan;
  protected readonly rates: EventRates;
  protected readonly recorder: DeviceRecorder;
  protected readonly truth: TruckTruth;
  protected readonly situations: SituationRates;
  protected readonly limiter?: SpeedLimiter;
  protected readonly reeferProfileOf?: ReeferProfile;
  /** The reefer unit of the leg under way (each leg starts at the set-point). */
  protected reefer?: ReeferUnit;
  protected readonly pastReeferExcursions: ReeferExcursion[] = [];
  /** Situations of the leg (truck-events.ts): harsh pull-aways and swerves, drivers, reefer. */
  protected events: Random;
  protected driverCode?: string;
  protected pendingHarsh?: DeviceHarshEvent;
  protected powerCut?: { startMs: number; endMs: number };
  /** The tracker's DM1 reports of the truck's faults (truck-faults.ts). */
  protected readonly dm1: Dm1Reporter;

  protected time: number;
  protected pendingMs = 0;
  /** The leg under way; undefined while parked before the first one. */
  protected leg: Leg | undefined;
  protected progress: LegProgress = {
    idleMs: 0,
    driveFraction: 0,
    refueled: false,
    adBlueFilled: false,
  };
  protected drive: Random;
  protected sensors: Random;
  protected phase: Phase;
  protected posM: number;
  protected direction: 1 | -1;
  protected speedKmh = 0;
  protected accelerationMps2 = 0;
  protected readonly fuelSensor: FuelSensorNoise;
  /** The slosh the last stop left (% of the tank) and when it stopped: it settles over `settleS`. */
  protected settling?: { pct: number; atMs: number };
  /** This leg's halt after a refill: where (metres from its start) and for how long. */
  protected haltAfterRefill?: { atM: number; holdMs: number };
  /** Where the truck is, computed when asked (records, status), not every simulated second. */
  protected located: RoutePosition | undefined;
  protected engine: EngineSignals = ENGINE_OFF;
  protected ignition = false;
  protected lastRecordedIgnition = false;
  protected pendingEventIo = 0;
  /** The counters now, computed when asked (records, ground truth), from the leg's progress. */
  protected countersNow: TruckCounterValues | undefined;
  protected satellites = FIRST_SATELLITES;
  protected coverageUntilMs?: number;
  protected readonly isUreaEmulated: boolean;
  /** Index of the leg whose theft is in the ground truth already. */
  protected theftLoggedLeg = -1;
  /** Where the truck was placed (`atMs`) and the leg it was in then, for the state machine. */
  protected readonly placedAtMs: number;
  protected readonly firstLeg: Leg | undefined;

  protected constructor(identity: TruckIdentity, options: TruckOptions) {
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
    this.plan = new TruckPlan(
      identity,
      this.traits,
      options.seed,
      startMs,
      this.situations,
      options.duty,
    );

    const atMs = Math.max(startMs, options.atMs ?? startMs);
    const leg = this.plan.legAt(atMs);
    this.placedAtMs = atMs;
    this.firstLeg = leg;
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
  }

  protected get where(): RoutePosition {
    this.located ??= locateOnRoute(this.identity.route, this.posM, this.direction);
    return this.located;
  }

  /** Simulated time, epoch ms. */
  get timeMs(): number {
    return this.time;
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

  protected stopAt(index: number): RouteStop {
    const stop = this.identity.route.stops[index];
    if (!stop) throw new RangeError(`route ${this.identity.route.id} has no stop ${index}`);
    return stop;
  }

  /** Rounds a future time up to the truck's one-second grid. */
  protected onGrid(timeMs: number): number {
    return this.time + Math.max(1, Math.ceil((timeMs - this.time) / SECOND_MS)) * SECOND_MS;
  }

  protected get counters(): TruckCounterValues {
    this.countersNow ??= this.leg
      ? countersDuring(this.leg, this.progress, this.identity, this.traits.efficiency)
      : { ...this.plan.initial };
    return this.countersNow;
  }

  protected updateCounters(): void {
    this.countersNow = undefined;
  }

  protected phonePct(): number {
    return this.leg
      ? phoneDuring(this.leg, this.time)
      : phoneBeforeFirstLeg(this.plan.startMs, this.time);
  }

  protected endCoverageGapIfDue(): void {
    if (this.coverageUntilMs === undefined || this.time < this.coverageUntilMs) return;
    this.endCoverageGap();
  }

  protected endCoverageGap(): void {
    this.truth.closeGap(this.time, this.recorder.bufferedCount);
    this.recorder.setOffline(false);
    this.coverageUntilMs = undefined;
  }

  protected maybeRecord(isFirst: boolean): void {
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
  protected isFuelLevelStuck(): boolean {
    const stuck = this.leg?.stuckFuelSensor;
    const f = this.progress.driveFraction;
    return (
      stuck !== undefined &&
      this.phase.kind === 'driving' &&
      f >= stuck.fromFraction &&
      f < stuck.toFraction
    );
  }

  protected fuelLevelReading(levelPct: number): number {
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

  protected takeRecord(): void {
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
