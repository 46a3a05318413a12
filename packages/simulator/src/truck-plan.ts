// A truck's schedule, planned from its seed alone: legs between neighbouring stops of its route,
// each from switching the engine on at one stop to switching it on at the next. A leg's times,
// refills and counters follow in closed form from the leg before, never from the second-by-second
// drive, so the state of a truck at any instant is found by walking the legs (microseconds each)
// and simulating only the leg that holds it (docs/decisions/0019-demo-first-run.md).

import { Random } from './random.js';
import type { Route } from './route.js';

export type { TruckCounterValues } from './truck-profile.js';
import { IDLE_FUEL_LPH } from './truck-physics.js';
import { planLegDuty, plannedDriveMs, type LegDuty, type TruckDutyOptions } from './truck-duty.js';
import type { SituationRates } from './truck-events.js';
import {
  alignToShift,
  drawStartState,
  type TruckCounterValues,
  type TruckIdentity,
  type TruckStartState,
  type TruckTraits,
} from './truck-profile.js';

/** A fuel or AdBlue refill planned while the truck is parked. */
export interface PlannedRefill {
  atMs: number;
  /** Fuel: percentage points added (up to 99 %). AdBlue: the level it is filled up to. */
  pct: number;
}

/** Fuel stolen while the truck is parked: the level falls linearly from `startMs` to `endMs`. */
export interface PlannedTheft {
  startMs: number;
  endMs: number;
  /** Percentage points of the tank taken. */
  pct: number;
  kind: 'fast' | 'slow';
}

/** A time in a drive (as shares of its distance) when the fuel-level sensor reads one value. */
export interface StuckSensor {
  fromFraction: number;
  toFraction: number;
}

/** One leg: warm-up at `fromStop`, the drive, dock idling at `toStop`, parked until `endMs`. */
export interface Leg {
  /** Legs since the truck's start, from 0. */
  index: number;
  /** Ignition on at `fromStop` (the warm-up starts). */
  startMs: number;
  fromStop: number;
  toStop: number;
  direction: 1 | -1;
  distanceM: number;
  warmUpMs: number;
  cruiseKmh: number;
  usesCruiseControl: boolean;
  /** The drive ends by `startMs + warmUpMs + driveBudgetMs` at the latest (the schedule's slack). */
  driveBudgetMs: number;
  /** Engine time the counters charge for the drive: a nominal duration, spread over its metres. */
  driveEngineMs: number;
  /** Fuel the counters charge for the drive, spread over its metres. */
  driveFuelL: number;
  /** Engine idling after arriving (0: parked at once). */
  dockIdleMs: number;
  refuel?: PlannedRefill;
  adBlue?: PlannedRefill;
  theft?: PlannedTheft;
  stuckFuelSensor?: StuckSensor;
  /** The next leg starts here. */
  endMs: number;
  /** Counters when the leg starts (parked). */
  start: TruckCounterValues;
  /** Its drivers' day (a truck planned with a duty, truck-duty.ts): the drive ends by `driveEndMs`. */
  duty?: LegDuty;
  /** Phone battery when the leg starts (OsmAnd trucks). */
  phoneStartPct: number;
}

