// Plausible engine and CAN signals of a loaded tractor unit (12-speed automated gearbox, ~450 hp)
// from its speed and acceleration. Deterministic: noise is added when a record is taken.

/** Engine speed at idle. */
export const IDLE_RPM = 600;
/** Fuel burnt idling, L/h (domain.md §4 uses 2.5 L/h as its estimate). */
export const IDLE_FUEL_LPH = 2.5;
/** Speed limit (km/h) above which time counts as speeding. */
export const SPEEDING_KMH = 90;
/** Deceleration of a harsh brake, m/s² (Rumbo's threshold is 2.7). */
export const HARSH_DECELERATION_MPS2 = 3.6;

/** Engine and pedal signals at one instant. */
export interface EngineSignals {
  rpm: number;
  torquePct: number;
  pedalPct: number;
  brake: boolean;
  cruise: boolean;
  fuelRateLph: number;
}

/** What the driver is doing, as the engine signals need it. */
export interface DrivingInput {
  speedKmh: number;
  accelerationMps2: number;
  /** Holding a steady highway speed. */
  isCruising: boolean;
  /** The cruise control holds that speed (pedal released). */
  usesCruiseControl: boolean;
  /** The truck's consumption factor (1 = average). */
  efficiency: number;
  /** Floors the pedal pulling away and revs high (aggressive), or is gentle (smooth). */
  style?: 'smooth' | 'aggressive' | 'hurried' | 'idler' | 'average';
  /** The driver's pedal when speeding up, % (default by style: smooth 50, aggressive 98, else 72). */
  throttlePct?: number;
  /** Engine speed against the economy shift points (default 1). */
  revsFactor?: number;
  /** Rolling downhill with the pedal released (overrun cut-off, no brake, no cruise control). */
  isCoasting?: boolean;
}

/** Km/h per gear in the lower gears, where each gear covers a small speed band. */
const GEAR_BAND_KMH = 8.5;
/** Speed from which the truck runs in top gear. */
const TOP_GEAR_FROM_KMH = 68;
/** The governor's limit while driving. */
const GOVERNED_RPM = 2050;
/** Engine speed in top gear at 85 km/h (in the 900–1500 green band). */
const TOP_GEAR_RPM_AT_85 = 1250;

/** Engine speed for a road speed: top gear above 68 km/h, a gear-shift sawtooth below. */
export function rpmFor(speedKmh: number, isAccelerating: boolean): number {
  if (speedKmh < 1) return IDLE_RPM;
  if (speedKmh >= TOP_GEAR_FROM_KMH) return (TOP_GEAR_RPM_AT_85 * speedKmh) / 85;
  const f = (speedKmh % GEAR_BAND_KMH) / GEAR_BAND_KMH;
  return isAccelerating ? 1150 + 500 * f : 1000 + 300 * f;
}

function defaultThrottlePct(style: DrivingInput['style']): number {
  return style === 'aggressive' ? 98 : style === 'smooth' ? 50 : 72;
}

/** Signals while driving. */
export function drivingSignals(input: DrivingInput): EngineSignals {
  const { speedKmh: v, accelerationMps2: a } = input;
  const isAccelerating = a > 0.1;
  const isDecelerating = a < -0.05;
  const isCoasting = input.isCoasting === true && !isAccelerating && a >= -0.25;
  const cruise = !isCoasting && input.isCruising && input.usesCruiseControl && v > 60 && a >= -0.25;
  const throttlePct = input.throttlePct ?? defaultThrottlePct(input.style);
  let torquePct: number;
  let pedalPct: number;
  if (isDecelerating || isCoasting) {
    torquePct = 0;
    pedalPct = 0;
  } else if (isAccelerating) {
    // Torque follows the pedal: 50 % pedal gives about 70 % torque, 98 % (kickdown) full torque.
    torquePct = Math.min(100, Math.round(35 + 0.67 * throttlePct));
    // The cruise control opens the throttle itself; an aggressive driver floors it (kickdown).
    pedalPct = cruise ? 0 : throttlePct;
  } else {
    torquePct = 12 + 0.4 * v; // road load grows with speed
    pedalPct = cruise ? 0 : 20 + 0.25 * v;
  }
  // Overrun cut-off while coasting; otherwise fuel follows load.
  const fuelRateLph = torquePct > 0 ? input.efficiency * (1.5 + 0.58 * torquePct) : 0.4;
  const revs = input.style === 'aggressive' && isAccelerating && v < TOP_GEAR_FROM_KMH ? 350 : 0;
  return {
    rpm: Math.min(GOVERNED_RPM, rpmFor(v, isAccelerating) * (input.revsFactor ?? 1) + revs),
    torquePct,
    pedalPct,
    brake: a < -0.25,
    cruise,
    fuelRateLph,
  };
}

/** Signals at standstill with the engine running. */
export function idleSignals(efficiency: number): EngineSignals {
  return {
    rpm: IDLE_RPM,
    torquePct: 9,
    pedalPct: 0,
    brake: false,
    cruise: false,
    fuelRateLph: IDLE_FUEL_LPH * efficiency,
  };
}

/** Signals with the ignition off. */
export const ENGINE_OFF: EngineSignals = {
  rpm: 0,
  torquePct: 0,
  pedalPct: 0,
  brake: false,
  cruise: false,
  fuelRateLph: 0,
};
