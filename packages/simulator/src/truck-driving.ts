// One second of a truck's driving: the speed it aims for (cruise, town, stopping, speeding,
// slowdowns, harsh braking) and the random events that change it. Pure: state in, state out.

import type { Random } from './random.js';
import { HARSH_DECELERATION_MPS2, SPEEDING_KMH } from './truck-physics.js';

/** Per-second probabilities of the random events while cruising on the highway. */
export interface EventRates {
  speeding: number;
  harshBrake: number;
  slowdown: number;
  /** Per second of driving, wherever the truck is. */
  coverageLoss: number;
}

/**
 * The accuracy tests' rates: about one speeding episode per 1.5 h of cruising, a harsh brake per
 * 4 h, a gap per 6 h.
 */
export const DEFAULT_EVENT_RATES: EventRates = {
  speeding: 1 / 5400,
  harshBrake: 1 / 14_400,
  slowdown: 1 / 2400,
  coverageLoss: 1 / 21_600,
};

/**
 * The demo's rates (issue 22): a push against the speed limiter (truck.ts) per ~3 h of cruising,
 * a harsh brake per ~20 h for an average driver, a coverage gap per day of driving.
 */
export const DEMO_EVENT_RATES: EventRates = {
  speeding: 1 / 10_800,
  harshBrake: 1 / 72_000,
  slowdown: 1 / 2400,
  coverageLoss: 1 / 86_400,
};

/** What the driver is doing besides cruising. */
export type DriveMode =
  | { kind: 'normal' }
  | { kind: 'slowdown'; untilMs: number; targetKmh: number }
  /** Speeding lasts `durationMs` from the moment the limit is crossed. */
  | { kind: 'speeding'; untilMs?: number; durationMs: number; targetKmh: number }
  | { kind: 'harsh-brake'; untilMs: number }
  /** A hard pull-away at `accelMps2` (truck-events.ts). */
  | { kind: 'harsh-accel'; untilMs: number; accelMps2: number }
  /** Stops on the road (the station's exit, a light) and stands `holdMs` from the moment it stops. */
  | { kind: 'halt'; holdMs: number; untilMs?: number };

/** Streets near a stop are driven at town speed. */
const TOWN_ZONE_M = 1500;
const TOWN_SPEED_KMH = 50;
const COMFORT_DECELERATION_MPS2 = 0.6;

/** The mode after its time is up (speeding counts from the moment the limit is crossed). */
export function updateMode(mode: DriveMode, timeMs: number, speedKmh: number): DriveMode {
  if (mode.kind === 'speeding' && mode.untilMs === undefined && speedKmh > SPEEDING_KMH) {
    return { ...mode, untilMs: timeMs + mode.durationMs };
  }
  if (mode.kind === 'halt' && mode.untilMs === undefined && speedKmh === 0) {
    return { ...mode, untilMs: timeMs + mode.holdMs };
  }
  if (mode.kind !== 'normal' && mode.untilMs !== undefined && timeMs >= mode.untilMs) {
    return { kind: 'normal' };
  }
  return mode;
}

/** Where the truck is on its leg. */
export interface LegProgress {
  speedKmh: number;
  mode: DriveMode;
  cruiseKmh: number;
  /** Distance still to drive to the next stop. */
  remainingM: number;
  /** Distance from the stop the leg started at. */
  travelledM: number;
}

/** The speed one second later. */
export interface SpeedStep {
  speedKmh: number;
  isInTown: boolean;
  /** Holding the cruise speed on the highway (the cruise control may be on). */
  isCruising: boolean;
  /** A harsh brake ends once the speed has dropped enough. */
  hasBrakedEnough: boolean;
}

/** Accelerates, holds or brakes for one second towards the speed the situation calls for. */
export function stepSpeed(leg: LegProgress): SpeedStep {
  const { mode, remainingM } = leg;
  const isInTown = leg.travelledM < TOWN_ZONE_M || remainingM < TOWN_ZONE_M;
  let targetKmh = leg.cruiseKmh;
  if (mode.kind === 'speeding' && !isInTown) targetKmh = mode.targetKmh;
  if (mode.kind === 'slowdown') targetKmh = Math.min(targetKmh, mode.targetKmh);
  if (isInTown) targetKmh = Math.min(targetKmh, TOWN_SPEED_KMH);
  // Brake comfortably for the stop; crawl the last metres.
  const stoppingKmh = Math.sqrt(2 * COMFORT_DECELERATION_MPS2 * Math.max(remainingM - 2, 0)) * 3.6;
  targetKmh = Math.min(targetKmh, Math.max(6, stoppingKmh));
  if (mode.kind === 'halt') targetKmh = 0;

  const v0 = leg.speedKmh;
  let a: number;
  if (mode.kind === 'harsh-brake') a = -HARSH_DECELERATION_MPS2;
  else if (mode.kind === 'harsh-accel') a = mode.accelMps2;
  else if (v0 < targetKmh) a = v0 < 40 ? 0.6 : v0 < 70 || mode.kind === 'speeding' ? 0.4 : 0.25;
  else a = -Math.min(stoppingKmh < v0 ? 1.2 : 0.8, (v0 - targetKmh) / 3.6);
  let v1 = Math.max(0, v0 + a * 3.6);
  if (a > 0 && v1 > targetKmh) v1 = targetKmh;
  return {
    speedKmh: v1,
    isInTown,
    isCruising:
      mode.kind === 'normal' && !isInTown && v1 > 60 && Math.abs(v1 - leg.cruiseKmh) < 1.5,
    hasBrakedEnough: mode.kind === 'harsh-brake' && v1 < 25,
  };
}

/** Draws whether something happens this second of cruising: speeding, a harsh brake, traffic. */
export function drawDrivingEvent(
  rng: Random,
  rates: EventRates,
  aggressiveness: number,
  timeMs: number,
): DriveMode | undefined {
  const r = rng.next();
  const speeding = rates.speeding * aggressiveness;
  const harsh = speeding + rates.harshBrake * aggressiveness;
  const slowdown = harsh + rates.slowdown;
  if (r < speeding) {
    return {
      kind: 'speeding',
      durationMs: Math.round(rng.range(20, 60)) * 1000,
      targetKmh: rng.range(93, 110),
    };
  }
  if (r < harsh) return { kind: 'harsh-brake', untilMs: timeMs + 3000 };
  if (r < slowdown) {
    return {
      kind: 'slowdown',
      untilMs: timeMs + Math.round(rng.range(30, 150)) * 1000,
      targetKmh: rng.range(40, 65),
    };
  }
  return undefined;
}
