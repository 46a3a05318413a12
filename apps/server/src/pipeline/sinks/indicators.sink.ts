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
import { arrayLiteral, textArrayLiteral, timestampArrayLiteral } from '../sql-arrays.js';
import type { Sink } from './sink.js';

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

const UPSERTS = new Map<IndicatorTable, string>();

/** The upsert of `table`, its text made once: 4 key arrays, then one array per sum. */
function upsertText(table: IndicatorTable): string {
  let text = UPSERTS.get(table);
  if (!text) {
    const sums = INDICATOR_SUM_KEYS.map(
      (key, i) => `$${i + 5}::${INTEGER_KEYS.has(key) ? 'int4' : 'float8'}[]`,
    ).join(', ');
    const updates = INDICATOR_SUM_KEYS.map((key) => {
      const c = INDICATOR_COLUMNS[key];
      return `${c} = ${table}.${c} + excluded.${c}`;
    }).join(', ');
    text = `insert into ${table} (vehicle_id, bucket, driver_code, tenant_id, ${COLUMN_LIST})
      select * from unnest($1::int4[], $2::timestamptz[], $3::text[], $4::int4[], ${sums})
      on conflict (vehicle_id, bucket, driver_code) do update set ${updates}`;
    UPSERTS.set(table, text);
  }
  return text;
}

/**
 * Upserts summed rows into `table`, adding to what its buckets hold: one statement of a fixed
 * text (no query building per batch), the columns as array literals (sql-arrays.ts).
 */
async function upsert(
  trx: Parameters<Sink<IndicatorRow>['write']>[0],
  table: IndicatorTable,
  merged: readonly IndicatorRow[],
): Promise<void> {
  const parameters = [
    arrayLiteral(merged.map((r) => r.vehicleId)),
    timestampArrayLiteral(merged.map((r) => r.bucketMs)),
    textArrayLiteral(merged.map((r) => r.driverCode)),
    arrayLiteral(merged.map((r) => r.tenantId)),
    ...INDICATOR_SUM_KEYS.map((key) => arrayLiteral(merged.map((r) => r.sums[key]))),
  ];
  await trx.executeQuery(CompiledQuery.raw(upsertText(table), parameters));
}

/** Hourly, daily and monthly driving-indicator sums per vehicle and driver (migrations 0011, 0012). */
export const indicatorsSink: Sink<IndicatorRow> = {
  name: 'indicators',
  kinds: ['indicators'],
  publishes: false,
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
    // Days from the summed hours and months from the summed days: fewer rows to merge each time.
    const hourly = mergeIndicatorRows(rows);
    const daily = mergeIndicatorRows(hourly, INDICATOR_DAY_MS);
    await upsert(trx, 'vehicle_indicators', hourly);
    await upsert(trx, 'vehicle_indicators_daily', daily);
    await upsert(trx, 'vehicle_indicators_monthly', mergeIndicatorRows(daily, monthOf));
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
