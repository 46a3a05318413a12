// A simulated truck: a deterministic state machine advanced by tick(dtMs). It follows its plan
// (truck-plan.ts) leg by leg: warms up, drives to the next stop (accelerates, cruises 80–88 km/h,
// sometimes speeds or brakes hard), idles at the dock, parks with the ignition off, refuels, tops
// up AdBlue and loses mobile coverage now and then; its tracker takes records at the FMB640
// cadence. No clock, no Math.random: time comes from tick() and randomness from the seed, drawn
// per leg, so a truck created at any instant (`atMs`) is the truck that drove there.

import type { SimRecord } from './sim-record.js';
import { drawDrivingEvent, stepSpeed, updateMode } from './truck-driving.js';
import { type TruckIdentity } from './truck-profile.js';
import {
  ENGINE_OFF,
  HARSH_DECELERATION_MPS2,
  SPEEDING_KMH,
  drivingSignals,
  idleSignals,
} from './truck-physics.js';
import { theftFraction, type Leg } from './truck-plan.js';
import { DUTY_ARRIVE_EARLY_MS } from './truck-duty.js';
import {
  ReeferUnit,
  drawHarshAccel,
  drawHarshCorner,
  greenDrivingValue,
  unknownDriverCodeFor,
  type ReeferExcursion,
} from './truck-events.js';
import {
  SLOSH_PCT_PER_MPS2,
  TERRAIN_MAX_GRADE_PCT,
  type TruckOptions,
  rollingGradePct,
} from './truck-options.js';
import {
  FIRST_SATELLITES,
  MINUTE_MS,
  type Phase,
  SECOND_MS,
  TruckTracker,
} from './truck-tracker.js';

/** Random events start only while the truck is comfortably within its leg's time budget. */
const ON_TIME_SPEED_KMH = 70;
const ON_TIME_MARGIN_MS = 5 * MINUTE_MS;
/** A reefer's load is back in range this long before a leg ends (each leg starts it anew). */
const REEFER_SETTLE_MS = 45 * MINUTE_MS;

/**
 * The cruise of a truck that must arrive by its drive's planned end (truck-duty.ts): the speed
 * that covers what remains by then (town streets and the stop's braking allowed for), never above
 * its own cruise nor below 55 km/h.
 */
function heldCruiseKmh(cruiseKmh: number, remainingM: number, leftMs: number): number {
  // The stop's braking (about 25 s from town speed) comes on top of the cruise.
  const aimMs = leftMs - DUTY_ARRIVE_EARLY_MS - 25_000;
  if (aimMs <= 0) return cruiseKmh;
  const needKmh = (remainingM / (aimMs / 1000)) * 3.6;
  return Math.min(cruiseKmh, Math.max(remainingM > 3000 ? 55 : 12, needKmh));
}

/** A simulated truck and its tracker. */
export class Truck extends TruckTracker {
  constructor(identity: TruckIdentity, options: TruckOptions) {
    super(identity, options);
    if (this.firstLeg) this.enterLeg(this.firstLeg);
    this.maybeRecord(true); // the tracker reports where it is as soon as it runs
    if (this.placedAtMs > this.time) {
      this.advanceTo(this.placedAtMs);
      this.truth.forget();
    }
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
    const cruiseKmh = this.limiter ? Math.min(leg.cruiseKmh, this.limiter.kmh) : leg.cruiseKmh;
    const step = stepSpeed({
      speedKmh: this.speedKmh,
      mode: p.mode,
      cruiseKmh: leg.duty
        ? heldCruiseKmh(cruiseKmh, remainingM, leg.duty.driveEndMs - this.time)
        : cruiseKmh,
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
}
