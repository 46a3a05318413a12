import { sql, type Kysely, type Transaction } from 'kysely';
import type { MaintenanceKind, MaintenancePlan, PlanSave } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';

// SQL of maintenance plans (docs/decisions/0027); the tenant checks of its tables: db/tenant-rows.ts.
// The forecast's inputs and notices: maintenance-forecast.repository.ts; additional
// maintenance, services and attachments: maintenance-records.repository.ts.

/** A database or a transaction: every maintenance query runs in either. */
export type Db = Kysely<Database> | Transaction<Database>;

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
export function coverage(tenantId: number | null) {
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
