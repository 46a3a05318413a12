// The situations the alert rules exist for (issue 11), with their ground truth: harsh
// acceleration and cornering (the device's green-driving events, as an FMB640 sends them), power
// cuts while parked, relief drivers with an unknown card or none, and a refrigerated semi-trailer
// whose temperature leaves its range when the doors stay open at a dock or the unit fails.
// Deterministic: every draw comes from the truck's own `events` stream.

import type { Random } from './random.js';

/** Rates of the situations, per opportunity. */
export interface SituationRates {
  /** Per second of pulling away (5–40 km/h): a harsh acceleration. */
  harshAccel: number;
  /** Per second of highway cruising: a swerve the device reports as harsh cornering. */
  harshCorner: number;
  /** Per parking: the main power is cut (battery isolator, maintenance, theft attempt). */
  powerCut: number;
  /** Per departure: a relief driver whose card the tenant does not know… */
  unknownCard: number;
  /** …or a driver with no card in the tachograph. */
  noCard: number;
  /** Per dock stop of a reefer: the doors stay open long enough to warm the load. */
  reeferDoorOpen: number;
  /** Per hour of driving a reefer: the refrigeration unit fails for a while. */
  reeferFailure: number;
  /** Share of trucks ever robbed (drawn once per truck from its seed: the same trucks always). */
  theftProneTrucks: number;
  /** Per parked leg without a refill of such a truck: fuel is stolen (issue 14). */
  theft: number;
  /** Per leg: the fuel level sensor sticks for part of the drive. */
  stuckFuelSensor: number;
  /** Longest an average driver idles at a dock, minutes (the idler: three times his). */
  dockIdleMaxMinutes: number;
}

/**
 * The accuracy tests' rates (harsh on purpose: they measure detectors, so every situation must
 * occur often): a harsh pull-away every few days, a harsh corner about daily, a power cut a
 * fortnight, a theft in 4 % of parked legs, a stuck fuel sensor in 10 % of drives.
 */
export const DEFAULT_SITUATION_RATES: SituationRates = {
  harshAccel: 1 / 200,
  harshCorner: 1 / 40_000,
  powerCut: 1 / 30,
  unknownCard: 0.04,
  noCard: 0.04,
  reeferDoorOpen: 0.25,
  reeferFailure: 1 / 60,
  theftProneTrucks: 1,
  theft: 0.04,
  stuckFuelSensor: 0.1,
  dockIdleMaxMinutes: 15,
};

/**
 * The demo's rates: a fleet as a manager knows it (issue 22). Thefts on a few trucks (about 3 of
 * 50 are targets, each robbed a few times a fortnight),
 * a power cut now and then, a relief driver without a known card rarely (cards in ≥ 95 % of
 * trips), the reefer's doors closed in time at most docks, a unit failing a few times a month.
 */
export const DEMO_SITUATION_RATES: SituationRates = {
  harshAccel: 1 / 600,
  harshCorner: 1 / 160_000,
  powerCut: 1 / 400,
  unknownCard: 0.003,
  noCard: 0.005,
  reeferDoorOpen: 0.05,
  reeferFailure: 1 / 400,
  theftProneTrucks: 0.09,
  theft: 0.08,
  stuckFuelSensor: 0.02,
  dockIdleMaxMinutes: 11,
};

/** A refrigerated load's settings (the vehicle context's `alerts.reefer`), °C. */
export interface ReeferProfile {
  setPointC: number;
  toleranceC: number;
  minC: number;
  maxC: number;
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** One truck in five pulls a reefer (frozen or chilled), chosen from its IMEI. */
export function reeferProfileFor(imei: string): ReeferProfile | undefined {
  const h = hashOf(`reefer/${imei}`);
  if (h % 5 !== 0) return undefined;
  return (h >>> 8) % 2 === 0
    ? { setPointC: -18, toleranceC: 2, minC: -25, maxC: -12 }
    : { setPointC: 4, toleranceC: 2, minC: 0, maxC: 8 };
}

/** A card the tenant's driver list does not hold (catalogue cards start `ARG00000`). */
export function unknownDriverCodeFor(imei: string, n: number): string {
  return `ARG99999${String((hashOf(`${imei}/${n}`) % 1e8) >>> 0).padStart(8, '0')}`;
}

const MINUTE_MS = 60_000;

/** A reefer temperature above set-point + tolerance (the physics, minute by minute). */
export interface ReeferExcursion {
  cause: 'door-open' | 'unit-failure';
  startMs: number;
  endMs: number;
  peakC: number;
}

/**
 * A refrigeration unit and its load: the air temperature relaxes towards the unit's target (the
 * set-point while it works; the ambient 25 °C while the doors are open or the unit is down).
 */
export class ReeferUnit {
  private tempC: number;
  private timeMs: number;
  private warmUntilMs = -Infinity;
  private cause: ReeferExcursion['cause'] = 'door-open';
  private open?: { startMs: number; peakC: number; cause: ReeferExcursion['cause'] };
  readonly excursions: ReeferExcursion[] = [];

  constructor(
    readonly profile: ReeferProfile,
    startMs: number,
  ) {
    this.tempC = profile.setPointC;
    this.timeMs = startMs;
  }

  /** The doors are open, or the unit is down, until `untilMs`. */
  warmUntil(untilMs: number, cause: ReeferExcursion['cause']): void {
    this.warmUntilMs = Math.max(this.warmUntilMs, untilMs);
    this.cause = cause;
  }

  /** Advances the load's temperature to `timeMs`, minute by minute. */
  advanceTo(timeMs: number): number {
    const upperC = this.profile.setPointC + this.profile.toleranceC;
    while (this.timeMs < timeMs) {
      const dtMs = Math.min(MINUTE_MS, timeMs - this.timeMs);
      const isWarming = this.timeMs < this.warmUntilMs;
      const targetC = isWarming ? 25 : this.profile.setPointC;
      const tauMin = isWarming ? 40 : 12;
      this.tempC = targetC + (this.tempC - targetC) * Math.exp(-dtMs / MINUTE_MS / tauMin);
      this.timeMs += dtMs;
      if (this.tempC > upperC) {
        this.open ??= { startMs: this.timeMs, peakC: this.tempC, cause: this.cause };
        this.open.peakC = Math.max(this.open.peakC, this.tempC);
      } else if (this.open) {
        this.excursions.push({ ...this.open, endMs: this.timeMs });
        this.open = undefined;
      }
    }
    return this.tempC;
  }
}

/** What the device reports of a harsh event: its IO 253 type and IO 254 magnitude (g × 100). */
export interface DeviceHarshEvent {
  kind: 'accel' | 'brake' | 'corner';
  valueGx100: number;
}

/** IO 254 of a magnitude in m/s². */
export function greenDrivingValue(magnitudeMps2: number): number {
  return Math.round((magnitudeMps2 / 9.80665) * 100);
}

/** Draws the acceleration (m/s²) of a harsh pull-away: 2.7–3.2, over Rumbo's 2.5 threshold. */
export function drawHarshAccel(rng: Random): number {
  return rng.range(2.7, 3.2);
}

/** Draws the lateral acceleration (m/s²) of a swerve: 3.6–4.4, over the 3.4 threshold. */
export function drawHarshCorner(rng: Random): number {
  return rng.range(3.6, 4.4);
}
