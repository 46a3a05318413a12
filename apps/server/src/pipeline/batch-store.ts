import { sql, type Kysely } from 'kysely';
import type { TripFact, StopFact } from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { PositionRow } from './position-row.js';

/** Hourly rollup increments of one vehicle. */
export interface RollupIncrement {
  vehicleId: number;
  tenantId: number;
  bucketMs: number;
  distanceKm: number;
  fuelL: number;
  engineS: number;
  drivingS: number;
  idleS: number;
}

/** The newest state of a vehicle to persist. */
export interface VehicleStateWrite {
  vehicleId: number;
  tenantId: number;
  deviceId: number;
  fixTimeMs: number;
  lat: number;
  lng: number;
  speedKmh: number | null;
  heading: number | null;
  status: string;
  ignition: boolean | null;
  odometerKm: number | null;
  engineHours: number | null;
  ureaLevelPct: number | null;
  fuelLevelPct: number | null;
  driverCode: string | null;
  reducer: unknown;
}

/** A trip or stop of a vehicle. */
export interface VehicleFact<T> {
  vehicleId: number;
  tenantId: number;
  fact: T;
}

/**
 * Embedded path: inserts records with one statement per batch (arrays unnested server-side; on
 * PostgreSQL positions go in by COPY, see copy-positions.ts); a record already
 * stored (same device and fix time) is skipped. Returns how many were new.
 */