/** How far a leg has got, for {@link countersDuring}. */
export interface LegProgress {
  /** Engine time at a standstill so far in the leg (warm-up and dock idling). */
  idleMs: number;
  /** Share of the leg's distance driven (0–1). */
  driveFraction: number;
  refueled: boolean;
  adBlueFilled: boolean;
  /** Share of the leg's theft done so far (0–1); absent: none. */
  stolenFraction?: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Litres of AdBlue per litre of diesel (Euro V/VI trucks burn 3–6 %). */
export const UREA_PER_DIESEL = 0.05;
/** Diesel per 100 km of an average truck (efficiency 1) on these highways. */
const LITRES_PER_100KM = 33;
/** Slowest average speed a leg is given time for: trucks average 72–87 km/h (town ends, events). */
const BUDGET_SPEED_KMH = 65;
/** Speed of the nominal drive whose duration the engine-hour counter charges. */
const NOMINAL_SPEED_KMH = 78;
/** Phone battery: +0.5 %/min with the ignition on, −1 % per 30 min off, never below 15 %. */
const PHONE_CHARGE_PCT_PER_MS = 0.5 / MINUTE_MS;
const PHONE_DRAIN_PCT_PER_MS = 1 / (30 * MINUTE_MS);
const PHONE_MIN_PCT = 15;
const PHONE_FIRST_PCT = 80;

const roundToSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

/** Counters during a leg: closed form, so every way of reaching an instant reads the same. */
export function countersDuring(
  leg: Leg,
  progress: LegProgress,
  tanks: { tankCapacityL: number; ureaCapacityL: number },
  efficiency: number,
): TruckCounterValues {
  const s = leg.start;
  const f = progress.driveFraction;
  const fuelUsedL =
    s.fuelUsedL + (IDLE_FUEL_LPH * efficiency * progress.idleMs) / HOUR_MS + leg.driveFuelL * f;
  const burnt = fuelUsedL - s.fuelUsedL;
  let fuelLevelPct = Math.max(0, s.fuelLevelPct - (burnt / tanks.tankCapacityL) * 100);
  if (leg.theft && progress.stolenFraction)
    fuelLevelPct = Math.max(0, fuelLevelPct - leg.theft.pct * progress.stolenFraction);
  if (progress.refueled && leg.refuel) fuelLevelPct = Math.min(99, fuelLevelPct + leg.refuel.pct);
  let ureaLevelPct = Math.max(
    0,
    s.ureaLevelPct - ((burnt * UREA_PER_DIESEL) / tanks.ureaCapacityL) * 100,
  );
  if (progress.adBlueFilled && leg.adBlue) ureaLevelPct = Math.max(ureaLevelPct, leg.adBlue.pct);
  // At the end of the drive the odometer moved by exactly the leg's distance.
  const drivenM = f >= 1 ? leg.distanceM : leg.distanceM * f;
  return {
    odometerM: s.odometerM + drivenM,
    engineHours: s.engineHours + (progress.idleMs + leg.driveEngineMs * f) / HOUR_MS,
    fuelUsedL,
    fuelLevelPct,
    ureaLevelPct,
    serviceDistanceKm: s.serviceDistanceKm - drivenM / 1000,
  };
}

/** The phone battery during a leg, on the leg's nominal timeline (charging while on). */
export function phoneDuring(leg: Leg, timeMs: number): number {
  const onMs = leg.warmUpMs + leg.driveEngineMs + leg.dockIdleMs;
  const elapsed = Math.max(0, timeMs - leg.startMs);
  const charged = Math.min(
    100,
    leg.phoneStartPct + PHONE_CHARGE_PCT_PER_MS * Math.min(elapsed, onMs),
  );
  return Math.max(PHONE_MIN_PCT, charged - PHONE_DRAIN_PCT_PER_MS * Math.max(0, elapsed - onMs));
}

/** The phone battery while parked before the first leg. */
export function phoneBeforeFirstLeg(startMs: number, timeMs: number): number {
  return Math.max(PHONE_MIN_PCT, PHONE_FIRST_PCT - PHONE_DRAIN_PCT_PER_MS * (timeMs - startMs));
}

/**
 * The schedule of one truck from its start time on. Legs are planned in order and kept, so asking
 * for a time walks only the legs not planned yet.
 */
export class TruckPlan {
  /** Where the truck stands and what its counters read at `startMs`. */
  readonly initial: TruckStartState;
  private readonly legs: Leg[] = [];
  /** Thieves target this truck (`SituationRates.theftProneTrucks`). */
  private readonly isTheftProne: boolean;

  constructor(
    private readonly identity: TruckIdentity,
    private traits: TruckTraits,
    private readonly seed: string | number,
    /** The truck's first instant (whole seconds): parked at `initial.stopIndex`. */
    readonly startMs: number,
    /** Shares of parked legs with a theft and of drives with a stuck level sensor; dock idle. */
    private readonly rates: Pick<
      SituationRates,
      'theftProneTrucks' | 'theft' | 'stuckFuelSensor' | 'dockIdleMaxMinutes'
    > = { theftProneTrucks: 1, theft: 0.04, stuckFuelSensor: 0.1, dockIdleMaxMinutes: 15 },
    /** The drivers' day shapes the legs' parks (the demo's trucks with a tachograph). */
    readonly duty?: TruckDutyOptions,
  ) {
    this.isTheftProne =
      this.rates.theftProneTrucks >= 1 ||
      new Random(`${seed}/thief`).chance(this.rates.theftProneTrucks);
    this.initial = drawStartState(new Random(seed).fork('start'), identity.route);
    const shift = duty?.shiftHours;
    if (shift) this.traits = { ...traits, shiftStartHour: shift[0], shiftEndHour: shift[1] };
  }

