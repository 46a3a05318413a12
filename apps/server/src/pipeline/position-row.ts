import type { Selectable } from 'kysely';
import { FLAG } from '../db/position-flags.js';
import type { PositionsTable } from '../db/schema.js';
import type { Position, PositionFlag } from '@rumbo/telematics';

/** One stored record, in the column units of `positions` (1e-7°, 0.1 km/h). */
export interface PositionRow {
  deviceId: number;
  fixTimeMs: number;
  lat: number;
  lng: number;
  speed: number | null;
  heading: number | null;
  altitude: number | null;
  satellites: number | null;
  flags: number;
  rpm: number | null;
  torque: number | null;
  pedal: number | null;
  odometerM: number | null;
  fuelUsedL: number | null;
  fuelLevel: number | null;
  engineHours: number | null;
  ureaLevel: number | null;
  driverCode: string | null;
  attributes: string | null;
}

function small(value: number | undefined, scale = 1): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  return Math.max(-32768, Math.min(32767, Math.round(value * scale)));
}

function num(value: number | undefined): number | null {
  return value === undefined || !Number.isFinite(value) ? null : value;
}

// A UTF-16 surrogate without its partner: JSON.stringify writes it as an escape jsonb refuses.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL text and jsonb cannot hold NUL nor a lone surrogate: one such character would fail
 * its whole batch on every resend, so NUL is dropped and a lone surrogate becomes U+FFFD.
 */
function storable(value: string): string {
  let out = value.includes('\0') ? value.replaceAll('\0', '') : value;
  if (/[\uD800-\uDFFF]/.test(out)) out = out.replace(LONE_SURROGATE, '\uFFFD');
  return out;
}

/** Turns a decoded record into its stored row; signals without a column go to `attributes`. */
export function toPositionRow(
  deviceId: number,
  p: Position,
  flags: readonly PositionFlag[],
): PositionRow {
  let bits = 0;
  if (p.ignition !== undefined) bits |= FLAG.ignitionKnown | (p.ignition ? FLAG.ignition : 0);
  if (p.movement) bits |= FLAG.movement;
  if (p.brake) bits |= FLAG.brake;
  if (p.cruise) bits |= FLAG.cruise;
  if (p.pto) bits |= FLAG.pto;
  if (p.kickdown) bits |= FLAG.kickdown;
  if (flags.length > 0) bits |= FLAG.implausible;
  const wheel = p.wheelSpeedKmh;
  if (wheel !== undefined) bits |= FLAG.wheelSpeed;
  const extra: Record<string, unknown> = {};
  for (const key in p.attributes) {
    const value = p.attributes[key];
    extra[storable(key)] = typeof value === 'string' ? storable(value) : value;
  }
  if (wheel !== undefined && p.speedKmh !== undefined) extra.gnssSpeedKmh = p.speedKmh;
  if (p.hdop !== undefined) extra.hdop = p.hdop;
  if (p.fuelLevelL !== undefined) extra.fuelLevelL = p.fuelLevelL;
  if (p.fuelRateLph !== undefined) extra.fuelRateLph = p.fuelRateLph;
  if (p.serviceDistanceKm !== undefined) extra.serviceDistanceKm = p.serviceDistanceKm;
  if (p.powerV !== undefined) extra.powerV = p.powerV;
  if (p.batteryV !== undefined) extra.batteryV = p.batteryV;
  if (p.temperaturesC !== undefined) extra.temperaturesC = p.temperaturesC;
  // An empty DM1 report is kept too: it closes fault episodes when a recompute replays it (§9).
  if (p.dtcs !== undefined) extra.dtcs = p.dtcs;
  if (p.harshEvent !== undefined) extra.harshEvent = p.harshEvent;
  if (p.crash) extra.crash = true;
  if (flags.length > 0) extra.flags = flags;
  return {
    deviceId,
    fixTimeMs: p.fixTimeMs,
    lat: Math.round(p.lat * 1e7),
    lng: Math.round(p.lng * 1e7),
    speed: small(wheel ?? p.speedKmh, 10),
    heading: small(p.headingDeg),
    altitude: small(p.altitudeM),
    satellites: small(p.satellites),
    flags: bits,
    rpm: small(p.rpm),
    torque: small(p.torquePct),
    pedal: small(p.pedalPct),
    odometerM: p.odometerM === undefined ? null : Math.round(p.odometerM),
    fuelUsedL: num(p.fuelUsedL),
    fuelLevel: num(p.fuelLevelPct),
    engineHours: num(p.engineHours),
    ureaLevel: num(p.ureaLevelPct),
    driverCode: p.driverCode === undefined ? null : storable(p.driverCode),
    attributes: Object.keys(extra).length > 0 ? JSON.stringify(extra) : null,
  };
}

/**
 * The record as the database keeps it: the typed columns rounded as stored (1e-7°, 0.1 km/h,
 * whole degrees and metres, float4 levels), unset flags absent. Live processing reduces this
 * view, so a replay of the stored rows ({@link fromStoredRow}) sees exactly the same values.
 */
