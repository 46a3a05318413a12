import { CompiledQuery, sql } from 'kysely';
import {
  addSums,
  bucketOf,
  INDICATOR_SUM_KEYS,
  copySums,
  ROLLUP_BUCKET_MS,
  type IndicatorSums,
} from '@rumbo/telematics';
import { INDICATOR_COLUMNS, INDICATOR_DAY_MS, monthOf } from '../../db/indicator-columns.js';
import { binaryArray, textArrayLiteral } from '../sql-arrays.js';
import type { Sink } from './sink.js';
import { vehicleRowsFrom } from './vehicle-rows.js';

/** One interval's (or a batch's) contribution to a vehicle's hourly indicators for one driver. */
export interface IndicatorRow {
  vehicleId: number;
  tenantId: number;
  bucketMs: number;
  driverCode: string;
  /** Its own object (copySums): added into once per record, always of one shape. */
  sums: IndicatorSums;
}

const INTEGER_KEYS = new Set<keyof IndicatorSums>([
  'kickdowns',
  'hardBrakes',
  'harshAccels',
  'harshCorners',
  'crashes',
]);

/** Sums rows per (vehicle, hour, driver), in one lock order (vehicle, hour, driver). */
function mergeIndicatorRows(rows: readonly IndicatorRow[]): IndicatorRow[] {
  const byKey = new Map<string, IndicatorRow>();
  for (const row of rows) {
    const bucket = bucketOf(row.bucketMs, ROLLUP_BUCKET_MS);
    const key = `${row.vehicleId}|${bucket}|${row.driverCode}`;
    const sum = byKey.get(key);
    if (!sum) byKey.set(key, { ...row, bucketMs: bucket, sums: copySums(row.sums) });
    else addSums(sum.sums, row.sums);
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.vehicleId - b.vehicleId ||
      a.bucketMs - b.bucketMs ||
      (a.driverCode < b.driverCode ? -1 : a.driverCode > b.driverCode ? 1 : 0),
  );
}

const COLUMN_LIST = INDICATOR_SUM_KEYS.map((k) => INDICATOR_COLUMNS[k]).join(', ');

type IndicatorTable =
  'vehicle_indicators' | 'vehicle_indicators_daily' | 'vehicle_indicators_monthly';

/** `col = table.col + excluded.col` for every sum: an upsert adds to what the bucket holds. */
function addToBucket(table: IndicatorTable): string {
  return INDICATOR_SUM_KEYS.map((key) => {
    const c = INDICATOR_COLUMNS[key];
    return `${c} = ${table}.${c} + excluded.${c}`;
  }).join(', ');
}

/** `insert … select <bucket>, sums … group by` of the batch's hours into a coarser table. */
function rollUp(table: IndicatorTable, bucket: string): string {
  const sums = INDICATOR_SUM_KEYS.map((k) => `sum(${INDICATOR_COLUMNS[k]})`).join(', ');
  return `insert into ${table} (vehicle_id, bucket, driver_code, tenant_id, ${COLUMN_LIST})
      select vehicle_id, ${bucket}, driver_code, min(tenant_id), ${sums}
      from hours group by 1, 2, 3 order by 1, 2, 3
      on conflict (vehicle_id, bucket, driver_code) do update set ${addToBucket(table)}`;
}

/**
 * The batch's hourly rows as column arrays, upserted into the hourly table and summed into the
 * daily (UTC day) and monthly (UTC month) ones in one statement of a fixed text: the arrays are
 * sent and parsed once, not three times, and the three upserts are one round trip
 * (decision 0063). Each table's rows go in key order (one lock order across batches).
 */
const UPSERT = (() => {
  const types = INDICATOR_SUM_KEYS.map(
    (key, i) => `$${i + 5}::${INTEGER_KEYS.has(key) ? 'int4' : 'float8'}[]`,
  ).join(', ');
  return `with hours as (
      select * from unnest($1::int4[], $2::timestamptz[], $3::text[], $4::int4[], ${types})
        as u(vehicle_id, bucket, driver_code, tenant_id, ${COLUMN_LIST})
    ), hourly as (
      insert into vehicle_indicators (vehicle_id, bucket, driver_code, tenant_id, ${COLUMN_LIST})
      select * from hours
      on conflict (vehicle_id, bucket, driver_code) do update set ${addToBucket('vehicle_indicators')}
    ), daily as (
      ${rollUp('vehicle_indicators_daily', "date_bin('1 day', bucket, timestamptz 'epoch')")}
    )
    ${rollUp('vehicle_indicators_monthly', "date_trunc('month', bucket, 'UTC')")}`;
})();

