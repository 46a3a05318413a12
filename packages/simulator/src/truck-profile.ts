// The fixed traits of a simulated truck and its driver, drawn once from the truck's seed.

import type { Random } from './random.js';
import type { Route } from './route.js';

/** Who the truck is and where it drives (from the fleet catalogue). */
export interface TruckIdentity {
  imei: string;
  plate: string;
  route: Route;
  tankCapacityL: number;
  ureaCapacityL: number;
  /** Tachograph card of the driver, e.g. `ARG0000012345678`. */
  driverCode: string;
  /** How the driver drives (default `average`). */
  style?: DriverStyle;
  /** Vehicle kind of the catalogue (`rigid` trucks are lighter and burn less than tractors). */
  kind?: string;
}

/**
 * Driving styles, so the demo's screens tell a story (issues 13 and 22): a smooth driver (gentle
 * pedal, early upshifts, coasts downhill, cruise control, few harsh events), an aggressive one
 * (floors the pedal — kickdown —, revs high, speeds and brakes hard, little cruise control), a
 * hurried one (pushes the limiter, heavy pedal, never coasts), one who idles a lot at the docks;
 * the rest drive on average, each with traits of their own drawn from the truck's seed.
 */
export type DriverStyle = 'smooth' | 'aggressive' | 'hurried' | 'idler' | 'average';

/**
 * The style of the catalogue's truck `index`, in proportions a real fleet shows: of every ten, two
 * smooth (0, 5), one aggressive (1), one idler (2), one hurried (7), five average.
 */
export function styleOf(index: number): DriverStyle {
  const styles: Readonly<Record<number, DriverStyle>> = {
    0: 'smooth',
    1: 'aggressive',
    2: 'idler',
    5: 'smooth',
    7: 'hurried',
  };
  return styles[index % 10] ?? 'average';
}

/** Traits of the truck and its driver. */
export interface TruckTraits {
  /** Fuel consumption factor (1 = average). */
  efficiency: number;
  /** Share of cruising legs driven with the cruise control. */
  cruiseControlShare: number;
  /** Multiplies the rates of speeding and harsh braking. */
  aggressiveness: number;
  /** Local hour (0–24) the driver's shift starts and ends. */
  shiftStartHour: number;
  shiftEndHour: number;
  style: DriverStyle;
  /** Accelerator pedal when pulling away or speeding up, % (≥ 95: a kickdown). */
  throttlePct: number;
  /** Engine speed against the gearbox's economy shift points (1: shifts at them; > 1 revs high). */
  revsFactor: number;
  /** Downhill grade from which the driver lifts off and coasts, % (Infinity: never). */
  coastFromGradePct: number;
}

/** Counters and levels of a truck at an instant. */
export interface TruckCounterValues {
  odometerM: number;
  engineHours: number;
  fuelUsedL: number;
  fuelLevelPct: number;
  ureaLevelPct: number;
  serviceDistanceKm: number;
}

/** Counters and levels when the simulation starts, and where the truck stands. */
export interface TruckStartState extends TruckCounterValues {
  stopIndex: number;
  direction: 1 | -1;
}

/** A rigid truck burns this share of a loaded tractor unit's fuel. */
const RIGID_FUEL_SHARE = 0.8;

/**
 * Draws the traits of a truck (the same draws whatever the style: the style overrides some; the
 * draws added for issue 22 come after the older ones, so those stay as they were).
 */
export function drawTraits(
  rng: Random,
  style: DriverStyle = 'average',
  kind?: string,
): TruckTraits {
  const drawn: TruckTraits = {
    efficiency: rng.range(0.93, 1.07),
    cruiseControlShare: rng.range(0.35, 0.95),
    aggressiveness: rng.range(0.3, 2),
    shiftStartHour: rng.range(5, 7.5),
    shiftEndHour: rng.range(18.5, 21),
    style,
    throttlePct: rng.range(62, 96),
    revsFactor: rng.range(0.98, 1.22),
    coastFromGradePct: rng.range(1.3, 3.2),
  };
  const traits = styled(drawn, style);
  return kind === 'rigid'
    ? { ...traits, efficiency: traits.efficiency * RIGID_FUEL_SHARE }
    : traits;
}

function styled(traits: TruckTraits, style: DriverStyle): TruckTraits {
  switch (style) {
    case 'smooth':
      return {
        ...traits,
        efficiency: 0.94,
        cruiseControlShare: 0.95,
        aggressiveness: 0.2,
        throttlePct: 50,
        revsFactor: 0.95,
        coastFromGradePct: 1.1,
      };
    case 'aggressive':
      return {
        ...traits,
        efficiency: 1.08,
        cruiseControlShare: 0.15,
        aggressiveness: 2.5,
        throttlePct: 98,
        revsFactor: 1.25,
        coastFromGradePct: Infinity,
      };
    case 'hurried':
      return {
        ...traits,
        efficiency: 1.04,
        cruiseControlShare: 0.3,
        aggressiveness: 1.8,
        throttlePct: 94,
        revsFactor: 1.22,
        coastFromGradePct: Infinity,
      };
    case 'idler':
    case 'average':
      return traits;
  }
}

/** Draws where a truck is and what its counters read when the simulation starts. */
export function drawStartState(rng: Random, route: Route): TruckStartState {
  const odometerM = Math.round(rng.range(200_000, 900_000)) * 1000;
  const engineHours = odometerM / 1000 / rng.range(48, 58);
  return {
    odometerM,
    engineHours,
    fuelUsedL: (odometerM / 100_000) * rng.range(31, 36),
    fuelLevelPct: rng.range(50, 95),
    ureaLevelPct: rng.range(45, 95),
    serviceDistanceKm: rng.range(-500, 60_000),
    stopIndex: rng.int(0, route.stops.length - 1),
    direction: rng.chance(0.5) ? 1 : -1,
  };
}

/** Argentina's offset from UTC (no daylight saving time). */
export const ARGENTINA_UTC_OFFSET_HOURS = -3;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The earliest time at or after `timeMs` within the driver's shift (local time at the given UTC
 * offset; a shift may end past midnight, `shiftEndHour` > 24). Times inside the shift are
 * returned as they are.
 */
export function alignToShift(
  timeMs: number,
  traits: Pick<TruckTraits, 'shiftStartHour' | 'shiftEndHour'>,
  utcOffsetHours: number = ARGENTINA_UTC_OFFSET_HOURS,
): number {
  const localMs = timeMs + utcOffsetHours * HOUR_MS;
  const dayStartLocal = Math.floor(localMs / DAY_MS) * DAY_MS;
  const hour = (localMs - dayStartLocal) / HOUR_MS;
  if (hour >= traits.shiftStartHour && hour < traits.shiftEndHour) return timeMs;
  // A shift past midnight (end > 24): the small hours belong to the last day's shift.
  if (hour + 24 < traits.shiftEndHour) return timeMs;
  const startLocal =
    dayStartLocal + traits.shiftStartHour * HOUR_MS + (hour >= traits.shiftEndHour ? DAY_MS : 0);
  return startLocal - utcOffsetHours * HOUR_MS;
}
