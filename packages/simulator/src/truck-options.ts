// How a simulated truck is created: its options, speed limiter, fuel level sensor, the terrain's
// grade, and the status it reports.

import { type RecorderSettings } from './device-recorder.js';
import { Random } from './random.js';
import { DEMO_EVENT_RATES, type EventRates } from './truck-driving.js';
import { type DriverStyle } from './truck-profile.js';
import { DEMO_SITUATION_RATES, type SituationRates } from './truck-events.js';
import type { TruckDutyOptions } from './truck-duty.js';

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
  /**
   * Its drivers' day shapes the truck's parks (breaks, daily and weekly rests) and each drive
   * ends by a planned instant, the cruise held to it (truck-duty.ts; the demo's trucks with a
   * tachograph). Default: none (the truck's own schedule).
   */
  duty?: TruckDutyOptions;
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
export const TERRAIN_MAX_GRADE_PCT = 3;

/** Road grade, %, at a distance along the truck's odometer: rolling hills, no draw of randomness. */
export function rollingGradePct(odometerM: number, maxGradePct: number): number {
  if (maxGradePct === 0) return 0;
  const hills = Math.sin((2 * Math.PI * odometerM) / 9_000);
  const swell = 0.6 + 0.4 * Math.sin((2 * Math.PI * odometerM) / 23_000);
  return maxGradePct * hills * swell;
}

/**
 * The truck of the fleet with an AdBlue emulator (serial 5): its tracker reads one fixed urea
 * level and no AdBlue is ever bought (issue 14).
 */
export function hasAdBlueEmulator(imei: string): boolean {
  return imei.endsWith('00005');
}
/** The level an AdBlue emulator reports, %. */
export const EMULATED_UREA_PCT = 88;
/** Slosh at the level sensor per m/s² of acceleration (braking pushes the fuel forward), %. */
export const SLOSH_PCT_PER_MPS2 = 1.5;

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
