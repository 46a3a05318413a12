import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AdditionalMaintenance,
  AdditionalSave,
  MaintenanceAttachment,
  MaintenanceKind,
  MaintenancePlan,
  MaintenanceService,
  PlanSave,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Tables whose rows a tenant owns by `id`. */
type OwnedTable =
  | 'maintenance_plans'
  | 'maintenance_additional'
  | 'maintenance_services'
  | 'maintenance_attachments';

/** Whether the row is the tenant's. */
export async function rowExists(
  db: Db,
  table: OwnedTable,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a row of the tenant; false when there is none (another tenant's included). */
export async function deleteRow(
  db: Db,
  table: OwnedTable,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------------------------------------------------------------- plans

/** Every plan of a tenant with its items and assignment. */
export async function listPlans(db: Db, tenantId: number): Promise<MaintenancePlan[]> {
  const plans = await db
    .selectFrom('maintenance_plans')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (plans.length === 0) return [];
  const ids = plans.map((p) => p.id);
  const [items, vehicles, groups] = await Promise.all([
    db
      .selectFrom('maintenance_items')
      .selectAll()
      .where('plan_id', 'in', ids)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('maintenance_plan_vehicles').selectAll().where('plan_id', 'in', ids).execute(),
    db.selectFrom('maintenance_plan_groups').selectAll().where('plan_id', 'in', ids).execute(),
  ]);
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    items: items
      .filter((i) => i.plan_id === p.id)
      .map((i) => ({
        id: i.id,
        kind: i.kind as MaintenanceKind,
        name: i.name,
        intervalKm: i.interval_km,
        intervalHours: i.interval_hours,
        intervalDays: i.interval_days,
      })),
    vehicleIds: vehicles
      .filter((v) => v.plan_id === p.id)
      .map((v) => v.vehicle_id)
      .sort((a, b) => a - b),
    groupIds: groups
      .filter((g) => g.plan_id === p.id)
      .map((g) => g.group_id)
      .sort((a, b) => a - b),
  }));
}

