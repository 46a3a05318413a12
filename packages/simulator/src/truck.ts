// A simulated truck: a deterministic state machine advanced by tick(dtMs). It drives its route
// back and forth between stops (accelerates, cruises 80–90 km/h, sometimes speeds or brakes
// hard), idles at docks, parks with the ignition off, refuels, tops up AdBlue and loses mobile
// coverage now and then; its tracker takes records at the FMB640 cadence. No clock, no
// Math.random: time comes from tick() and randomness from the seed.

import { copyGroundTruth, emptyGroundTruth, type TruckGroundTruth } from './ground-truth.js';
import {
  DEFAULT_RECORDER_SETTINGS,
  DeviceRecorder,
  type RecorderSettings,
} from './device-recorder.js';
import { Random } from './random.js';
import { locateOnRoute, type RoutePosition, type RouteStop } from './route.js';
import type { SimRecord } from './sim-record.js';
import {
  DEFAULT_EVENT_RATES,
  drawDrivingEvent,
  stepSpeed,
  updateMode,
  type DriveMode,
  type EventRates,
} from './truck-driving.js';
import {
  alignToShift,
  drawStartState,
  drawTraits,
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
import { TruckCounters } from './truck-counters.js';
import { TruckTruth } from './truck-truth.js';
import {
  DEFAULT_SITUATION_RATES,
  ReeferUnit,
  drawHarshAccel,
  drawHarshCorner,
  greenDrivingValue,
  reeferProfileFor,
  unknownDriverCodeFor,
  type DeviceHarshEvent,
  type ReeferProfile,
  type SituationRates,
} from './truck-events.js';

/** How a truck is created. */
export interface TruckOptions {
  seed: string | number;
  startMs: number;
  recorder?: Partial<RecorderSettings>;
  rates?: Partial<EventRates>;
  situations?: Partial<SituationRates>;
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
  | {
      kind: 'driving';
      fromStop: number;
      toStop: number;
      mode: DriveMode;
      cruiseKmh: number;
      usesCruiseControl: boolean;
    }
  | { kind: 'idle'; purpose: 'dock' | 'warm-up'; stopIndex: number; untilMs: number }
  | {
      kind: 'parked';
      stopIndex: number;
      untilMs: number;
      refuelAtMs?: number;
      adBlueAtMs?: number;
    };

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;

/** A simulated truck and its tracker. */
export class Truck {
  readonly identity: TruckIdentity;
  readonly traits: TruckTraits;
  private readonly rates: EventRates;
  private readonly drive: Random;
  private readonly stops: Random;
  private readonly sensors: Random;
  private readonly recorder: DeviceRecorder;
  private readonly truth: TruckTruth;
  private readonly events: Random;
  private readonly situations: SituationRates;
  private readonly reefer?: ReeferUnit;
  private driverCode?: string;
  private reliefDrivers = 0;
  private pendingHarsh?: DeviceHarshEvent;
  private powerCut?: { startMs: number; endMs: number };

  private time: number;
  private pendingMs = 0;
  private phase: Phase;
  private posM: number;
  private direction: 1 | -1;
  private speedKmh = 0;
  private accelerationMps2 = 0;
  private where: RoutePosition;
  private engine: EngineSignals = ENGINE_OFF;
  private ignition = false;
  private lastRecordedIgnition = false;
  private pendingEventIo = 0;
  private readonly counters: TruckCounters;
  private satellites = 11;
  private coverageUntilMs?: number;

  constructor(identity: TruckIdentity, options: TruckOptions) {
    this.identity = identity;
    const rng = new Random(options.seed);
    this.traits = drawTraits(rng.fork('traits'));
    this.drive = rng.fork('drive');
    this.stops = rng.fork('stops');
    this.sensors = rng.fork('sensors');
    this.rates = { ...DEFAULT_EVENT_RATES, ...options.rates };
    this.recorder = new DeviceRecorder({ ...DEFAULT_RECORDER_SETTINGS, ...options.recorder });
    this.truth = new TruckTruth(emptyGroundTruth(identity.imei, identity.plate));
    this.events = rng.fork('events');
    this.situations = { ...DEFAULT_SITUATION_RATES, ...options.situations };
    const reefer = reeferProfileFor(identity.imei);
    if (reefer) this.reefer = new ReeferUnit(reefer, options.startMs);
    this.driverCode = identity.driverCode;
    this.truth.addDriverSession(options.startMs, identity.driverCode, true);

    const start = drawStartState(rng.fork('start'), identity.route);
    this.time = options.startMs;
    this.counters = new TruckCounters(start, identity);
    this.direction = start.direction;
    const stop = this.stopAt(start.stopIndex);
    this.posM = stop.atM;
    this.where = locateOnRoute(identity.route, this.posM, this.direction);
    this.truth.openStop(stop.place.name, this.time, start.fuelLevelPct);
    this.truth.parkedFrom(this.time);
    const leaveMs = this.onGrid(
      alignToShift(this.time + this.stops.range(0, 90) * MINUTE_MS, this.traits),
    );
    this.phase = { kind: 'parked', stopIndex: start.stopIndex, untilMs: leaveMs };
    this.takeRecord(); // the tracker reports where it is as soon as it runs
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
      this.maybeRecord();
    }
    return this.recorder.drain();
  }

  /** Advances to `timeMs` (no-op when already there). */
  advanceTo(timeMs: number): SimRecord[] {
    return this.tick(Math.max(0, timeMs - this.time - this.pendingMs));
  }

  /** What the truck really did so far (a copy). */
  groundTruth(): TruckGroundTruth {
    const truth = copyGroundTruth(this.truth.facts);
    truth.reeferExcursions = this.reefer?.excursions.map((e) => ({ ...e })) ?? [];
    return truth;
  }

  /** The reefer's settings when the truck pulls one (the vehicle's alert context). */
  get reeferProfile(): ReeferProfile | undefined {
    return this.reefer?.profile;
  }

  /** What the truck is doing now. */
  status(): TruckStatus {
    const p = this.phase;
    return {
      timeMs: this.time,
      activity: p.kind === 'driving' ? 'driving' : p.kind === 'idle' ? 'idling' : 'parked',
      place: p.kind === 'driving' ? undefined : this.stopAt(p.stopIndex).place.name,
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

  // ---- driving ------------------------------------------------------------------------------

  private driveOneSecond(p: Extract<Phase, { kind: 'driving' }>): void {
    const stopAtM = this.stopAt(p.toStop).atM;
    const remainingM = Math.abs(stopAtM - this.posM);
    p.mode = updateMode(p.mode, this.time, this.speedKmh);
    const step = stepSpeed({
      speedKmh: this.speedKmh,
      mode: p.mode,
      cruiseKmh: p.cruiseKmh,
      remainingM,
      travelledM: Math.abs(this.posM - this.stopAt(p.fromStop).atM),
    });
    if (step.hasBrakedEnough) p.mode = { kind: 'normal' };

    const v0 = this.speedKmh;
    const stepM = (v0 + step.speedKmh) / 2 / 3.6;
    const arrived = stepM >= remainingM;
    const v1 = arrived ? 0 : step.speedKmh;
    const movedM = arrived ? remainingM : stepM;
    this.posM = arrived ? stopAtM : this.posM + this.direction * stepM;
    this.accelerationMps2 = (v1 - v0) / 3.6;
    this.speedKmh = v1;
    this.time += SECOND_MS;
    this.where = locateOnRoute(this.identity.route, this.posM, this.direction);
    this.counters.drive(movedM);
    this.engine = drivingSignals({
      speedKmh: v1,
      accelerationMps2: this.accelerationMps2,
      isCruising: step.isCruising,
      usesCruiseControl: p.usesCruiseControl,
      efficiency: this.traits.efficiency,
    });
    this.counters.runEngine(SECOND_MS, this.engine.fuelRateLph / 3600);
    this.counters.chargePhone(SECOND_MS, true);

    if (v1 >= 5 && !this.truth.isTripOpen) {
      const c = this.counters;
      this.truth.closeStop(this.time, c.fuelLevelPct);
      this.truth.openTrip(this.time, this.stopAt(p.fromStop).place.name, c.odometerM, c.fuelUsedL);
    }
    this.truth.trackSpeed(this.time, v1, SPEEDING_KMH);

    if (step.isCruising && remainingM > 5000) this.startEvent(p, v1);
    this.maybeSituation(p, v0, v1, step.isCruising);
    if (!this.recorder.offline && this.drive.chance(this.rates.coverageLoss)) {
      this.coverageUntilMs = this.onGrid(this.time + this.drive.range(5, 30) * MINUTE_MS);
      this.recorder.setOffline(true);
      this.truth.openGap(this.time);
    }
    this.endCoverageGapIfDue();
    if (arrived) this.arrive(p.toStop);
  }

  private startEvent(p: Extract<Phase, { kind: 'driving' }>, speedKmh: number): void {
    const k = this.traits.aggressiveness;
    const mode = drawDrivingEvent(this.drive, this.rates, k, this.time);
    if (!mode) return;
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
      this.reefer.advanceTo(this.time);
      this.reefer.warmUntil(this.time + this.events.range(30, 90) * MINUTE_MS, 'unit-failure');
    }
  }

  private arrive(stopIndex: number): void {
    const stop = this.stopAt(stopIndex);
    const c = this.counters;
    this.truth.closeTrip(this.time, stop.place.name, c.odometerM, c.fuelUsedL);
    this.truth.trackSpeed(this.time, 0, SPEEDING_KMH);
    this.truth.openStop(stop.place.name, this.time, c.fuelLevelPct);
    const dockIdleShare = stop.place.kind === 'fuel-station' ? 0.3 : 0.85;
    if (this.reefer && stop.place.kind !== 'fuel-station') {
      if (this.events.chance(this.situations.reeferDoorOpen)) {
        this.reefer.advanceTo(this.time);
        this.reefer.warmUntil(this.time + this.events.range(15, 35) * MINUTE_MS, 'door-open');
      }
    }
    if (this.stops.chance(dockIdleShare)) {
      this.startIdle('dock', stopIndex, this.stops.range(3, 15) * MINUTE_MS);
    } else {
      this.park(stopIndex);
    }
  }

  // ---- standing still -----------------------------------------------------------------------

  private startIdle(purpose: 'dock' | 'warm-up', stopIndex: number, durationMs: number): void {
    this.phase = { kind: 'idle', purpose, stopIndex, untilMs: this.onGrid(this.time + durationMs) };
    this.ignition = true;
    this.speedKmh = 0;
    this.accelerationMps2 = 0;
    this.engine = idleSignals(this.traits.efficiency);
    const place = this.stopAt(stopIndex).place.name;
    this.truth.openIdle(purpose, place, this.time, this.counters.fuelUsedL);
  }

  private park(stopIndex: number): void {
    const place = this.stopAt(stopIndex).place;
    const durationMs = this.stops.range(20, 60) * MINUTE_MS;
    const untilMs = this.onGrid(
      alignToShift(this.time + durationMs, this.traits) + this.stops.range(0, 30) * MINUTE_MS,
    );
    const phase: Extract<Phase, { kind: 'parked' }> = { kind: 'parked', stopIndex, untilMs };
    // Refills happen with the engine off, away from both ends of the stop.
    const refillAt = (): number =>
      this.onGrid(this.time + this.stops.range(5 * MINUTE_MS, durationMs - 10 * MINUTE_MS));
    const atDepot = place.kind === 'depot';
    const fuelPct = this.counters.fuelLevelPct;
    if (fuelPct < 45 || (atDepot && fuelPct < 65 && this.stops.chance(0.4))) {
      phase.refuelAtMs = refillAt();
    }
    if (this.counters.ureaLevelPct < 35) phase.adBlueAtMs = refillAt();
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
    this.phase = phase;
    this.ignition = false;
    this.engine = ENGINE_OFF;
    this.truth.parkedFrom(this.time);
  }

  private depart(stopIndex: number): void {
    const lastIndex = this.identity.route.stops.length - 1;
    if (stopIndex + this.direction < 0 || stopIndex + this.direction > lastIndex) {
      this.direction = this.direction === 1 ? -1 : 1;
    }
    const toStop = stopIndex + this.direction;
    this.drawDriver();
    this.phase = {
      kind: 'driving',
      fromStop: stopIndex,
      toStop,
      mode: { kind: 'normal' },
      cruiseKmh: this.drive.range(80, 88),
      usesCruiseControl: this.drive.chance(this.traits.cruiseControlShare),
    };
    this.where = locateOnRoute(this.identity.route, this.posM, this.direction);
  }

  /** Who drives this leg: usually the truck's driver; sometimes a relief driver or no card. */
  private drawDriver(): void {
    let code: string | undefined = this.identity.driverCode;
    let isKnown = true;
    if (this.events.chance(this.situations.unknownCard)) {
      code = unknownDriverCodeFor(this.identity.imei, this.reliefDrivers++);
      isKnown = false;
    } else if (this.events.chance(this.situations.noCard)) {
      code = undefined;
      isKnown = false;
    }
    if (code === this.driverCode) return;
    this.driverCode = code;
    this.truth.addDriverSession(this.time, code, isKnown);
  }

  /** Advances a standing truck to its next event (or `targetMs`), integrating linear counters. */
  private standStill(targetMs: number): void {
    const p = this.phase;
    if (p.kind === 'driving') return;
    const next = Math.min(
      targetMs,
      p.untilMs,
      (p.kind === 'parked' && p.refuelAtMs) || Infinity,
      (p.kind === 'parked' && p.adBlueAtMs) || Infinity,
      this.coverageUntilMs ?? Infinity,
      this.recorder.nextDueMs({ moving: false, ignition: this.ignition }),
      this.powerCutEdgeAfter(this.time),
    );
    const stepMs = Math.max(1, Math.ceil((next - this.time) / SECOND_MS)) * SECOND_MS;
    if (this.ignition) {
      this.counters.runEngine(stepMs, (this.engine.fuelRateLph * stepMs) / 3_600_000);
    }
    this.counters.chargePhone(stepMs, this.ignition);
    this.time += stepMs;
    this.endCoverageGapIfDue();
    const cut = this.powerCut;
    if (cut && (this.time === cut.startMs || this.time === cut.endMs)) this.pendingEventIo = 66;
    if (cut && this.time >= cut.endMs) this.powerCut = undefined;

    if (p.kind === 'parked') {
      if (p.refuelAtMs !== undefined && this.time >= p.refuelAtMs) {
        p.refuelAtMs = undefined;
        this.refill('fuel', p.stopIndex);
      }
      if (p.adBlueAtMs !== undefined && this.time >= p.adBlueAtMs) {
        p.adBlueAtMs = undefined;
        this.refill('adblue', p.stopIndex);
      }
    }
    if (this.time < p.untilMs) return;
    if (p.kind === 'parked') {
      this.truth.parkedUntil(this.time);
      this.startIdle('warm-up', p.stopIndex, this.stops.range(30, 90) * SECOND_MS);
    } else {
      this.truth.closeIdle(this.time, this.counters.fuelUsedL);
      if (p.purpose === 'dock') this.park(p.stopIndex);
      else this.depart(p.stopIndex);
    }
  }

  /** The next start or end of a scheduled power cut after `timeMs`. */
  private powerCutEdgeAfter(timeMs: number): number {
    const cut = this.powerCut;
    if (!cut) return Infinity;
    if (cut.startMs > timeMs) return cut.startMs;
    return cut.endMs > timeMs ? cut.endMs : Infinity;
  }

  private refill(kind: 'fuel' | 'adblue', stopIndex: number): void {
    const place = this.stopAt(stopIndex).place.name;
    if (kind === 'fuel') {
      const r = this.counters.refuel(this.stops.range(30, 60));
      this.truth.addRefuel(this.time, place, r.litres, r.levelBeforePct, r.levelAfterPct);
    } else {
      const r = this.counters.topUpUrea(this.stops.range(90, 99));
      this.truth.addAdBlueTopUp(this.time, place, r.litres, r.levelBeforePct, r.levelAfterPct);
    }
  }

  private endCoverageGapIfDue(): void {
    if (this.coverageUntilMs === undefined || this.time < this.coverageUntilMs) return;
    this.truth.closeGap(this.time, this.recorder.bufferedCount);
    this.recorder.setOffline(false);
    this.coverageUntilMs = undefined;
  }

  // ---- tracker --------------------------------------------------------------------------------

  private maybeRecord(): void {
    const moving = this.speedKmh > 0;
    if (this.ignition !== this.lastRecordedIgnition && this.pendingEventIo === 0) {
      this.pendingEventIo = 239;
    }
    const due = this.recorder.isDue({
      timeMs: this.time,
      moving,
      ignition: this.ignition,
      headingDeg: this.where.headingDeg,
      hasEvent: this.pendingEventIo !== 0,
    });
    if (due) this.takeRecord();
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
        fuelLevelPct: c.fuelLevelPct,
        fuelUsedL: c.fuelUsedL,
        odometerM: c.odometerM,
        engineHours: c.engineHours,
        ureaLevelPct: c.ureaLevelPct,
        serviceDistanceKm: c.serviceDistanceKm,
        phoneBatteryPct: c.phoneBatteryPct,
        isOffline: this.recorder.offline,
        driverCode: this.driverCode,
        eventIoId: this.pendingEventIo,
        harsh: this.pendingEventIo === 253 ? this.pendingHarsh : undefined,
        isPowerCut: cut !== undefined && this.time >= cut.startMs && this.time < cut.endMs,
        temperatureC: this.reefer?.advanceTo(this.time),
      },
      this.sensors,
    );
    this.pendingEventIo = 0;
    this.pendingHarsh = undefined;
    this.lastRecordedIgnition = this.ignition;
    this.recorder.take(record);
  }
}