export async function insertPositions(trx: Kysely<Database>, rows: PositionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const col = <K extends keyof PositionRow>(key: K) => rows.map((row) => row[key]);
  const result = await sql`
    insert into positions (device_id, fix_time, lat, lng, speed, heading, altitude, satellites, flags,
      rpm, torque, pedal, odometer_m, fuel_used_l, fuel_level, engine_hours, urea_level, driver_code, attributes)
    select * from unnest(
      ${col('deviceId')}::int4[], ${rows.map((r) => new Date(r.fixTimeMs).toISOString())}::timestamptz[],
      ${col('lat')}::int4[], ${col('lng')}::int4[], ${col('speed')}::int2[], ${col('heading')}::int2[],
      ${col('altitude')}::int2[], ${col('satellites')}::int2[], ${col('flags')}::int2[], ${col('rpm')}::int2[],
      ${col('torque')}::int2[], ${col('pedal')}::int2[], ${col('odometerM')}::int8[], ${col('fuelUsedL')}::float4[],
      ${col('fuelLevel')}::float4[], ${col('engineHours')}::float4[], ${col('ureaLevel')}::float4[],
      ${col('driverCode')}::text[], ${col('attributes')}::jsonb[])
    on conflict do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Upserts closed trips (a recomputed trip replaces the one with the same start). */
export async function upsertTrips(
  trx: Kysely<Database>,
  trips: VehicleFact<TripFact>[],
): Promise<void> {
  for (const { vehicleId, tenantId, fact } of trips) {
    const values = {
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      start_time: new Date(fact.startTimeMs),
      end_time: new Date(fact.endTimeMs),
      start_lat: fact.startLat ?? 0,
      start_lng: fact.startLng ?? 0,
      end_lat: fact.endLat ?? fact.startLat ?? 0,
      end_lng: fact.endLng ?? fact.startLng ?? 0,
      start_odometer_km: fact.startOdometerM === undefined ? null : fact.startOdometerM / 1000,
      end_odometer_km: fact.endOdometerM === undefined ? null : fact.endOdometerM / 1000,
      distance_km: fact.distanceM / 1000,
      driving_s: Math.round(fact.drivingTimeS),
      idle_s: Math.round(fact.idleTimeS),
      fuel_l: fact.fuelUsedL ?? null,
      max_speed_kmh: fact.maxSpeedKmh ?? 0,
      avg_speed_kmh: fact.avgSpeedKmh ?? 0,
      driver_code: fact.driverCode ?? null,
      coverage: fact.coverage,
    };
    await trx
      .insertInto('trips')
      .values(values)
      .onConflict((oc) => oc.columns(['vehicle_id', 'start_time']).doUpdateSet(values))
      .execute();
  }
}

/** Upserts closed stops. */
export async function upsertStops(
  trx: Kysely<Database>,
  stops: VehicleFact<StopFact>[],
): Promise<void> {
  for (const { vehicleId, tenantId, fact } of stops) {
    if (fact.lat === undefined || fact.lng === undefined) continue;
    const values = {
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      start_time: new Date(fact.startTimeMs),
      end_time: new Date(fact.endTimeMs),
      lat: fact.lat,
      lng: fact.lng,
      ignition_on_s: Math.round(fact.ignitionOnS),
      fuel_before_pct: fact.fuelLevelBeforePct ?? null,
      fuel_after_pct: fact.fuelLevelAfterPct ?? null,
    };
    await trx
      .insertInto('stops')
      .values(values)
      .onConflict((oc) => oc.columns(['vehicle_id', 'start_time']).doUpdateSet(values))
      .execute();
  }
}

/** Adds rollup increments to their hourly buckets. */
export async function addRollups(
  trx: Kysely<Database>,
  increments: RollupIncrement[],
): Promise<void> {
  if (increments.length === 0) return;
  const col = <K extends keyof RollupIncrement>(key: K) => increments.map((row) => row[key]);
  await sql`
    insert into vehicle_rollups (vehicle_id, bucket, tenant_id, distance_km, fuel_l, engine_s, driving_s, idle_s)
    select * from unnest(${col('vehicleId')}::int4[], ${increments.map((r) => new Date(r.bucketMs).toISOString())}::timestamptz[],
      ${col('tenantId')}::int4[], ${col('distanceKm')}::float8[], ${col('fuelL')}::float8[], ${col('engineS')}::float8[],
      ${col('drivingS')}::float8[], ${col('idleS')}::float8[])
    on conflict (vehicle_id, bucket) do update set
      distance_km = vehicle_rollups.distance_km + excluded.distance_km,
      fuel_l = vehicle_rollups.fuel_l + excluded.fuel_l,
      engine_s = vehicle_rollups.engine_s + excluded.engine_s,
      driving_s = vehicle_rollups.driving_s + excluded.driving_s,
      idle_s = vehicle_rollups.idle_s + excluded.idle_s`.execute(trx);
}

/** Writes the newest state of each vehicle, one statement per batch. */
export async function upsertVehicleStates(
  trx: Kysely<Database>,
  states: VehicleStateWrite[],
): Promise<void> {
  if (states.length === 0) return;
  const col = <K extends keyof VehicleStateWrite>(key: K) => states.map((row) => row[key]);
  await sql`
    insert into vehicle_state (vehicle_id, tenant_id, device_id, fix_time, lat, lng, speed_kmh, heading, status,
      ignition, odometer_km, engine_hours, urea_level_pct, fuel_level_pct, driver_code, reducer, updated_at)
    select *, now() from unnest(${col('vehicleId')}::int4[], ${col('tenantId')}::int4[], ${col('deviceId')}::int4[],
      ${states.map((r) => new Date(r.fixTimeMs).toISOString())}::timestamptz[], ${col('lat')}::float8[], ${col('lng')}::float8[],
      ${col('speedKmh')}::float4[], ${col('heading')}::float4[], ${col('status')}::text[], ${col('ignition')}::bool[],
      ${col('odometerKm')}::float8[], ${col('engineHours')}::float8[], ${col('ureaLevelPct')}::float4[],
      ${col('fuelLevelPct')}::float4[], ${col('driverCode')}::text[], ${states.map((r) => JSON.stringify(r.reducer))}::jsonb[])
    on conflict (vehicle_id) do update set
      device_id = excluded.device_id, fix_time = excluded.fix_time, lat = excluded.lat, lng = excluded.lng,
      speed_kmh = excluded.speed_kmh, heading = excluded.heading, status = excluded.status,
      ignition = excluded.ignition, odometer_km = coalesce(excluded.odometer_km, vehicle_state.odometer_km),
      engine_hours = coalesce(excluded.engine_hours, vehicle_state.engine_hours),
      urea_level_pct = coalesce(excluded.urea_level_pct, vehicle_state.urea_level_pct),
      fuel_level_pct = coalesce(excluded.fuel_level_pct, vehicle_state.fuel_level_pct),
      driver_code = excluded.driver_code, reducer = excluded.reducer, updated_at = now()
    where vehicle_state.fix_time is null or excluded.fix_time >= vehicle_state.fix_time`.execute(
    trx,
  );
}
