import { sql } from 'kysely';
import {
  bucketOf,
  INDICATOR_SUM_KEYS,
  ROLLUP_BUCKET_MS,
  type IndicatorSums,
} from '@rumbo/telematics';
import { INDICATOR_COLUMNS, INDICATOR_DAY_MS, monthOf } from '../../db/indicator-columns.js';
import type { Sink } from './sink.js';

/** One interval's (or a batch's) contribution to a vehicle's hourly indicators for one driver. */
export interface IndicatorRow extends IndicatorSums {
  vehicleId: number;
  tenantId: number;
  bucketMs: number;
  driverCode: string;
}

const INTEGER_KEYS = new Set<keyof IndicatorSums>([
  'kickdowns',
  'hardBrakes',
  'harshAccels',
  'harshCorners',
  'crashes',
]);

function addInto(row: IndicatorSums, f: IndicatorSums): void {
  for (const key of INDICATOR_SUM_KEYS) row[key] += f[key];
}

/** Sums rows per (vehicle, bucket, driver), in one lock order; `bucketMs` a size or a function. */
export function mergeIndicatorRows(
  rows: readonly IndicatorRow[],
  bucketMs: number | ((ms: number) => number) = ROLLUP_BUCKET_MS,
): IndicatorRow[] {
  const byKey = new Map<string, IndicatorRow>();
  for (const row of rows) {
    const bucket =
      typeof bucketMs === 'number' ? bucketOf(row.bucketMs, bucketMs) : bucketMs(row.bucketMs);
    const key = `${row.vehicleId}|${bucket}|${row.driverCode}`;
    const sum = byKey.get(key);
    if (!sum) byKey.set(key, { ...row, bucketMs: bucket });
    else addInto(sum, row);
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

/** Upserts summed rows into `table`, adding to what its buckets hold. */
async function upsert(
  trx: Parameters<Sink<IndicatorRow>['write']>[0],
  table: IndicatorTable,
  merged: readonly IndicatorRow[],
): Promise<void> {
  const arrays = INDICATOR_SUM_KEYS.map((key) => {
    const type = INTEGER_KEYS.has(key) ? 'int4' : 'float8';
    return sql`${merged.map((r) => r[key])}::${sql.raw(type)}[]`;
  });
  const updates = INDICATOR_SUM_KEYS.map((key) => {
    const c = INDICATOR_COLUMNS[key];
    return `${c} = ${table}.${c} + excluded.${c}`;
  }).join(', ');
  await sql`
    insert into ${sql.table(table)} (vehicle_id, bucket, driver_code, tenant_id, ${sql.raw(COLUMN_LIST)})
    select * from unnest(${merged.map((r) => r.vehicleId)}::int4[],
      ${merged.map((r) => new Date(r.bucketMs).toISOString())}::timestamptz[],
      ${merged.map((r) => r.driverCode)}::text[], ${merged.map((r) => r.tenantId)}::int4[],
      ${sql.join(arrays)})
    on conflict (vehicle_id, bucket, driver_code) do update set ${sql.raw(updates)}`.execute(trx);
}

/** Hourly, daily and monthly driving-indicator sums per vehicle and driver (migrations 0011, 0012). */
export const indicatorsSink: Sink<IndicatorRow> = {
  name: 'indicators',
  kinds: ['indicators'],
  publishes: false,
  collect({ vehicleId, tenantId }, f) {
    if (f.type !== 'indicators') return undefined;
    const row = {
      vehicleId,
      tenantId,
      bucketMs: f.bucketMs,
      driverCode: f.driverCode,
    } as IndicatorRow;
    for (const key of INDICATOR_SUM_KEYS) row[key] = f[key];
    return row;
  },
  fold(last, { vehicleId }, f) {
    if (
      f.type !== 'indicators' ||
      last.vehicleId !== vehicleId ||
      last.bucketMs !== f.bucketMs ||
      last.driverCode !== f.driverCode
    )
      return false;
    addInto(last, f);
    return true;
  },
  covers(f, fromMs) {
    return f.type === 'indicators' && f.bucketMs >= bucketOf(fromMs, ROLLUP_BUCKET_MS);
  },
  async write(trx, rows) {
    await upsert(trx, 'vehicle_indicators', mergeIndicatorRows(rows));
    await upsert(trx, 'vehicle_indicators_daily', mergeIndicatorRows(rows, INDICATOR_DAY_MS));
    await upsert(trx, 'vehicle_indicators_monthly', mergeIndicatorRows(rows, monthOf));
  },
  async deleteRange(trx, vehicleId, fromMs) {
    const hour = new Date(bucketOf(fromMs, ROLLUP_BUCKET_MS));
    const day = new Date(bucketOf(fromMs, INDICATOR_DAY_MS));
    await trx
      .deleteFrom('vehicle_indicators')
      .where('vehicle_id', '=', vehicleId)
      .where('bucket', '>=', hour)
      .execute();
    await trx
      .deleteFrom('vehicle_indicators_daily')
      .where('vehicle_id', '=', vehicleId)
      .where('bucket', '>=', day)
      .execute();
    const month = new Date(monthOf(fromMs));
    await trx
      .deleteFrom('vehicle_indicators_monthly')
      .where('vehicle_id', '=', vehicleId)
      .where('bucket', '>=', month)
      .execute();
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
