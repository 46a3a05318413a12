import type { Kysely } from 'kysely';
import { EU_561_2006, parseDrivingRuleSet, type DrivingRuleSet } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { placeText } from '../../places/render.js';
import { findDriver } from '../drivers/index.js';

// Driver activities (migration 0025) as the driving-times service reads them, the tenant's
// drivers and rule set. Every query is scoped to the tenant.

/** One stored activity interval with its truck. */
export interface ActivityRow {
  card: string;
  kind: 'drive' | 'work' | 'available' | 'rest' | 'unknown';
  startMs: number;
  /** null: open. */
  endMs: number | null;
  vehicleId: number;
  plate: string;
  slot: 1 | 2;
  place: string | null;
  /** The vehicle's last record (ends an open interval: what follows is unknown). */
  lastFixMs: number | null;
}

/** The tenant's activities overlapping [fromMs, toMs), of these cards (all when undefined), by card and start. */
export async function activitiesOf(
  db: Kysely<Database>,
  tenantId: number,
  fromMs: number,
  toMs: number,
  lang: 'es' | 'en',
  cards?: readonly string[],
): Promise<ActivityRow[]> {
  if (cards !== undefined && cards.length === 0) return [];
  let q = db
    .selectFrom('driver_activities as a')
    .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
    .leftJoin('vehicle_state as s', 's.vehicle_id', 'a.vehicle_id')
    .select([
      'a.card',
      'a.kind',
      'a.start_time',
      'a.end_time',
      'a.vehicle_id',
      'v.plate',
      'a.slot',
      'a.place',
      's.fix_time',
    ])
    .where('a.tenant_id', '=', tenantId)
    .where('a.start_time', '<', new Date(toMs))
    .where((eb) => eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>', new Date(fromMs))]));
  if (cards !== undefined) q = q.where('a.card', 'in', [...cards]);
  const rows = await q.orderBy('a.card').orderBy('a.start_time').execute();
  return rows.map((r) => ({
    card: r.card,
    kind: r.kind,
    startMs: new Date(r.start_time).getTime(),
    endMs: r.end_time === null ? null : new Date(r.end_time).getTime(),
    vehicleId: r.vehicle_id,
    plate: r.plate,
    slot: r.slot === 2 ? 2 : 1,
    place: placeText(r.place, lang),
    lastFixMs: r.fix_time === null ? null : new Date(r.fix_time).getTime(),
  }));
}

/** A driver of the tenant with a card code. */
export interface DriverRow {
  id: number;
  code: string;
  nombre: string;
  groupId: number | null;
}

/** The tenant's drivers with a code (of a group, when given). */
export async function driversOf(
  db: Kysely<Database>,
  tenantId: number,
  groupId?: number,
): Promise<DriverRow[]> {
  let q = db
    .selectFrom('drivers')
    .select(['id', 'code', 'nombre', 'apellido', 'group_id'])
    .where('tenant_id', '=', tenantId)
    .where('code', '<>', '');
  if (groupId !== undefined) q = q.where('group_id', '=', groupId);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    nombre: [r.nombre, r.apellido].filter(Boolean).join(' '),
    groupId: r.group_id,
  }));
}

/** One driver of the tenant, by id (the drivers module's row, as the screens name them). */
export async function driverById(
  db: Kysely<Database>,
  tenantId: number,
  driverId: number,
): Promise<DriverRow | undefined> {
  const driver = await findDriver(db, tenantId, driverId);
  if (!driver) return undefined;
  return {
    id: driver.id,
    code: driver.codigo,
    nombre: [driver.nombre, driver.apellido].filter(Boolean).join(' '),
    groupId: driver.groupId,
  };
}

/** The tenant's rule set: its stored copy, else EU 561/2006 (a stored copy that no longer reads too). */
export async function ruleSetOf(db: Kysely<Database>, tenantId: number): Promise<DrivingRuleSet> {
  const row = await db
    .selectFrom('driving_rule_sets')
    .select('rules')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return EU_561_2006;
  const parsed = parseDrivingRuleSet(row.rules);
  return parsed.ok ? parsed.rules : EU_561_2006;
}

/** Stores the tenant's rule set (validated by the caller). */
export async function saveRuleSet(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  rules: DrivingRuleSet,
): Promise<void> {
  const row = { tenant_id: tenantId, rules: JSON.stringify(rules), updated_by: userId };
  await db
    .insertInto('driving_rule_sets')
    .values(row)
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        rules: row.rules,
        updated_by: userId,
        updated_at: new Date(),
      }),
    )
    .execute();
}