export function asStoredPosition(p: Position, row: PositionRow): Position {
  const speed = row.speed === null ? undefined : row.speed / 10;
  const isWheel = (row.flags & FLAG.wheelSpeed) !== 0;
  // One literal in fromStoredRow's key order: the reducer sees one object shape, live or replayed.
  return {
    deviceId: p.deviceId,
    fixTimeMs: p.fixTimeMs,
    lat: row.lat / 1e7,
    lng: row.lng / 1e7,
    altitudeM: opt(row.altitude),
    headingDeg: opt(row.heading),
    speedKmh: isWheel ? p.speedKmh : speed,
    wheelSpeedKmh: isWheel ? speed : undefined,
    satellites: opt(row.satellites),
    hdop: p.hdop,
    ignition: p.ignition,
    movement: p.movement || undefined,
    brake: p.brake || undefined,
    cruise: p.cruise || undefined,
    pto: p.pto || undefined,
    kickdown: p.kickdown || undefined,
    rpm: opt(row.rpm),
    torquePct: opt(row.torque),
    pedalPct: opt(row.pedal),
    odometerM: opt(row.odometerM),
    fuelUsedL: opt(row.fuelUsedL),
    fuelLevelPct: float4(row.fuelLevel),
    engineHours: opt(row.engineHours),
    ureaLevelPct: float4(row.ureaLevel),
    driverCode: opt(row.driverCode),
    fuelLevelL: p.fuelLevelL,
    fuelRateLph: p.fuelRateLph,
    serviceDistanceKm: p.serviceDistanceKm,
    powerV: p.powerV,
    batteryV: p.batteryV,
    harshEvent: p.harshEvent,
    crash: p.crash || undefined,
    temperaturesC: p.temperaturesC,
    dtcs: p.dtcs,
    attributes: p.attributes,
  };
}

/** A real (float4) column's value as a double: the same whether computed or read back. */
function float4(value: number | null): number | undefined {
  return value === null ? undefined : Math.fround(value);
}

/** The stored columns of `positions` as read back. */
export type StoredPositionRow = Selectable<PositionsTable>;

function opt<T>(value: T | null): T | undefined {
  return value === null ? undefined : value;
}

/** Rebuilds a Position from a stored row (for replays after late records). */
export function fromStoredRow(deviceId: string, row: StoredPositionRow): Position {
  const attrs = { ...(row.attributes ?? {}) };
  const take = <T>(key: string): T | undefined => {
    const value = attrs[key] as T | undefined;
    delete attrs[key];
    return value;
  };
  const speed = row.speed === null ? undefined : row.speed / 10;
  const isWheel = (row.flags & FLAG.wheelSpeed) !== 0;
  const gnss = take<number>('gnssSpeedKmh');
  take<unknown>('flags');
  const position: Position = {
    deviceId,
    fixTimeMs: new Date(row.fix_time).getTime(),
    lat: row.lat / 1e7,
    lng: row.lng / 1e7,
    altitudeM: opt(row.altitude),
    headingDeg: opt(row.heading),
    speedKmh: isWheel ? gnss : speed,
    wheelSpeedKmh: isWheel ? speed : undefined,
    satellites: opt(row.satellites),
    hdop: take<number>('hdop'),
    ignition:
      (row.flags & FLAG.ignitionKnown) !== 0 ? (row.flags & FLAG.ignition) !== 0 : undefined,
    movement: (row.flags & FLAG.movement) !== 0 || undefined,
    brake: (row.flags & FLAG.brake) !== 0 || undefined,
    cruise: (row.flags & FLAG.cruise) !== 0 || undefined,
    pto: (row.flags & FLAG.pto) !== 0 || undefined,
    kickdown: (row.flags & FLAG.kickdown) !== 0 || undefined,
    rpm: opt(row.rpm),
    torquePct: opt(row.torque),
    pedalPct: opt(row.pedal),
    odometerM: opt(row.odometer_m),
    fuelUsedL: opt(row.fuel_used_l),
    fuelLevelPct: float4(row.fuel_level),
    engineHours: opt(row.engine_hours),
    ureaLevelPct: float4(row.urea_level),
    driverCode: opt(row.driver_code),
    fuelLevelL: take<number>('fuelLevelL'),
    fuelRateLph: take<number>('fuelRateLph'),
    serviceDistanceKm: take<number>('serviceDistanceKm'),
    powerV: take<number>('powerV'),
    batteryV: take<number>('batteryV'),
    harshEvent: take<Position['harshEvent']>('harshEvent'),
    crash: take<boolean>('crash') || undefined,
    temperaturesC: take<Position['temperaturesC']>('temperaturesC'),
    dtcs: take<Position['dtcs']>('dtcs'),
    attributes: {},
  };
  for (const [key, value] of Object.entries(attrs)) {
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
      position.attributes[key] = value;
  }
  return position;
}
