import { sql, type Kysely, type RawBuilder } from 'kysely';
import { placeText } from '../../places/render.js';
import { INDICATOR_SUM_KEYS, zeroSums, type IndicatorSums } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { zonedDay } from '../../db/time-zone-sql.js';
import type { TimeZoneSetting } from '@rumbo/contracts';
import {
  INDICATOR_COLUMNS,
  INDICATOR_DAY_MS,
  monthOf,
  nextMonthOf,
} from '../../db/indicator-columns.js';

/** A vehicle of the tenant as the analysis needs it. */
export interface AnalysisVehicle {
  id: number;
  plate: string;
  kind: string;
  groupId: number | null;
}

/** The tenant's vehicles, all or those named (ids of other tenants are simply not found). */
export async function tenantVehicles(
  db: Kysely<Database>,
  tenantId: number,
  ids?: readonly number[],
): Promise<AnalysisVehicle[]> {
  let query = db
    .selectFrom('vehicles')
    .select(['id', 'plate', 'kind', 'group_id as groupId'])
    .where('tenant_id', '=', tenantId);
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', [...new Set(ids)]);
  }
  return query.orderBy('id').execute();
}

/** Which of these group ids are the tenant's. */
export async function tenantGroupIds(
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('vehicle_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return rows.map((r) => r.id);
}

/** Summed indicators of one vehicle (and driver, when grouped by driver). */
export interface SumsRow {
  vehicleId: number;
  driverCode: string;
  sums: IndicatorSums;
}

/** The sums a call needs: all of them, or a few (the safe-driving score reads seven). */
type SumKeys = readonly (keyof IndicatorSums)[];
const sumLists = new Map<SumKeys, { sums: RawBuilder<unknown>; columns: RawBuilder<unknown> }>();
function listsOf(keys: SumKeys) {
  let lists = sumLists.get(keys);
  if (!lists) {
    lists = {
      sums: sql.raw(keys.map((k) => `sum(${INDICATOR_COLUMNS[k]})::float8 as "${k}"`).join(', ')),
      columns: sql.raw(keys.map((k) => INDICATOR_COLUMNS[k]).join(', ')),
    };
    sumLists.set(keys, lists);
  }
  return lists;
}

function ceilTo(ms: number, unit: number): number {
  return Math.ceil(ms / unit) * unit;
}
function floorTo(ms: number, unit: number): number {
  return Math.floor(ms / unit) * unit;
}

type IndicatorTable =
  'vehicle_indicators' | 'vehicle_indicators_daily' | 'vehicle_indicators_monthly';

/**
 * The tables and ranges a period [from, to) is summed from: its whole UTC months from the monthly
 * table, the other whole days from the daily one, the ragged hours from the hourly one.
 */
export function periodParts(
  fromMs: number,
  toMs: number,
): { table: IndicatorTable; fromMs: number; toMs: number }[] {
  const dayStart = ceilTo(fromMs, INDICATOR_DAY_MS);
  const dayEnd = floorTo(toMs, INDICATOR_DAY_MS);
  if (dayStart >= dayEnd) return [{ table: 'vehicle_indicators', fromMs, toMs }];
  const monthStart = monthOf(dayStart) === dayStart ? dayStart : nextMonthOf(dayStart);
  const monthEnd = monthOf(dayEnd);
  const days: [number, number][] =
    monthStart < monthEnd
      ? [
          [dayStart, monthStart],
          [monthEnd, dayEnd],
        ]
      : [[dayStart, dayEnd]];
  return [
    { table: 'vehicle_indicators' as const, fromMs, toMs: dayStart },
    ...(monthStart < monthEnd
      ? [{ table: 'vehicle_indicators_monthly' as const, fromMs: monthStart, toMs: monthEnd }]
      : []),
    ...days.map(([a, b]) => ({ table: 'vehicle_indicators_daily' as const, fromMs: a, toMs: b })),
    { table: 'vehicle_indicators' as const, fromMs: dayEnd, toMs },
  ].filter((part) => part.toMs > part.fromMs);
}

/**
 * Indicator sums of [from, to) per vehicle (and per driver with `byDriver`): whole UTC months from
 * the monthly table, whole days from the daily one, the ragged hours at either end from the hourly
 * one. A bucket counts when its start is in the period. `vehicleIds` undefined: every vehicle of
 * the tenant. `keys`: the sums wanted (the others stay 0).
 */
export async function periodSums(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  toMs: number,
  vehicleIds: readonly number[] | undefined,
  byDriver: boolean,
  keys: SumKeys = INDICATOR_SUM_KEYS,
): Promise<SumsRow[]> {
  if (vehicleIds && vehicleIds.length === 0) return [];
  const lists = listsOf(keys);
  const vehicles = vehicleIds ? sql`and vehicle_id = any(${[...vehicleIds]}::int4[])` : sql``;
  const parts = sql.join(
    periodParts(fromMs, toMs).map(
      (part) => sql`
      select vehicle_id, driver_code, ${lists.columns} from ${sql.table(part.table)}
        where tenant_id = ${tenantId} and bucket >= ${new Date(part.fromMs)}
          and bucket < ${new Date(part.toMs)} ${vehicles}`,
    ),
    sql` union all `,
  );
  const driver = byDriver ? sql`driver_code` : sql`''::text`;
  const group = byDriver ? sql`vehicle_id, driver_code` : sql`vehicle_id`;
  const result = await sql<Record<string, number> & { vehicle_id: number; driver: string }>`
    select vehicle_id, ${driver} as driver, ${lists.sums}
    from (${parts}) p
    group by ${group}
    order by vehicle_id`.execute(db);
  return result.rows.map((r) => {
    const sums = zeroSums();
    for (const key of keys) sums[key] = Number(r[key] ?? 0);
    return { vehicleId: r.vehicle_id, driverCode: r.driver, sums };
  });
}

/** One vehicle's indicator days within [from, to), in the user's zone: the detail screen's timeline. */
export async function vehicleDays(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
  timeZone: TimeZoneSetting = 'UTC',
): Promise<
  {
    day: number;
    distance: number;
    fuel: number;
    drivingS: number;
    idleS: number;
    kickdowns: number;
    hardBrakes: number;
    excessKm: number;
  }[]
> {
  const result = await sql<{
    day: Date;
    distance: number;
    fuel: number;
    driving_s: number;
    idle_s: number;
    kickdowns: number;
    hard_brakes: number;
    excess_km: number;
  }>`
    select ${zonedDay(sql`bucket`, timeZone)} as day,
      sum(distance_km)::float8 as distance, sum(fuel_l)::float8 as fuel,
      sum(driving_s)::float8 as driving_s, sum(idle_s)::float8 as idle_s,
      sum(kickdowns)::float8 as kickdowns, sum(hard_brakes)::float8 as hard_brakes,
      sum(excess_km)::float8 as excess_km
    from vehicle_indicators
    where tenant_id = ${tenantId} and vehicle_id = ${vehicleId}
      and bucket >= ${new Date(fromMs)} and bucket < ${new Date(toMs)}
    group by 1 order by 1`.execute(db);
  return result.rows.map((r) => ({
    day: new Date(r.day).getTime(),
    distance: r.distance,
    fuel: r.fuel,
    drivingS: r.driving_s,
    idleS: r.idle_s,
    kickdowns: r.kickdowns,
    hardBrakes: r.hard_brakes,
    excessKm: r.excess_km,
  }));
}

/** Most kickdowns one answer lists (the map and the timeline). */
export const KICKDOWN_LIST_MAX = 1_000;

/** One vehicle's kickdowns in [from, to), oldest first (migration 0012). */
export async function vehicleKickdowns(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
): Promise<
  {
    time: number;
    lat: number | null;
    lng: number | null;
    speedKmh: number | null;
    driverCode: string | null;
  }[]
> {
  const rows = await db
    .selectFrom('vehicle_kickdowns')
    .select(['time', 'lat', 'lng', 'speed_kmh', 'driver_code'])
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .where('time', '>=', new Date(fromMs))
    .where('time', '<', new Date(toMs))
    .orderBy('time')
    .limit(KICKDOWN_LIST_MAX)
    .execute();
  return rows.map((r) => ({
    time: new Date(r.time).getTime(),
    lat: r.lat,
    lng: r.lng,
    speedKmh: r.speed_kmh,
    driverCode: r.driver_code,
  }));
}

/** The tenant's drivers by card code (upper case), with their ids and names. */
export async function driversByCode(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Map<string, { id: number; name: string }>> {
  const rows = await db
    .selectFrom('drivers')
    .select(['id', 'code', 'nombre', 'apellido'])
    .where('tenant_id', '=', tenantId)
    .where('code', '<>', '')
    .execute();
  return new Map(
    rows.map((r) => [r.code.toUpperCase(), { id: r.id, name: `${r.nombre} ${r.apellido}`.trim() }]),
  );
}

/** Idle aggregates per vehicle of periods that started in [from, to). */
export async function idleAggregates(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  toMs: number,
  vehicleIds: readonly number[] | undefined,
): Promise<
  { vehicleId: number; count: number; min: number; max: number; total: number; fuel: number }[]
> {
  if (vehicleIds && vehicleIds.length === 0) return [];
  const vehicles = vehicleIds ? sql`and vehicle_id = any(${[...vehicleIds]}::int4[])` : sql``;
  const result = await sql<{
    vehicle_id: number;
    count: number;
    min: number;
    max: number;
    total: number;
    fuel: number;
  }>`
    select vehicle_id, count(*)::int4 as count, min(duration_s)::float8 as min,
      max(duration_s)::float8 as max, sum(duration_s)::float8 as total, sum(fuel_l)::float8 as fuel
    from idle_periods
    where tenant_id = ${tenantId} and start_time >= ${new Date(fromMs)} and start_time < ${new Date(toMs)}
      ${vehicles}
    group by vehicle_id order by vehicle_id`.execute(db);
  return result.rows.map((r) => ({
    vehicleId: r.vehicle_id,
    count: r.count,
    min: r.min,
    max: r.max,
    total: r.total,
    fuel: r.fuel,
  }));
}

/** One vehicle's idle periods that started in [from, to), oldest first. */
export async function idlePeriods(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  fromMs: number,
  toMs: number,
  lang: 'es' | 'en' = 'es',
) {
  const rows = await db
    .selectFrom('idle_periods')
    .select([
      'start_time',
      'end_time',
      'duration_s',
      'lat',
      'lng',
      'fuel_l',
      'fuel_source',
      'driver_code',
      'place',
    ])
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .where('start_time', '>=', new Date(fromMs))
    .where('start_time', '<', new Date(toMs))
    .orderBy('start_time')
    .limit(10_000)
    .execute();
  return rows.map((r) => ({
    start: new Date(r.start_time).getTime(),
    end: new Date(r.end_time).getTime(),
    duration: r.duration_s,
    lat: r.lat,
    lng: r.lng,
    place: placeText(r.place, lang),
    fuel: r.fuel_l,
    fuelSource: r.fuel_source,
    driverCode: r.driver_code,
  }));
}
