import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { arrayLiteral, textArrayLiteral, timestampArrayLiteral } from './sql-arrays.js';

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
  /** FMS service distance (IO 113), km; maintenance shows it beside the plan. */
  serviceDistanceKm?: number | null;
  reducer: unknown;
}

/** The persisted reducer state and status of a vehicle, if any. */
export async function loadVehicleState(
  db: Kysely<Database>,
  vehicleId: number,
): Promise<{ reducer: unknown; status: string } | undefined> {
  return db
    .selectFrom('vehicle_state')
    .select(['reducer', 'status'])
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
}

/** Writes the newest state of each vehicle, one statement per batch (older fixes never win). */
export async function upsertVehicleStates(
  trx: Kysely<Database>,
  states: VehicleStateWrite[],
): Promise<void> {
  if (states.length === 0) return;
  const col = <K extends keyof VehicleStateWrite>(key: K) =>
    arrayLiteral(states.map((row) => row[key] as number | boolean | null));
  const text = (values: (string | null)[]) => textArrayLiteral(values);
  // The reducer states (a few kB of JSON each) as one JSON array, split in order by the database:
  // no per-character escaping into an array literal.
  const reducers = sql`array(select e from jsonb_array_elements(${JSON.stringify(
    states.map((r) => r.reducer),
  )}::jsonb) with ordinality as t(e, i) order by i)`;
  await sql`
    insert into vehicle_state (vehicle_id, tenant_id, device_id, fix_time, lat, lng, speed_kmh, heading, status,
      ignition, odometer_km, engine_hours, urea_level_pct, fuel_level_pct, driver_code, reducer,
      service_distance_km, updated_at)
    select *, now() from unnest(${col('vehicleId')}::int4[], ${col('tenantId')}::int4[], ${col('deviceId')}::int4[],
      ${timestampArrayLiteral(states.map((r) => r.fixTimeMs))}::timestamptz[], ${col('lat')}::float8[], ${col('lng')}::float8[],
      ${col('speedKmh')}::float4[], ${col('heading')}::float4[], ${text(states.map((r) => r.status))}::text[], ${col('ignition')}::bool[],
      ${col('odometerKm')}::float8[], ${col('engineHours')}::float8[], ${col('ureaLevelPct')}::float4[],
      ${col('fuelLevelPct')}::float4[], ${text(states.map((r) => r.driverCode))}::text[], ${reducers},
      ${arrayLiteral(states.map((r) => r.serviceDistanceKm ?? null))}::float8[])
    on conflict (vehicle_id) do update set
      device_id = excluded.device_id, fix_time = excluded.fix_time, lat = excluded.lat, lng = excluded.lng,
      speed_kmh = excluded.speed_kmh, heading = excluded.heading, status = excluded.status,
      ignition = excluded.ignition, odometer_km = coalesce(excluded.odometer_km, vehicle_state.odometer_km),
      engine_hours = coalesce(excluded.engine_hours, vehicle_state.engine_hours),
      urea_level_pct = coalesce(excluded.urea_level_pct, vehicle_state.urea_level_pct),
      fuel_level_pct = coalesce(excluded.fuel_level_pct, vehicle_state.fuel_level_pct),
      driver_code = excluded.driver_code, reducer = excluded.reducer, updated_at = now(),
      service_distance_km = coalesce(excluded.service_distance_km, vehicle_state.service_distance_km)
    where vehicle_state.fix_time is null or excluded.fix_time >= vehicle_state.fix_time`.execute(
    trx,
  );
}
