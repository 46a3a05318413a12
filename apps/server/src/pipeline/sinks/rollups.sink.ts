import { CompiledQuery } from 'kysely';
import { bucketOf, ROLLUP_BUCKET_MS } from '@rumbo/telematics';
import { binaryArray } from '../sql-arrays.js';
import type { Sink } from './sink.js';
import { vehicleRowsFrom } from './vehicle-rows.js';

/** One interval's contribution to a vehicle's hourly bucket. */
export interface RollupRow {
  vehicleId: number;
  tenantId: number;
  bucketMs: number;
  distanceKm: number;
  fuelL: number;
  engineS: number;
  drivingS: number;
  idleS: number;
}

/** Sums rows per (vehicle, bucket): one statement may update a bucket only once. */
export function mergeRollups(rows: readonly RollupRow[]): RollupRow[] {
  const byKey = new Map<string, RollupRow>();
  for (const row of rows) {
    const key = `${row.vehicleId}|${row.bucketMs}`;
    const sum = byKey.get(key);
    if (!sum) {
      byKey.set(key, { ...row });
      continue;
    }
    sum.distanceKm += row.distanceKm;
    sum.fuelL += row.fuelL;
    sum.engineS += row.engineS;
    sum.drivingS += row.drivingS;
    sum.idleS += row.idleS;
  }
  // One lock order for every batch: concurrent batches never deadlock on each other's buckets.
  return [...byKey.values()].sort((a, b) => a.vehicleId - b.vehicleId || a.bucketMs - b.bucketMs);
}

/** One statement of a fixed text (no query building per batch); columns as array literals. */
const UPSERT = `
  insert into vehicle_rollups (vehicle_id, bucket, tenant_id, distance_km, fuel_l, engine_s, driving_s, idle_s)
  select * from unnest($1::int4[], $2::timestamptz[], $3::int4[], $4::float8[], $5::float8[],
    $6::float8[], $7::float8[], $8::float8[])
  on conflict (vehicle_id, bucket) do update set
    distance_km = vehicle_rollups.distance_km + excluded.distance_km,
    fuel_l = vehicle_rollups.fuel_l + excluded.fuel_l,
    engine_s = vehicle_rollups.engine_s + excluded.engine_s,
    driving_s = vehicle_rollups.driving_s + excluded.driving_s,
    idle_s = vehicle_rollups.idle_s + excluded.idle_s`;

/** Hourly sums per vehicle: increments are added to what the bucket already holds. */
export const rollupsSink: Sink<RollupRow> = {
  name: 'rollups',
  kinds: ['rollup'],
  // One per record: rollups are read from the table, never pushed.
  publishes: false,
  deferred: true,
  collect({ vehicleId, tenantId }, f) {
    if (f.type !== 'rollup') return undefined;
    return {
      vehicleId,
      tenantId,
      bucketMs: f.bucketMs,
      distanceKm: f.distanceKm,
      fuelL: f.fuelL,
      engineS: f.engineS,
      drivingS: f.drivingS,
      idleS: f.idleS,
    };
  },
  fold(last, { vehicleId }, f) {
    if (f.type !== 'rollup' || last.vehicleId !== vehicleId || last.bucketMs !== f.bucketMs)
      return false;
    last.distanceKm += f.distanceKm;
    last.fuelL += f.fuelL;
    last.engineS += f.engineS;
    last.drivingS += f.drivingS;
    last.idleS += f.idleS;
    return true;
  },
  covers(f, fromMs) {
    return f.type === 'rollup' && f.bucketMs >= bucketOf(fromMs, ROLLUP_BUCKET_MS);
  },
  async write(trx, rows) {
    const merged = mergeRollups(rows);
    const col = (key: 'distanceKm' | 'fuelL' | 'engineS' | 'drivingS' | 'idleS') =>
      binaryArray('float8', merged, (row) => row[key]);
    const parameters = [
      binaryArray('int4', merged, (r) => r.vehicleId),
      binaryArray('timestamptz', merged, (r) => r.bucketMs),
      binaryArray('int4', merged, (r) => r.tenantId),
      col('distanceKm'),
      col('fuelL'),
      col('engineS'),
      col('drivingS'),
      col('idleS'),
    ];
    await trx.executeQuery(CompiledQuery.raw(UPSERT, parameters));
  },
  async deleteRange(trx, vehicleId, fromMs) {
    const hour = new Date(bucketOf(fromMs, ROLLUP_BUCKET_MS));
    await vehicleRowsFrom(trx, 'vehicle_rollups', 'bucket', vehicleId, hour).execute();
  },
};