/** Upserts the batch's merged hourly rows, and their days and months (one statement). */
async function upsert(
  trx: Parameters<Sink<IndicatorRow>['write']>[0],
  hourly: readonly IndicatorRow[],
): Promise<void> {
  const parameters = [
    binaryArray('int4', hourly, (r) => r.vehicleId),
    binaryArray('timestamptz', hourly, (r) => r.bucketMs),
    textArrayLiteral(hourly.map((r) => r.driverCode)),
    binaryArray('int4', hourly, (r) => r.tenantId),
    ...INDICATOR_SUM_KEYS.map((key) =>
      binaryArray(INTEGER_KEYS.has(key) ? 'int4' : 'float8', hourly, (r) => r.sums[key]),
    ),
  ];
  await trx.executeQuery(CompiledQuery.raw(UPSERT, parameters));
}

/** Hourly, daily and monthly driving-indicator sums per vehicle and driver (migrations 0011, 0012). */
export const indicatorsSink: Sink<IndicatorRow> = {
  name: 'indicators',
  kinds: ['indicators'],
  publishes: false,
  deferred: true,
  collect({ vehicleId, tenantId }, f) {
    if (f.type !== 'indicators') return undefined;
    return {
      vehicleId,
      tenantId,
      bucketMs: f.bucketMs,
      driverCode: f.driverCode,
      sums: copySums(f),
    };
  },
  fold(last, { vehicleId }, f) {
    if (
      f.type !== 'indicators' ||
      last.vehicleId !== vehicleId ||
      last.bucketMs !== f.bucketMs ||
      last.driverCode !== f.driverCode
    )
      return false;
    addSums(last.sums, f);
    return true;
  },
  covers(f, fromMs) {
    return f.type === 'indicators' && f.bucketMs >= bucketOf(fromMs, ROLLUP_BUCKET_MS);
  },
  async write(trx, rows) {
    if (rows.length > 0) await upsert(trx, mergeIndicatorRows(rows));
  },
  async deleteRange(trx, vehicleId, fromMs) {
    const hour = new Date(bucketOf(fromMs, ROLLUP_BUCKET_MS));
    const day = new Date(bucketOf(fromMs, INDICATOR_DAY_MS));
    await vehicleRowsFrom(trx, 'vehicle_indicators', 'bucket', vehicleId, hour).execute();
    await vehicleRowsFrom(trx, 'vehicle_indicators_daily', 'bucket', vehicleId, day).execute();
    const month = new Date(monthOf(fromMs));
    await vehicleRowsFrom(trx, 'vehicle_indicators_monthly', 'bucket', vehicleId, month).execute();
    // The day of `fromMs` keeps the hours before it: rebuilt from the hourly rows left; then its
    // month from the days left (that day included).
    const sums = INDICATOR_SUM_KEYS.map((k) => `sum(${INDICATOR_COLUMNS[k]})`).join(', ');
    await sql`
      insert into vehicle_indicators_daily (vehicle_id, bucket, driver_code, tenant_id, ${sql.raw(COLUMN_LIST)})
      select vehicle_id, ${day}::timestamptz, driver_code, min(tenant_id), ${sql.raw(sums)}
      from vehicle_indicators
      where vehicle_id = ${vehicleId} and bucket >= ${day} and bucket < ${hour}
      group by vehicle_id, driver_code`.execute(trx);
    await sql`
      insert into vehicle_indicators_monthly (vehicle_id, bucket, driver_code, tenant_id, ${sql.raw(COLUMN_LIST)})
      select vehicle_id, ${month}::timestamptz, driver_code, min(tenant_id), ${sql.raw(sums)}
      from vehicle_indicators_daily
      where vehicle_id = ${vehicleId} and bucket >= ${month} and bucket <= ${day}
      group by vehicle_id, driver_code`.execute(trx);
  },
};
