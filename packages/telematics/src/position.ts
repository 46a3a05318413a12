// The normalised Position model (docs/domain.md §1) and its plausibility rules (§0).

/** A device's harsh-driving event type (Teltonika green driving, IO 253). */
export type HarshEvent = 'accel' | 'brake' | 'corner';

/** DM1 warning lamps that are on (J1939-73: the message's first byte, 2 bits per lamp). */
export interface DtcLamps {
  /** Malfunction indicator lamp: an emissions-related fault. */
  mil: boolean;
  /** Red stop lamp: stop the vehicle. */
  redStop: boolean;
  /** Amber warning lamp: a fault that does not warrant stopping. */
  amber: boolean;
  /** Protect lamp: a non-electronic subsystem. */
  protect: boolean;
}

/**
 * One diagnostic trouble code: J1939 SPN/FMI (FMS DM1) or an OBD-II code such as `P0101`.
 * `lamps` is present when the device sent the DM1 lamp byte with it (diagnostics/dtc.ts).
 */
export type Dtc =
  | { standard: 'j1939'; spn: number; fmi: number; occurrences?: number; lamps?: DtcLamps }
  | { standard: 'obd'; code: string };

/** Free-form values a protocol reports beyond the typed signals. */
export type PositionAttributes = Record<string, number | string | boolean>;

/**
 * One normalised device record. Every optional signal is `undefined` when the device did not
 * report it or reported FMS "not available": such values are never turned into 0.
 */
export interface Position {
  deviceId: string;
  /** Device (GNSS) time of the record, UTC epoch ms. */
  fixTimeMs: number;
  /** Time the server received the record, UTC epoch ms (set by the shell, not by decoders). */
  serverTimeMs?: number;
  lat: number;
  lng: number;
  altitudeM?: number;
  headingDeg?: number;
  /** GNSS speed. */
  speedKmh?: number;
  satellites?: number;
  hdop?: number;
  ignition?: boolean;
  movement?: boolean;
  /** Wheel-based (CAN/FMS) speed. */
  wheelSpeedKmh?: number;
  /** Total vehicle distance as the ECU or tachograph reports it. */
  odometerM?: number;
  /** Engine total fuel used (counter). */
  fuelUsedL?: number;
  fuelLevelPct?: number;
  fuelLevelL?: number;
  fuelRateLph?: number;
  /** Engine total hours of operation (counter). */
  engineHours?: number;
  rpm?: number;
  /** Engine torque or, where the bus only offers it, engine load at current speed. */
  torquePct?: number;
  pedalPct?: number;
  kickdown?: boolean;
  brake?: boolean;
  cruise?: boolean;
  pto?: boolean;
  ureaLevelPct?: number;
  serviceDistanceKm?: number;
  /** Tachograph driver card or iButton/RFID id. */
  driverCode?: string;
  /** External (vehicle) supply voltage. */
  powerV?: number;
  /** The tracker's own battery voltage. */
  batteryV?: number;
  /** Temperature sensors by slot; `null` marks a slot whose sensor is not available. */
  temperaturesC?: readonly (number | null)[];
  dtcs?: readonly Dtc[];
  harshEvent?: HarshEvent;
  /** The device detected a crash (Teltonika IO 247). */
  crash?: boolean;
  attributes: PositionAttributes;
}

/** Why a record is stored but treated with caution. */
export type PositionFlag =
  | 'no-satellites'
  | 'satellites-absurd'
  | 'null-island'
  | 'hdop-absurd'
  | 'speed-absurd'
  | 'altitude-absurd'
  | 'heading-absurd';

/** Why a record is refused for good (never stored). */
export type PositionRejection =
  'not-finite' | 'lat-range' | 'lng-range' | 'time-future' | 'time-ancient' | 'no-device-id';

/** Outcome of {@link validatePosition}. */
export type PositionValidation =
  { ok: true; flags: PositionFlag[] } | { ok: false; reason: PositionRejection };

/** Flags whose record should not move any derived fact (the reducer skips the record). */
export const IMPLAUSIBLE_FLAGS: readonly PositionFlag[] = [
  'satellites-absurd',
  'speed-absurd',
  'altitude-absurd',
];

/** Flags that make only the location unusable (no distance, no place, no GNSS speed). */
export const LOCATION_FLAGS: readonly PositionFlag[] = [
  'no-satellites',
  'null-island',
  'hdop-absurd',
];

const FUTURE_TOLERANCE_MS = 10 * 60_000;
/** Before this (2000-01-01) a device clock is unset or suffered a GPS week rollover. */
const EARLIEST_FIX_TIME_MS = Date.UTC(2000, 0, 1);
const MAX_SATELLITES = 40;
const MAX_HDOP = 50;
const MAX_SPEED_KMH = 300;
const MIN_ALTITUDE_M = -500;
const MAX_ALTITUDE_M = 10_000;

/**
 * Decides whether a record is stored: refused for good (time more than 10 min ahead of `nowMs`,
 * before 2000, coordinates out of range) or accepted with flags for implausible values.
 */
export function validatePosition(p: Position, nowMs: number): PositionValidation {
  if (p.deviceId.length === 0) return { ok: false, reason: 'no-device-id' };
  if (!Number.isFinite(p.fixTimeMs) || !Number.isFinite(p.lat) || !Number.isFinite(p.lng)) {
    return { ok: false, reason: 'not-finite' };
  }
  if (p.lat < -90 || p.lat > 90) return { ok: false, reason: 'lat-range' };
  if (p.lng < -180 || p.lng > 180) return { ok: false, reason: 'lng-range' };
  if (p.fixTimeMs > nowMs + FUTURE_TOLERANCE_MS) return { ok: false, reason: 'time-future' };
  if (p.fixTimeMs < EARLIEST_FIX_TIME_MS) return { ok: false, reason: 'time-ancient' };

  const flags: PositionFlag[] = [];
  if (p.satellites === 0) flags.push('no-satellites');
  if (p.satellites !== undefined && p.satellites > MAX_SATELLITES) flags.push('satellites-absurd');
  if (p.lat === 0 && p.lng === 0) flags.push('null-island');
  if (p.hdop !== undefined && (p.hdop < 0 || p.hdop > MAX_HDOP)) flags.push('hdop-absurd');
  if (isOutside(p.speedKmh, 0, MAX_SPEED_KMH) || isOutside(p.wheelSpeedKmh, 0, MAX_SPEED_KMH)) {
    flags.push('speed-absurd');
  }
  if (isOutside(p.altitudeM, MIN_ALTITUDE_M, MAX_ALTITUDE_M)) flags.push('altitude-absurd');
  if (isOutside(p.headingDeg, 0, 360)) flags.push('heading-absurd');
  return { ok: true, flags };
}

function isOutside(value: number | undefined, min: number, max: number): boolean {
  return value !== undefined && !(value >= min && value <= max);
}