/** Which of these ids are the tenant's (vehicles, groups) or this plan's (items). */
export async function ownedIds(
  db: Db,
  tenantId: number,
  ids: { vehicles: number[]; groups: number[]; items: number[]; additional: number[] },
  planId: number | null,
): Promise<{
  vehicles: Set<number>;
  groups: Set<number>;
  items: Set<number>;
  additional: Set<number>;
}> {
  const pick = async (
    table: 'vehicles' | 'vehicle_groups' | 'maintenance_items' | 'maintenance_additional',
    wanted: number[],
  ) => {
    if (wanted.length === 0) return new Set<number>();
    let query = db
      .selectFrom(table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', wanted);
    if (table === 'maintenance_items' && planId !== null) {
      query = query.where(sql.ref('plan_id'), '=', planId);
    }
    return new Set((await query.execute()).map((r) => r.id));
  };
  const [vehicles, groups, items, additional] = await Promise.all([
    pick('vehicles', ids.vehicles),
    pick('vehicle_groups', ids.groups),
    pick('maintenance_items', ids.items),
    pick('maintenance_additional', ids.additional),
  ]);
  return { vehicles, groups, items, additional };
}

/** Writes a whole plan (new when `planId` is null): items kept by id, others added or removed. */
export async function writePlan(
  trx: Db,
  tenantId: number,
  planId: number | null,
  input: PlanSave,
): Promise<number> {
  let id = planId;
  if (id === null) {
    const row = await trx
      .insertInto('maintenance_plans')
      .values({ tenant_id: tenantId, name: input.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  } else {
    await trx
      .updateTable('maintenance_plans')
      .set({ name: input.name, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  }
  const kept = input.items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  let removal = trx.deleteFrom('maintenance_items').where('plan_id', '=', id);
  if (kept.length > 0) removal = removal.where('id', 'not in', kept);
  await removal.execute();
  for (const [position, item] of input.items.entries()) {
    const values = {
      position,
      kind: item.kind,
      name: item.name,
      interval_km: item.intervalKm,
      interval_hours: item.intervalHours,
      interval_days: item.intervalDays,
    };
    if (item.id === undefined) {
      await trx
        .insertInto('maintenance_items')
        .values({ ...values, tenant_id: tenantId, plan_id: id })
        .execute();
    } else {
      await trx
        .updateTable('maintenance_items')
        .set(values)
        .where('plan_id', '=', id)
        .where('id', '=', item.id)
        .execute();
    }
  }
  await trx.deleteFrom('maintenance_plan_vehicles').where('plan_id', '=', id).execute();
  await trx.deleteFrom('maintenance_plan_groups').where('plan_id', '=', id).execute();
  const vehicleIds = [...new Set(input.vehicleIds)];
  const groupIds = [...new Set(input.groupIds)];
  if (vehicleIds.length > 0) {
    await trx
      .insertInto('maintenance_plan_vehicles')
      .values(vehicleIds.map((vehicleId) => ({ plan_id: id, vehicle_id: vehicleId })))
      .execute();
  }
  if (groupIds.length > 0) {
    await trx
      .insertInto('maintenance_plan_groups')
      .values(groupIds.map((groupId) => ({ plan_id: id, group_id: groupId })))
      .execute();
  }
  return id;
}

/** The (item, vehicle) pairs plans cover: vehicles named and vehicles of the groups named. */
function coverage(tenantId: number | null) {
  const tenant = tenantId === null ? sql`true` : sql`i.tenant_id = ${tenantId}`;
  return sql`
    select i.id as item_id, pv.vehicle_id from maintenance_items i
      join maintenance_plan_vehicles pv on pv.plan_id = i.plan_id where ${tenant}
    union
    select i.id, v.id from maintenance_items i
      join maintenance_plan_groups pg on pg.plan_id = i.plan_id
      join vehicles v on v.group_id = pg.group_id and v.tenant_id = i.tenant_id where ${tenant}`;
}

/**
 * Anchors every covered (item, vehicle) pair that has none yet on `day` and the vehicle's counters
 * now (tracked values when maintenance tracks them, else the last state's); anchors still without
 * counters take the vehicle's first reading.
 */
export async function insertMissingAnchors(
  db: Db,
  tenantId: number | null,
  day: string,
): Promise<number> {
  const result = await sql`
    insert into maintenance_anchors (item_id, vehicle_id, tenant_id, day, odometer_km, engine_hours)
    select c.item_id, c.vehicle_id, v.tenant_id, ${day}::date,
      coalesce((k.km->>'raw')::float8 + (k.km->>'offset')::float8, s.odometer_km),
      coalesce((k.hours->>'raw')::float8 + (k.hours->>'offset')::float8, s.engine_hours)
    from (${coverage(tenantId)}) c
    join vehicles v on v.id = c.vehicle_id
    left join vehicle_state s on s.vehicle_id = c.vehicle_id
    left join maintenance_counters k on k.vehicle_id = c.vehicle_id
    where not exists (select 1 from maintenance_anchors a
      where a.item_id = c.item_id and a.vehicle_id = c.vehicle_id)
    on conflict do nothing`.execute(db);
  // An anchor made before the vehicle reported its counters is completed by its first reading.
  await sql`
    update maintenance_anchors a set
      odometer_km = coalesce(a.odometer_km,
        (k.km->>'raw')::float8 + (k.km->>'offset')::float8, s.odometer_km),
      engine_hours = coalesce(a.engine_hours,
        (k.hours->>'raw')::float8 + (k.hours->>'offset')::float8, s.engine_hours)
    from vehicle_state s left join maintenance_counters k on k.vehicle_id = s.vehicle_id
    where s.vehicle_id = a.vehicle_id
      and (a.odometer_km is null or a.engine_hours is null)
      and (s.odometer_km is not null or s.engine_hours is not null)
      and ${tenantId === null ? sql`true` : sql`a.tenant_id = ${tenantId}`}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

// ---------------------------------------------------------------- forecast inputs

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

// ---------------------------------------------------------------- additional maintenance

function additionalQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('maintenance_additional as a')
    .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
    .leftJoin('maintenance_services as s', 's.id', 'a.service_id')
    .select([
      'a.id',
      'a.vehicle_id',
      'v.plate',
      'a.kind',
      'a.name',
      dayText('a.due_day').as('due_day'),
      'a.due_km',
      'a.notes',
      'a.service_id',
      dayText('s.day').as('done_day'),
      'a.created_at',
    ])
    .where('a.tenant_id', '=', tenantId);
}

export async function listAdditional(
  db: Db,
  tenantId: number,
  ids?: number[],
): Promise<AdditionalMaintenance[]> {
  let query = additionalQuery(db, tenantId);
  if (ids) query = query.where('a.id', 'in', ids.length > 0 ? ids : [0]);
  const rows = await query.orderBy('a.due_day').orderBy('a.id').execute();
  return rows.map((r) => ({
    id: r.id,
    vehicleId: r.vehicle_id,
    plate: r.plate,
    kind: r.kind as MaintenanceKind,
    name: r.name,
    dueDate: r.due_day,
    dueKm: r.due_km,
    notes: r.notes,
    serviceId: r.service_id,
    doneDate: r.service_id === null ? null : r.done_day,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function insertAdditional(
  db: Db,
  tenantId: number,
  input: AdditionalSave,
): Promise<number> {
  const row = await db
    .insertInto('maintenance_additional')
    .values({
      tenant_id: tenantId,
      vehicle_id: input.vehicleId,
      kind: input.kind,
      name: input.name,
      due_day: input.dueDate,
      due_km: input.dueKm,
      notes: input.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAdditional(
  db: Db,
  tenantId: number,
  id: number,
  input: AdditionalSave,
): Promise<boolean> {
  const result = await db
    .updateTable('maintenance_additional')
    .set({
      vehicle_id: input.vehicleId,
      kind: input.kind,
      name: input.name,
      due_day: input.dueDate,
      due_km: input.dueKm,
      notes: input.notes,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------- services and attachments

export async function listServices(
  db: Db,
  tenantId: number,
  filter: { vehicleId?: number | undefined; ids?: number[] },
): Promise<MaintenanceService[]> {
  let query = db
    .selectFrom('maintenance_services as s')
    .innerJoin('vehicles as v', 'v.id', 's.vehicle_id')
    .select([
      's.id',
      's.vehicle_id',
      'v.plate',
      dayText('s.day').as('day'),
      's.odometer_km',
      's.engine_hours',
      's.cost',
      's.workshop',
      's.notes',
    ])
    .where('s.tenant_id', '=', tenantId);
  if (filter.vehicleId !== undefined) query = query.where('s.vehicle_id', '=', filter.vehicleId);
  if (filter.ids) query = query.where('s.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  const services = await query.orderBy('s.day', 'desc').orderBy('s.id', 'desc').execute();
  if (services.length === 0) return [];
  const ids = services.map((s) => s.id);
  const [items, additional, attachments] = await Promise.all([
    db
      .selectFrom('maintenance_service_items as si')
      .innerJoin('maintenance_items as i', 'i.id', 'si.item_id')
      .select(['si.service_id', 'i.id', 'i.name'])
      .where('si.service_id', 'in', ids)
      .orderBy('i.position')
      .execute(),
    db
      .selectFrom('maintenance_additional')
      .select(['service_id', 'id', 'name'])
      .where('service_id', 'in', ids)
      .execute(),
    db
      .selectFrom('maintenance_attachments')
      .select(['service_id', 'id', 'name', 'mime', 'size'])
      .where('service_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  return services.map((s) => ({
    id: s.id,
    vehicleId: s.vehicle_id,
    plate: s.plate,
    date: s.day,
    odometerKm: s.odometer_km,
    engineHours: s.engine_hours,
    cost: s.cost,
    workshop: s.workshop,
    notes: s.notes,
    done: [
      ...items
        .filter((i) => i.service_id === s.id)
        .map((i) => ({ source: 'plan' as const, id: i.id, name: i.name })),
      ...additional
        .filter((a) => a.service_id === s.id)
        .map((a) => ({ source: 'additional' as const, id: a.id, name: a.name })),
    ],
    attachments: attachments
      .filter((a) => a.service_id === s.id)
      .map((a) => ({ id: a.id, name: a.name, mime: a.mime, size: a.size })),
  }));
}

export async function insertService(
  trx: Db,
  tenantId: number,
  service: {
    vehicleId: number;
    date: string;
    odometerKm: number | null;
    engineHours: number | null;
    cost: number | null;
    workshop: string;
    notes: string;
    itemIds: number[];
    additionalIds: number[];
  },
): Promise<number> {
  const row = await trx
    .insertInto('maintenance_services')
    .values({
      tenant_id: tenantId,
      vehicle_id: service.vehicleId,
      day: service.date,
      odometer_km: service.odometerKm,
      engine_hours: service.engineHours,
      cost: service.cost,
      workshop: service.workshop,
      notes: service.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds = [...new Set(service.itemIds)];
  if (itemIds.length > 0) {
    await trx
      .insertInto('maintenance_service_items')
      .values(itemIds.map((itemId) => ({ service_id: row.id, item_id: itemId })))
      .execute();
  }
  if (service.additionalIds.length > 0) {
    await trx
      .updateTable('maintenance_additional')
      .set({ service_id: row.id })
      .where('tenant_id', '=', tenantId)
      .where('vehicle_id', '=', service.vehicleId)
      .where('id', 'in', service.additionalIds)
      .execute();
  }
  return row.id;
}

/** Plan items that cover this vehicle (the ones a service on it may name). */
export async function itemsCovering(
  db: Db,
  tenantId: number,
  vehicleId: number,
): Promise<Set<number>> {
  const rows = await sql<{ item_id: number }>`
    select item_id from (${coverage(tenantId)}) c where c.vehicle_id = ${vehicleId}`.execute(db);
  return new Set(rows.rows.map((r) => r.item_id));
}

export async function insertAttachment(
  db: Db,
  tenantId: number,
  attachment: { serviceId: number; name: string; mime: string; data: Uint8Array },
): Promise<MaintenanceAttachment> {
  const row = await db
    .insertInto('maintenance_attachments')
    .values({
      tenant_id: tenantId,
      service_id: attachment.serviceId,
      name: attachment.name,
      mime: attachment.mime,
      size: attachment.data.byteLength,
      data: attachment.data,
    })
    .returning(['id', 'name', 'mime', 'size'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findAttachment(
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ name: string; mime: string; data: Uint8Array } | undefined> {
  return db
    .selectFrom('maintenance_attachments')
    .select(['name', 'mime', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------- notices (MNP / MNV)

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
  const rows = await db
    .insertInto('events')
    .values({
      tenant_id: event.tenantId,
      vehicle_id: event.vehicleId,
      code: event.code,
      start_time: new Date(event.startTimeMs),
      lat: null,
      lng: null,
      value: event.value,
      driver_code: null,
      data: JSON.stringify(event.data),
    })
    .onConflict((oc) => oc.columns(['vehicle_id', 'code', 'start_time']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}
