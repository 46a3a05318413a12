// What the tracker writes down when it takes a record: the truck's state at the device's
// resolution, with the sensor noise a real one shows (GNSS, engine speed, sloshing fuel).

import type { Random } from './random.js';
import type { RoutePosition } from './route.js';
import type { SimRecord } from './sim-record.js';
import type { EngineSignals } from './truck-physics.js';

/** The truck's state when a record is taken. */
export interface RecordSource {
  timeMs: number;
  where: RoutePosition;
  speedKmh: number;
  ignition: boolean;
  engine: EngineSignals;
  satellites: number;
  fuelLevelPct: number;
  /** The level sensor is stuck: it reads `fuelLevelPct` as is, without noise. */
  isFuelLevelStuck?: boolean;
  /** The level's noise while moving, ± % (default 0.8). */
  fuelNoisePct?: number;
  fuelUsedL: number;
  odometerM: number;
  engineHours: number;
  ureaLevelPct: number;
  serviceDistanceKm: number;
  phoneBatteryPct: number;
  isOffline: boolean;
  /** The card in the tachograph (none: a driver without one). */
  driverCode?: string;
  eventIoId: number;
  /** The green-driving event this record reports. */
  harsh?: { kind: 'accel' | 'brake' | 'corner'; valueGx100: number };
  /** Main power cut: the supply input reads almost nothing. */
  isPowerCut?: boolean;
  /** Reefer load temperature. */
  temperatureC?: number;
}

/** The next satellite count: a random walk within 8–14. */
export function nextSatellites(rng: Random, satellites: number): number {
  return Math.min(14, Math.max(8, satellites + rng.int(-1, 1)));
}

/** The record the tracker takes, rounded as the device reports each value. */
export function sampleRecord(src: RecordSource, rng: Random): SimRecord {
  const moving = src.speedKmh > 0;
  const on = src.ignition;
  const noisy = (value: number, spread: number): number =>
    value > 0 ? Math.max(0, value + rng.range(-spread, spread)) : 0;
  const record: SimRecord = {
    fixTimeMs: src.timeMs,
    lat: Math.round(src.where.lat * 1e7) / 1e7,
    lng: Math.round(src.where.lng * 1e7) / 1e7,
    altitudeM: Math.round(src.where.altitudeM + rng.range(-2, 2)),
    headingDeg: Math.round(src.where.headingDeg) % 360,
    speedKmh: Math.round(src.speedKmh),
    satellites: src.satellites,
    hdop: Math.round((0.6 + (14 - src.satellites) * 0.08 + rng.range(0, 0.2)) * 10) / 10,
    ignition: on,
    movement: moving,
    wheelSpeedKmh: Math.round(src.speedKmh),
    rpm: on ? Math.round(noisy(src.engine.rpm, moving ? 25 : 12)) : 0,
    torquePct: Math.round(Math.min(100, noisy(src.engine.torquePct, 3))),
    pedalPct: Math.round(Math.min(100, noisy(src.engine.pedalPct, 3))),
    brake: src.engine.brake,
    cruise: src.engine.cruise,
    // Fuel sloshes in the tank while driving; the level reads steady at a standstill. FMS
    // reports whole per cent. (The draw is taken even for a stuck sensor: the stream stays.)
    fuelLevelPct: ((noise: number) =>
      src.isFuelLevelStuck
        ? src.fuelLevelPct
        : Math.round(Math.min(100, Math.max(0, src.fuelLevelPct + noise))))(
      moving ? rng.range(-(src.fuelNoisePct ?? 0.8), src.fuelNoisePct ?? 0.8) : 0,
    ),
    fuelUsedL: Math.floor(src.fuelUsedL),
    fuelRateLph: Math.round(src.engine.fuelRateLph),
    odometerM: Math.round(src.odometerM),
    engineHours: Math.floor(src.engineHours),
    ureaLevelPct: Math.round(src.ureaLevelPct),
    serviceDistanceKm: Math.round(src.serviceDistanceKm),
    powerV: Math.round(on ? rng.range(27_600, 28_400) : rng.range(25_000, 25_400)) / 1000,
    batteryV: Math.round(rng.range(4_050, 4_150)) / 1000,
    gsmSignal: src.isOffline ? 0 : rng.int(3, 5),
    idling: on && !moving,
    phoneBatteryPct: Math.round(src.phoneBatteryPct),
    eventIoId: src.eventIoId,
  };
  if (on && src.driverCode !== undefined) record.driverCode = src.driverCode;
  if (src.harsh !== undefined) {
    record.harshEvent = src.harsh.kind;
    record.harshValue = src.harsh.valueGx100;
  }
  if (src.isPowerCut) record.powerV = Math.round(rng.range(0, 400)) / 1000;
  if (src.temperatureC !== undefined)
    record.temperatureC = Math.round((src.temperatureC + rng.range(-0.2, 0.2)) * 10) / 10;
  return record;
}
