import { sql } from 'kysely';
import type { MaintenanceKind } from '@rumbo/contracts';
import type { Db } from './maintenance.repository.js';
import { insertEventOnce } from '../../db/event-once.js';

// SQL of the maintenance forecast (docs/decisions/0027): the pairs plans cover with their anchors,
// vehicles' counters and usage, the tracked counters the job stores, and the MNP/MNV notices.

/** A covered pair with its item and its anchor (the latest service that did it, else its anchor). */
export interface PairRow {
  itemId: number;
  vehicleId: number;
  planId: number;
  planName: string;
  kind: MaintenanceKind;
  name: string;
  intervalKm: number | null;
  intervalHours: number | null;
  intervalDays: number | null;
  /** `yyyy-MM-dd`, null when neither a service nor an anchor exists yet. */
  anchorDay: string | null;
  anchorKm: number | null;
  anchorHours: number | null;
  /** The service anchoring it (null: the initial anchor). */
  serviceId: number | null;
}

/**
 * Every covered pair with its item and anchor. Four flat reads joined here (items with their plan,
 * the assignment, the anchors, each pair's latest service) rather than one SQL join over every
 * pair: the pairs are the product of items and vehicles, the reads are not.
 */
export async function coveredPairs(db: Db, tenantId: number | null): Promise<PairRow[]> {
  const tenantOf = (column: string) =>
    tenantId === null ? sql`true` : sql`${sql.ref(column)} = ${tenantId}`;
  const [items, named, grouped, anchors, latest] = await Promise.all([
    sql<{
      id: number;
      plan_id: number;
      plan_name: string;
      kind: string;
      name: string;
      interval_km: number | null;
      interval_hours: number | null;
      interval_days: number | null;
    }>`
      select i.id, i.plan_id, p.name as plan_name, i.kind, i.name, i.interval_km,
        i.interval_hours, i.interval_days
      from maintenance_items i join maintenance_plans p on p.id = i.plan_id
      where ${tenantOf('i.tenant_id')} order by i.plan_id, i.position, i.id`.execute(db),
    sql<{ plan_id: number; vehicle_id: number }>`
      select pv.plan_id, pv.vehicle_id from maintenance_plan_vehicles pv
      join maintenance_plans p on p.id = pv.plan_id where ${tenantOf('p.tenant_id')}`.execute(db),
    sql<{ plan_id: number; vehicle_id: number }>`
      select pg.plan_id, v.id as vehicle_id from maintenance_plan_groups pg
      join maintenance_plans p on p.id = pg.plan_id
      join vehicles v on v.group_id = pg.group_id and v.tenant_id = p.tenant_id
      where ${tenantOf('p.tenant_id')}`.execute(db),
    sql<{
      item_id: number;
      vehicle_id: number;
      day: string;
      odometer_km: number | null;
      engine_hours: number | null;
    }>`
      select item_id, vehicle_id, to_char(day, 'YYYY-MM-DD') as day, odometer_km, engine_hours
      from maintenance_anchors where ${tenantOf('tenant_id')}`.execute(db),
    sql<{
      item_id: number;
      vehicle_id: number;
      id: number;
      day: string;
      odometer_km: number | null;
      engine_hours: number | null;
    }>`
      select distinct on (si.item_id, s.vehicle_id) si.item_id, s.vehicle_id, s.id,
        to_char(s.day, 'YYYY-MM-DD') as day, s.odometer_km, s.engine_hours
      from maintenance_service_items si
      join maintenance_services s on s.id = si.service_id
      where ${tenantOf('s.tenant_id')}
      order by si.item_id, s.vehicle_id, s.day desc, s.id desc`.execute(db),
  ]);
  const vehiclesOf = new Map<number, Set<number>>();
  for (const row of [...named.rows, ...grouped.rows]) {
    let set = vehiclesOf.get(row.plan_id);
    if (!set) vehiclesOf.set(row.plan_id, (set = new Set()));
    set.add(row.vehicle_id);
  }
  const key = (itemId: number, vehicleId: number) => itemId * 4_294_967_296 + vehicleId;
  const anchorOf = new Map(anchors.rows.map((a) => [key(a.item_id, a.vehicle_id), a]));
  const serviceOf = new Map(latest.rows.map((l) => [key(l.item_id, l.vehicle_id), l]));
  const pairs: PairRow[] = [];
  for (const i of items.rows) {
    for (const vehicleId of vehiclesOf.get(i.plan_id) ?? []) {
      const service = serviceOf.get(key(i.id, vehicleId));
      const anchor = service ?? anchorOf.get(key(i.id, vehicleId));
      pairs.push({
        itemId: i.id,
        vehicleId,
        planId: i.plan_id,
        planName: i.plan_name,
        kind: i.kind as MaintenanceKind,
        name: i.name,
        intervalKm: i.interval_km,
        intervalHours: i.interval_hours,
        intervalDays: i.interval_days,
        anchorDay: anchor?.day ?? null,
        anchorKm: anchor?.odometer_km ?? null,
        anchorHours: anchor?.engine_hours ?? null,
        serviceId: service?.id ?? null,
      });
    }
  }
  return pairs;
}

