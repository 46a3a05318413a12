// The truck's counters and levels: odometer, engine hours, fuel used, fuel and AdBlue levels,
// service distance, and the battery of the phone of OsmAnd-tracked trucks.

import type { TruckStartState } from './truck-profile.js';

/** Litres of AdBlue per litre of diesel (Euro V/VI trucks burn 3–6 %). */
const UREA_PER_DIESEL = 0.05;
/** The phone battery counts in 1/1800 %: integers keep it independent of how time is ticked. */
const PHONE_UNITS_PER_PCT = 1800;

/** A refill as it happened. */
export interface Refill {
  litres: number;
  levelBeforePct: number;
  levelAfterPct: number;
}

/** Counters and levels of one truck. */
export class TruckCounters {
  odometerM: number;
  fuelUsedL: number;
  fuelLevelPct: number;
  ureaLevelPct: number;
  engineHours: number;
  serviceDistanceKm: number;
  private phoneBattery = 80 * PHONE_UNITS_PER_PCT;

  constructor(
    start: TruckStartState,
    private readonly tanks: { tankCapacityL: number; ureaCapacityL: number },
  ) {
    this.odometerM = start.odometerM;
    this.fuelUsedL = start.fuelUsedL;
    this.fuelLevelPct = start.fuelLevelPct;
    this.ureaLevelPct = start.ureaLevelPct;
    this.engineHours = start.engineHours;
    this.serviceDistanceKm = start.serviceDistanceKm;
  }

  get phoneBatteryPct(): number {
    return this.phoneBattery / PHONE_UNITS_PER_PCT;
  }

  /** Distance driven. */
  drive(metres: number): void {
    this.odometerM += metres;
    this.serviceDistanceKm -= metres / 1000;
  }

  /** The engine ran for `ms`, burning `litres` of diesel (and the AdBlue that goes with it). */
  runEngine(ms: number, litres: number): void {
    this.engineHours += ms / 3_600_000;
    this.fuelUsedL += litres;
    this.fuelLevelPct = Math.max(0, this.fuelLevelPct - (litres / this.tanks.tankCapacityL) * 100);
    const urea = litres * UREA_PER_DIESEL;
    this.ureaLevelPct = Math.max(0, this.ureaLevelPct - (urea / this.tanks.ureaCapacityL) * 100);
  }

  /** The phone charges 0.5 %/min with the ignition on and loses 1 % per 30 min off. */
  chargePhone(ms: number, isIgnitionOn: boolean): void {
    const seconds = ms / 1000;
    this.phoneBattery = isIgnitionOn
      ? Math.min(100 * PHONE_UNITS_PER_PCT, this.phoneBattery + 15 * seconds)
      : Math.max(15 * PHONE_UNITS_PER_PCT, this.phoneBattery - seconds);
  }

  /** Adds `jumpPct` of the tank, stopping at 99 %. */
  refuel(jumpPct: number): Refill {
    const before = this.fuelLevelPct;
    this.fuelLevelPct = Math.min(99, before + jumpPct);
    const litres = ((this.fuelLevelPct - before) / 100) * this.tanks.tankCapacityL;
    return { litres, levelBeforePct: before, levelAfterPct: this.fuelLevelPct };
  }

  /** Fills the AdBlue tank up to `levelPct`. */
  topUpUrea(levelPct: number): Refill {
    const before = this.ureaLevelPct;
    this.ureaLevelPct = Math.max(before, levelPct);
    const litres = ((this.ureaLevelPct - before) / 100) * this.tanks.ureaCapacityL;
    return { litres, levelBeforePct: before, levelAfterPct: this.ureaLevelPct };
  }
}