  private get route(): Route {
    return this.identity.route;
  }

  /** Random draws of leg `index`: its drive (events, coverage), its records' sensor noise, its
   *  situations (truck-events.ts). */
  legRandom(index: number, stream: 'drive' | 'sensors' | 'events' | 'tank' | 'halt'): Random {
    return new Random(`${this.seed}/leg/${index}/${stream}`);
  }

  /** Leg `index` (planned on first use, with every leg before it). */
  leg(index: number): Leg {
    while (this.legs.length <= index) this.legs.push(this.planNext(this.legs.at(-1)));
    return this.legs[index]!;
  }

  /** The leg holding `timeMs`, or undefined before the first one starts. */
  legAt(timeMs: number): Leg | undefined {
    if (timeMs < this.leg(0).startMs) return undefined;
    let index = 0;
    // Start from the last planned leg that began before timeMs (legs are in time order).
    for (let i = this.legs.length - 1; i >= 0; i--) {
      if (this.legs[i]!.startMs <= timeMs) {
        index = i;
        break;
      }
    }
    while (this.leg(index).endMs <= timeMs) index += 1;
    return this.leg(index);
  }

  private planNext(previous: Leg | undefined): Leg {
    const index = previous ? previous.index + 1 : 0;
    const rng = new Random(`${this.seed}/leg/${index}`);
    const lastStop = this.route.stops.length - 1;
    let fromStop: number;
    let direction: 1 | -1;
    let startMs: number;
    let start: TruckCounterValues;
    let phoneStartPct: number;
    if (previous) {
      fromStop = previous.toStop;
      direction = previous.direction;
      startMs = previous.endMs;
      start = countersDuring(
        previous,
        {
          idleMs: previous.warmUpMs + previous.dockIdleMs,
          driveFraction: 1,
          refueled: true,
          adBlueFilled: true,
          stolenFraction: 1,
        },
        this.identity,
        this.traits.efficiency,
      );
      phoneStartPct = phoneDuring(previous, previous.endMs);
    } else {
      const s = this.initial;
      fromStop = s.stopIndex;
      direction = s.direction;
      startMs = roundToSecond(
        alignToShift(this.startMs + rng.range(0, 90) * MINUTE_MS, this.traits),
      );
      if (startMs <= this.startMs) startMs = this.startMs + 1000;
      const { stopIndex: _stop, direction: _direction, ...counters } = s;
      start = counters;
      phoneStartPct = phoneBeforeFirstLeg(this.startMs, startMs);
    }
    if (fromStop + direction < 0 || fromStop + direction > lastStop)
      direction = -direction as 1 | -1;
    const toStop = fromStop + direction;
    const distanceM = Math.abs(this.route.stops[toStop]!.atM - this.route.stops[fromStop]!.atM);
    const warmUpMs = Math.round(rng.range(30, 90)) * 1000;
    const cruiseKmh = rng.range(80, 88);
    const usesCruiseControl = rng.chance(this.traits.cruiseControlShare);
    const driveFuelL =
      (distanceM / 100_000) * LITRES_PER_100KM * this.traits.efficiency * rng.range(0.985, 1.015);
    const driveBudgetMs = roundToSecond(
      (distanceM / (BUDGET_SPEED_KMH / 3.6)) * 1000 + 10 * MINUTE_MS,
    );
    const driveEngineMs = roundToSecond(
      (distanceM / (NOMINAL_SPEED_KMH / 3.6)) * 1000 + 2 * MINUTE_MS,
    );
    const place = this.route.stops[toStop]!.place;
    const dockIdleShare = place.kind === 'fuel-station' ? 0.3 : 0.85;
    let dockIdleMs = rng.chance(dockIdleShare)
      ? Math.round(rng.range(3, this.rates.dockIdleMaxMinutes) * 60) * 1000
      : 0;
    // The idler keeps the engine running at every dock, three times as long.
    if (this.traits.style === 'idler') dockIdleMs = Math.max(dockIdleMs, 5 * MINUTE_MS) * 3;
    // Parked from the latest possible arrival on: the schedule holds whatever the drive does
    // (a duty's truck arrives by its drive's planned end: its cruise is held to it).
    const parkedFromMs =
      startMs +
      warmUpMs +
      (this.duty ? plannedDriveMs(distanceM, this.duty.averageKmh) : driveBudgetMs) +
      dockIdleMs;
    const parkMs = rng.range(20, 60) * MINUTE_MS;
    let endMs = roundToSecond(
      alignToShift(parkedFromMs + parkMs, this.traits) + rng.range(0, 30) * MINUTE_MS,
    );
    let duty: LegDuty | undefined;
    if (this.duty) {
      const planned = planLegDuty(
        {
          seed: this.seed,
          index,
          route: this.route,
          traits: this.traits,
          startMs,
          warmUpMs,
          toStop,
          direction,
          distanceM,
          dockIdleMs,
          endMs,
        },
        previous?.duty?.after,
        previous?.duty?.wheel,
        this.duty,
      );
      endMs = planned.endMs;
      duty = planned.duty;
    }
    const leg: Leg = {
      index,
      startMs,
      fromStop,
      toStop,
      direction,
      distanceM,
      warmUpMs,
      cruiseKmh,
      usesCruiseControl,
      driveBudgetMs,
      driveEngineMs,
      driveFuelL,
      dockIdleMs,
      endMs,
      start,
      phoneStartPct,
    };
    if (duty) leg.duty = duty;
    // Refills happen with the engine off, away from both ends of the time parked.
    const arrived = countersDuring(
      leg,
      { idleMs: warmUpMs + dockIdleMs, driveFraction: 1, refueled: false, adBlueFilled: false },
      this.identity,
      this.traits.efficiency,
    );
    const refillAt = (): number =>
      roundToSecond(parkedFromMs + rng.range(5 * MINUTE_MS, endMs - parkedFromMs - 10 * MINUTE_MS));
    const atDepot = place.kind === 'depot';
    if (arrived.fuelLevelPct < 45 || (atDepot && arrived.fuelLevelPct < 65 && rng.chance(0.4))) {
      leg.refuel = { atMs: refillAt(), pct: rng.range(30, 60) };
    }
    if (arrived.ureaLevelPct < 35) leg.adBlue = { atMs: refillAt(), pct: rng.range(90, 99) };
    this.planTank(leg, parkedFromMs, arrived.fuelLevelPct);
    return leg;
  }