/** What the forecast needs of a vehicle: its name, counters now and as tracked, its rates. */
export interface VehicleRow {
  vehicleId: number;
  tenantId: number;
  plate: string;
  groupId: number | null;
  groupName: string | null;
  odometerKm: number | null;
  engineHours: number | null;
  fixTimeMs: number | null;
  serviceDistanceKm: number | null;
  trackKm: unknown;
  trackHours: unknown;
  /** Daily rates the job stored, and the UTC day (`yyyy-MM-dd`) they are of. */
  kmPerDay: number | null;
  hoursPerDay: number | null;
  ratesDay: string | null;
}

/** Vehicles of a tenant (all tenants when null) with their counters and stored rates. */
export async function forecastVehicles(db: Db, tenantId: number | null): Promise<VehicleRow[]> {
  const tenant = tenantId === null ? sql`true` : sql`v.tenant_id = ${tenantId}`;
  const rows = await sql<{
    id: number;
    tenant_id: number;
    plate: string;
    group_id: number | null;
    group_name: string | null;
    odometer_km: number | null;
    engine_hours: number | null;
    fix_time: Date | string | null;
    service_distance_km: number | null;
    km: unknown;
    hours: unknown;
    km_per_day: number | null;
    hours_per_day: number | null;
    rates_day: string | null;
  }>`
    select v.id, v.tenant_id, v.plate, v.group_id, g.name as group_name, s.odometer_km,
      s.engine_hours, s.fix_time, s.service_distance_km, k.km, k.hours, k.km_per_day,
      k.hours_per_day, to_char(k.rates_day, 'YYYY-MM-DD') as rates_day
    from vehicles v
    left join vehicle_groups g on g.id = v.group_id
    left join vehicle_state s on s.vehicle_id = v.id
    left join maintenance_counters k on k.vehicle_id = v.id
    where ${tenant}`.execute(db);
  return rows.rows.map((r) => ({
    vehicleId: r.id,
    tenantId: r.tenant_id,
    plate: r.plate,
    groupId: r.group_id,
    groupName: r.group_name,
    odometerKm: r.odometer_km,
    engineHours: r.engine_hours,
    fixTimeMs: r.fix_time === null ? null : new Date(r.fix_time).getTime(),
    serviceDistanceKm: r.service_distance_km,
    trackKm: r.km,
    trackHours: r.hours,
    kmPerDay: r.km_per_day,
    hoursPerDay: r.hours_per_day,
    ratesDay: r.rates_day,
  }));
}

/** A vehicle's usage sums over the last 28 and 90 UTC days. */
export interface UsageRow {
  vehicleId: number;
  km28: number;
  km90: number;
  hours28: number;
  hours90: number;
  firstDayMs: number | undefined;
}

/**
 * Usage over the last 90 UTC days from the daily indicator rollups (never a scan of positions),
 * days over the jump limits left out; all vehicles of the tenant (every tenant when null), or the
 * ones named.
 */
