import { sql, type Kysely } from 'kysely';
import type { FuelEventCode, TimeZoneSetting } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { zonedDay } from '../../db/time-zone-sql.js';

// Litres of a period for the consumption and AdBlue screens: event litres, idle litres, the
// per-day trend. Every query names the tenant.

/** Litres per vehicle of a period's events of one code (DCS: not dismissed). */
export async function eventLitres(
  db: Kysely<Database>,
  tenantId: number,
  code: FuelEventCode,
  fromMs: number,
  toMs: number,
): Promise<Map<number, { count: number; litres: number }>> {
  const result = await sql<{ vehicle_id: number; count: number; litres: number }>`
    select vehicle_id, count(*)::int4 as count, coalesce(sum(value), 0)::float8 as litres
    from events
    where tenant_id = ${tenantId} and code = ${code}
      and start_time >= ${new Date(fromMs)} and start_time < ${new Date(toMs)}
      and review is distinct from 'dismissed'
    group by vehicle_id`.execute(db);
  return new Map(result.rows.map((r) => [r.vehicle_id, { count: r.count, litres: r.litres }]));
}

/** Idle litres and seconds per vehicle (and driver card) of idle periods started in the period. */
export async function idleFuel(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  toMs: number,
  byDriver: boolean,
): Promise<{ vehicleId: number; driverCode: string; litres: number }[]> {
  const driver = byDriver ? sql`coalesce(driver_code, '')` : sql`''::text`;
  const result = await sql<{ vehicle_id: number; driver: string; litres: number }>`
    select vehicle_id, ${driver} as driver, sum(fuel_l)::float8 as litres
    from idle_periods
    where tenant_id = ${tenantId}
      and start_time >= ${new Date(fromMs)} and start_time < ${new Date(toMs)}
    group by 1, 2`.execute(db);
  return result.rows.map((r) => ({
    vehicleId: r.vehicle_id,
    driverCode: r.driver,
    litres: r.litres,
  }));
}

/** Zones whose days are the daily rollups' UTC days. */
function isUtc(zone: TimeZoneSetting): boolean {
  return zone === 0 || zone === 'UTC' || zone === 'Etc/UTC';
}

/**
 * The filtered vehicles' distance, fuel and idle litres per day of the period in `timeZone` (each
 * `day` the instant that day starts). The daily rollups are UTC days: they stand in for the
 * period's whole days only in UTC; any other zone sums the hourly buckets into its own days.
 */
export async function consumptionDays(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  toMs: number,
  vehicleIds: readonly number[] | undefined,
  timeZone: TimeZoneSetting = 'UTC',
): Promise<{ day: number; distanceKm: number; fuelL: number; idleFuelL: number }[]> {
  if (vehicleIds?.length === 0) return [];
  const DAY = 86_400_000;
  const dayStart = Math.ceil(fromMs / DAY) * DAY;
  const dayEnd = Math.floor(toMs / DAY) * DAY;
  const from = new Date(fromMs);
  const to = new Date(toMs);
  const vehicles = vehicleIds ? sql`and vehicle_id = any(${[...vehicleIds]}::int4[])` : sql``;
  const hourly = (a: Date, b: Date) => sql`
    select bucket, distance_km, fuel_l from vehicle_indicators
      where tenant_id = ${tenantId} and bucket >= ${a} and bucket < ${b} ${vehicles}`;
  const parts =
    isUtc(timeZone) && dayStart < dayEnd
      ? sql`
      select bucket, distance_km, fuel_l from vehicle_indicators_daily
        where tenant_id = ${tenantId} and bucket >= ${new Date(dayStart)}
          and bucket < ${new Date(dayEnd)} ${vehicles}
      union all ${hourly(from, new Date(dayStart))}
      union all ${hourly(new Date(dayEnd), to)}`
      : hourly(from, to);
  const day = zonedDay(sql`bucket`, timeZone);
  const idleDay = zonedDay(sql`start_time`, timeZone);
  const result = await sql<{ day: Date; distance: number; fuel: number; idle: number }>`
    with usage as (
      select ${day} as day, sum(distance_km)::float8 as distance, sum(fuel_l)::float8 as fuel
      from (${parts}) p group by 1
    ), idle as (
      select ${idleDay} as day, sum(fuel_l)::float8 as idle
      from idle_periods
      where tenant_id = ${tenantId} and start_time >= ${from} and start_time < ${to} ${vehicles}
      group by 1
    )
    select coalesce(u.day, i.day) as day, coalesce(u.distance, 0) as distance,
      coalesce(u.fuel, 0) as fuel, coalesce(i.idle, 0) as idle
    from usage u full join idle i on i.day = u.day
    order by 1`.execute(db);
  return result.rows.map((r) => ({
    day: new Date(r.day).getTime(),
    distanceKm: r.distance,
    fuelL: r.fuel,
    idleFuelL: r.idle,
  }));
}