  /**
   * Thefts and a stuck level sensor (issue 14), from a stream of their own so every other draw
   * of the leg stays as it was: a theft in a few parked legs without a refill (fast: a pump, a
   * few minutes; slow: siphoned over hours when the truck stands long enough), and now and then a
   * drive during which the level sensor reads one value.
   */
  private planTank(leg: Leg, parkedFromMs: number, arrivedPct: number): void {
    const rng = new Random(`${this.seed}/leg/${leg.index}/tank`);
    const capacityL = this.identity.tankCapacityL;
    if (rng.chance(this.rates.stuckFuelSensor)) {
      const fromFraction = rng.range(0.1, 0.7);
      leg.stuckFuelSensor = { fromFraction, toFraction: fromFraction + rng.range(0.05, 0.25) };
    }
    if (leg.refuel || !rng.chance(this.rates.theft) || !this.isTheftProne) return;
    const roomMs = leg.endMs - parkedFromMs - 25 * MINUTE_MS;
    const isSlow = rng.chance(0.4) && roomMs >= 3 * HOUR_MS;
    const durationMs = (isSlow ? rng.range(60, 150) : rng.range(4, 12)) * MINUTE_MS;
    const litres = isSlow ? rng.range(30, 80) : rng.range(40, 160);
    const startMs = roundToSecond(
      parkedFromMs + 10 * MINUTE_MS + rng.range(0, roomMs - durationMs),
    );
    const pct = Math.min((litres / capacityL) * 100, arrivedPct - 8);
    if (roomMs < durationMs || (pct / 100) * capacityL < 25) return;
    leg.theft = {
      startMs,
      endMs: roundToSecond(startMs + durationMs),
      pct,
      kind: isSlow ? 'slow' : 'fast',
    };
  }
}

/** How much of a planned theft is done at `timeMs` (0–1). */
export function theftFraction(theft: PlannedTheft, timeMs: number): number {
  if (timeMs <= theft.startMs) return 0;
  if (timeMs >= theft.endMs) return 1;
  return (timeMs - theft.startMs) / (theft.endMs - theft.startMs);
}
