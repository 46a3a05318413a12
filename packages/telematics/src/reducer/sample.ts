// What the reducer keeps of a record: the signals it computes with, after speed selection (§0).
// Plain JSON data, so device state can be persisted and restored as is.

import {
  LOCATION_FLAGS,
  type Dtc,
  type HarshEvent,
  type Position,
  type PositionFlag,
} from '../position.js';
import type { ReducerSettings } from './reducer-settings.js';

/** The reducer's view of one record. */
export interface Sample {
  fixTimeMs: number;
  lat: number;
  lng: number;
  /** False when the location is unusable (no satellites, 0/0…): no distance, no place. */
  hasLocation: boolean;
  ignition?: boolean;
  /** Ignition, else rpm > 0, else moving; undefined when nothing tells. */
  engineOn?: boolean;
  /** Selected speed: wheel speed, else trustworthy GNSS speed (§0). */
  speedKmh?: number;
  /** speed ≥ motion threshold; undefined when the speed is unknown. */
  motion?: boolean;
  rpm?: number;
  pto?: boolean;
  odometerM?: number;
  fuelUsedL?: number;
  fuelRateLph?: number;
  engineHours?: number;
  fuelLevelPct?: number;
  fuelLevelL?: number;
  /** AdBlue (urea) tank level, %. */
  ureaLevelPct?: number;
  driverCode?: string;
  /** Tachograph working state of slot 1 (IO 184) and 2 (IO 185): 0 rest … 7 not available. */
  driver1State?: number;
  driver2State?: number;
  /** Slot 1's card presence (IO 187): 0 no card. */
  driver1Card?: number;
  /** Slot 2's card id (IO 197/198). */
  driver2Code?: string;
  headingDeg?: number;
  /** Engine torque, % of reference (driving indicators, §5). */
  torquePct?: number;
  /** Accelerator pedal position, %. */
  pedalPct?: number;
  /** Kickdown switch, brake pedal and cruise control (FMS), when sent. */
  kickdown?: boolean;
  brake?: boolean;
  cruise?: boolean;
  /** The device's own harsh-driving event (Teltonika green driving, IO 253). */
  harshEvent?: HarshEvent;
  /** The device's crash detection (Teltonika IO 247). */
  crash?: boolean;
  /** Its magnitude (IO 254, g × 100 on the wire) in m/s²; undefined when not sent. */
  harshMps2?: number;
  /** External supply voltage. */
  powerV?: number;
  /** The device raised its power-cut alarm (attribute `alarm` = `powerCut`). */
  isPowerCutAlarm: boolean;
  /** Temperature sensors by slot (`null`: slot not available). */
  temperaturesC?: readonly (number | null)[];
  /** The record's DM1 / OBD report (§9): `[]` reports no active fault, undefined no report. */
  dtcs?: readonly Dtc[];
}

/** Standard gravity, m/s² (Teltonika reports green-driving magnitudes in g). */
export const STANDARD_GRAVITY_MPS2 = 9.80665;

/** IO 254 as the record carries it (attribute `greenDrivingValue`, g × 100), in m/s². */
function harshMps2Of(p: Position): number | undefined {
  if (p.harshEvent === undefined) return undefined;
  const raw = p.attributes['greenDrivingValue'];
  return typeof raw === 'number' && raw > 0 ? (raw / 100) * STANDARD_GRAVITY_MPS2 : undefined;
}

/**
 * The speed the rules use (§0): wheel-based speed when present, else GNSS speed unless it comes
 * with fewer than `minGnssSatellites`, HDOP above `maxGnssHdop` or an unusable location.
 */
export function selectSpeedKmh(
  p: Position,
  settings: ReducerSettings,
  hasLocation = true,
): number | undefined {
  if (p.wheelSpeedKmh !== undefined) return p.wheelSpeedKmh;
  if (p.speedKmh === undefined || !hasLocation) return undefined;
  if (p.satellites !== undefined && p.satellites < settings.minGnssSatellites) return undefined;
  if (p.hdop !== undefined && p.hdop > settings.maxGnssHdop) return undefined;
  return p.speedKmh;
}

function numberAttr(p: Position, key: string): number | undefined {
  const v = p.attributes[key];
  return typeof v === 'number' ? v : undefined;
}

/** Builds the reducer's sample of a validated record and its flags. */
export function toSample(
  p: Position,
  flags: readonly PositionFlag[],
  settings: ReducerSettings,
): Sample {
  const hasLocation = !flags.some((f) => LOCATION_FLAGS.includes(f));
  const speedKmh = selectSpeedKmh(p, settings, hasLocation);
  const motion = speedKmh === undefined ? undefined : speedKmh >= settings.motionSpeedKmh;
  const engineOn =
    p.ignition ?? (p.rpm !== undefined ? p.rpm > 0 : motion === true ? true : undefined);
  return {
    fixTimeMs: p.fixTimeMs,
    lat: p.lat,
    lng: p.lng,
    hasLocation,
    ignition: p.ignition,
    engineOn,
    speedKmh,
    motion,
    rpm: p.rpm,
    pto: p.pto,
    odometerM: p.odometerM,
    fuelUsedL: p.fuelUsedL,
    fuelRateLph: p.fuelRateLph,
    engineHours: p.engineHours,
    fuelLevelPct: p.fuelLevelPct,
    fuelLevelL: p.fuelLevelL,
    ureaLevelPct: p.ureaLevelPct,
    driverCode: p.driverCode,
    driver1State: numberAttr(p, 'driver1WorkingState'),
    driver2State: numberAttr(p, 'driver2WorkingState'),
    driver1Card: numberAttr(p, 'driver1CardPresence'),
    driver2Code:
      typeof p.attributes['driver2Code'] === 'string' ? p.attributes['driver2Code'] : undefined,
    headingDeg: p.headingDeg,
    torquePct: p.torquePct,
    pedalPct: p.pedalPct,
    kickdown: p.kickdown,
    brake: p.brake,
    cruise: p.cruise,
    harshEvent: p.harshEvent,
    crash: p.crash,
    harshMps2: harshMps2Of(p),
    powerV: p.powerV,
    isPowerCutAlarm: p.attributes['alarm'] === 'powerCut',
    temperaturesC: p.temperaturesC,
    dtcs: p.dtcs,
  };
}
