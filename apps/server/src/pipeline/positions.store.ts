import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PositionRow, StoredPositionRow } from './position-row.js';
import { binaryArray, textArrayLiteral, type BinaryElement } from './sql-arrays.js';

function insertSql(rows: readonly PositionRow[]) {
  const col = <K extends keyof PositionRow>(kind: BinaryElement, key: K) =>
    binaryArray(kind, rows, (row) => row[key] as number | null);
  const text = (key: 'driverCode' | 'attributes') => textArrayLiteral(rows.map((row) => row[key]));
  return sql`
    insert into positions (device_id, fix_time, lat, lng, speed, heading, altitude, satellites, flags,
      rpm, torque, pedal, odometer_m, fuel_used_l, fuel_level, engine_hours, urea_level, driver_code, attributes)
    select * from unnest(
      ${col('int4', 'deviceId')}::int4[], ${col('timestamptz', 'fixTimeMs')}::timestamptz[],
      ${col('int4', 'lat')}::int4[], ${col('int4', 'lng')}::int4[], ${col('int2', 'speed')}::int2[],
      ${col('int2', 'heading')}::int2[], ${col('int2', 'altitude')}::int2[], ${col('int2', 'satellites')}::int2[],
      ${col('int2', 'flags')}::int2[], ${col('int2', 'rpm')}::int2[], ${col('int2', 'torque')}::int2[],
      ${col('int2', 'pedal')}::int2[], ${col('int8', 'odometerM')}::int8[], ${col('float8', 'fuelUsedL')}::float8[],
      ${col('float4', 'fuelLevel')}::float4[], ${col('float8', 'engineHours')}::float8[],
      ${col('float4', 'ureaLevel')}::float4[], ${text('driverCode')}::text[], ${text('attributes')}::jsonb[])
    on conflict do nothing`;
}

/**
 * Embedded path: inserts records with one statement per batch (arrays unnested server-side; on
 * PostgreSQL positions go in by COPY, see copy-positions.ts); a record already
 * stored (same device and fix time) is skipped. Returns how many were new.
 */
export async function insertPositions(trx: Kysely<Database>, rows: PositionRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await insertSql(rows).execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * Inserts records and answers which were new, per device id (oldest fix time of each): a late
 * record that was already stored (a resend after a lost acknowledgement) needs no recompute.
 */
export async function insertPositionsReturningNew(
  trx: Kysely<Database>,
  rows: PositionRow[],
): Promise<{ count: number; oldest: Map<number, number> }> {
  const oldest = new Map<number, number>();
  if (rows.length === 0) return { count: 0, oldest };
  const result = await sql<{
    device_id: number;
    fix_ms: string;
  }>`${insertSql(rows)} returning device_id, (extract(epoch from fix_time) * 1000)::int8 as fix_ms`.execute(
    trx,
  );
  for (const row of result.rows) {
    const ms = Number(row.fix_ms);
    oldest.set(row.device_id, Math.min(oldest.get(row.device_id) ?? ms, ms));
  }
  return { count: result.rows.length, oldest };
}

/**
 * A device's stored records after `afterMs` (exclusive) up to `untilMs` (inclusive), oldest first,
 * at most `limit`: callers page through long ranges so one read never holds the database long.
 */
export function readPositionsPage(
  db: Kysely<Database>,
  deviceId: number,
  afterMs: number,
  limit: number,
  untilMs?: number,
): Promise<StoredPositionRow[]> {
  let query = db
    .selectFrom('positions')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('fix_time', '>', new Date(afterMs));
  if (untilMs !== undefined) query = query.where('fix_time', '<=', new Date(untilMs));
  return query.orderBy('fix_time').limit(limit).execute();
}