export async function vehicleUsage(
  db: Db,
  tenantId: number | null,
  todayMs: number,
  limits: { maxKmPerDay: number; maxHoursPerDay: number },
  vehicleIds?: readonly number[],
): Promise<UsageRow[]> {
  if (vehicleIds?.length === 0) return [];
  const d90 = new Date(todayMs - 89 * 86_400_000);
  const d28 = new Date(todayMs - 27 * 86_400_000);
  const where = sql.join(
    [
      tenantId === null ? sql`true` : sql`tenant_id = ${tenantId}`,
      vehicleIds ? sql`vehicle_id = any(${[...vehicleIds]}::int4[])` : sql`true`,
      sql`bucket >= ${d90}`,
    ],
    sql` and `,
  );
  const rows = await sql<{
    vehicle_id: number;
    km28: number | null;
    km90: number | null;
    h28: number | null;
    h90: number | null;
    first_day: Date | string | null;
  }>`
    with daily as (
      select vehicle_id, bucket, sum(distance_km) as km, sum(engine_s) / 3600.0 as h
      from vehicle_indicators_daily where ${where}
      group by vehicle_id, bucket)
    select vehicle_id,
      sum(case when bucket >= ${d28} and km <= ${limits.maxKmPerDay} then km else 0 end) as km28,
      sum(case when km <= ${limits.maxKmPerDay} then km else 0 end) as km90,
      sum(case when bucket >= ${d28} and h <= ${limits.maxHoursPerDay} then h else 0 end) as h28,
      sum(case when h <= ${limits.maxHoursPerDay} then h else 0 end) as h90,
      min(bucket) as first_day
    from daily group by vehicle_id`.execute(db);
  return rows.rows.map((r) => ({
    vehicleId: r.vehicle_id,
    km28: Number(r.km28 ?? 0),
    km90: Number(r.km90 ?? 0),
    hours28: Number(r.h28 ?? 0),
    hours90: Number(r.h90 ?? 0),
    firstDayMs: r.first_day === null ? undefined : new Date(r.first_day).getTime(),
  }));
}

/** Stores the tracked counters of vehicles and their daily rates of `ratesDay`. */
export async function saveCounters(
  db: Db,
  rows: {
    vehicleId: number;
    tenantId: number;
    km: unknown;
    hours: unknown;
    kmPerDay: number | null;
    hoursPerDay: number | null;
  }[],
  ratesDay: string,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('maintenance_counters')
    .values(
      rows.map((r) => ({
        vehicle_id: r.vehicleId,
        tenant_id: r.tenantId,
        km: JSON.stringify(r.km ?? null),
        hours: JSON.stringify(r.hours ?? null),
        km_per_day: r.kmPerDay,
        hours_per_day: r.hoursPerDay,
        rates_day: ratesDay,
      })),
    )
    .onConflict((oc) =>
      oc.column('vehicle_id').doUpdateSet((eb) => ({
        km: eb.ref('excluded.km'),
        hours: eb.ref('excluded.hours'),
        km_per_day: eb.ref('excluded.km_per_day'),
        hours_per_day: eb.ref('excluded.hours_per_day'),
        rates_day: eb.ref('excluded.rates_day'),
      })),
    )
    .execute();
}

/** Tenants with maintenance to forecast. */
export async function maintenanceTenants(db: Db): Promise<number[]> {
  const rows = await sql<{ tenant_id: number }>`
    select tenant_id from maintenance_plans union select tenant_id from maintenance_additional
      where service_id is null`.execute(db);
  return rows.rows.map((r) => r.tenant_id);
}

/** Claims a notice once per item, vehicle, anchor and code; false when already told. */
export async function claimNotice(
  db: Db,
  notice: { itemKey: string; vehicleId: number; anchor: string; code: string },
): Promise<boolean> {
  const rows = await db
    .insertInto('maintenance_notices')
    .values({
      item_key: notice.itemKey,
      vehicle_id: notice.vehicleId,
      anchor: notice.anchor,
      code: notice.code,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .execute();
  return rows.length > 0;
}

/** Stores an `MNP`/`MNV` event (the alert catalogue's, told by the dispatcher). */
export async function insertMaintenanceEvent(
  db: Db,
  event: {
    tenantId: number;
    vehicleId: number;
    code: string;
    startTimeMs: number;
    value: number | null;
    data: Record<string, string | number | boolean>;
  },
): Promise<boolean> {
  return insertEventOnce(db, { ...event, lat: null, lng: null, driverCode: null });
}
