import { sql, type Kysely, type Transaction } from 'kysely';
import { MAX_EVENTS_PAGE, type AlertLevel, type Language } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';

// SQL of the alert engine's setup (docs/decisions/0018-alert-engine.md): the catalogue, tenant
// settings, vehicles, drivers and recipients. Dispatch claims and notifications:
// alert-notifications.repository.ts; the event list and silences: alert-events.repository.ts.

/** A database or a transaction: every alert query runs in either. */
export type Db = Kysely<Database> | Transaction<Database>;

/** Most notifications kept per user (spec §9). */
export const MAX_NOTIFICATIONS = 99;
/** Most events one page of `get_all` answers (newest first; the next page follows a cursor). */
export const MAX_EVENTS = MAX_EVENTS_PAGE;

/** An alert type with both descriptions. */
export interface AlertTypeRow {
  id: number;
  groupId: number;
  code: string;
  es: string;
  en: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  level: AlertLevel;
}

/** The catalogue, in its order. */
export async function loadCatalogue(db: Db): Promise<{
  groups: { id: number; code: string; es: string; en: string }[];
  types: AlertTypeRow[];
}> {
  const groups = await db
    .selectFrom('alert_type_group')
    .select(['id', 'code', 'description_es as es', 'description_en as en'])
    .orderBy('sort')
    .execute();
  const types = await db
    .selectFrom('alert_type')
    .select([
      'id',
      'group_id as groupId',
      'code',
      'description_es as es',
      'description_en as en',
      'severity',
      'level',
    ])
    .orderBy('sort')
    .execute();
  return { groups, types };
}

/** The stored settings document of a tenant (undefined: the defaults). */
export async function storedSettings(db: Db, tenantId: number): Promise<unknown> {
  const row = await db
    .selectFrom('alert_settings')
    .select('settings')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.settings;
}

/** Every tenant's stored settings. */
export async function allStoredSettings(db: Db): Promise<Map<number, unknown>> {
  const rows = await db.selectFrom('alert_settings').select(['tenant_id', 'settings']).execute();
  return new Map(rows.map((row) => [row.tenant_id, row.settings]));
}

/** Replaces a tenant's settings. */
export async function saveSettings(
  db: Db,
  tenantId: number,
  settings: unknown,
  userId: number,
): Promise<void> {
  await db
    .insertInto('alert_settings')
    .values({
      tenant_id: tenantId,
      settings: JSON.stringify(settings),
      updated_by: userId,
    })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        settings: JSON.stringify(settings),
        updated_by: userId,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** A vehicle as the alert engine needs it. */
export interface AlertVehicleRow {
  id: number;
  tenantId: number;
  plate: string;
  groupId: number | null;
}

/** Vehicles (of one tenant, or all). */
export async function alertVehicles(
  db: Db,
  tenantId?: number,
  ids?: readonly number[],
): Promise<AlertVehicleRow[]> {
  let query = db
    .selectFrom('vehicles')
    .select(['id', 'tenant_id as tenantId', 'plate', 'group_id as groupId']);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  if (ids !== undefined) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  return query.execute();
}

/** Whether the drivers table exists (another issue's migration). */
export async function hasDrivers(db: Db): Promise<boolean> {
  const row = await sql<{ t: string | null }>`select to_regclass('drivers')::text as t`.execute(db);
  return Boolean(row.rows[0]?.t);
}

/** Known driver codes per tenant (upper case); undefined when drivers are not modelled. */
export async function knownDriverCodes(
  db: Db,
  tenantId?: number,
): Promise<Map<number, string[]> | undefined> {
  if (!(await hasDrivers(db))) return undefined;
  const rows = await sql<{ tenant_id: number; code: string }>`
    select tenant_id, upper(code) as code from drivers
    where code <> '' ${tenantId === undefined ? sql`` : sql`and tenant_id = ${tenantId}`}`.execute(
    db,
  );
  const byTenant = new Map<number, string[]>();
  for (const row of rows.rows) {
    const list = byTenant.get(row.tenant_id) ?? [];
    list.push(row.code);
    byTenant.set(row.tenant_id, list);
  }
  return byTenant;
}

/** A possible recipient: an active user of the tenant with their role's views. */
export interface RecipientRow {
  id: number;
  roleId: number;
  views: Record<string, boolean>;
  email: string;
  lang: Language;
}

/** Active users of a tenant, with their role's views and language. */
export async function tenantRecipients(db: Db, tenantId: number): Promise<RecipientRow[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.role_id as roleId',
      'roles.views',
      'users.email',
      sql<string | null>`users.config->>'idioma'`.as('idioma'),
    ])
    .where('users.tenant_id', '=', tenantId)
    .where('users.disabled_at', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    roleId: row.roleId,
    views: row.views,
    email: row.email,
    lang: row.idioma === 'en' ? 'en' : 'es',
  }));
}

/** Role and user choices for the settings screen. */
export async function recipientChoices(db: Db, tenantId: number) {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
    .orderBy('tenant_id', (ob) => ob.nullsFirst())
    .orderBy('name')
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'nombre', 'apellido'])
    .where('tenant_id', '=', tenantId)
    .where('disabled_at', 'is', null)
    .orderBy('username')
    .execute();
  return {
    roles,
    users: users.map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      name: `${u.nombre} ${u.apellido}`.trim() || u.username,
    })),
  };
}

/** Which of these ids are groups, vehicles, roles and users the tenant may name. */
export async function tenantIds(
  db: Db,
  tenantId: number,
  ids: { groups: number[]; vehicles: number[]; roles: number[]; users: number[]; zones: number[] },
): Promise<{
  groups: Set<number>;
  vehicles: Set<number>;
  roles: Set<number>;
  users: Set<number>;
  zones: Set<number>;
}> {
  const pick = async (rows: Promise<{ id: number }[]>) =>
    new Set((await rows).map((r) => Number(r.id)));
  const owned = (table: 'vehicle_groups' | 'vehicles' | 'users' | 'geofences', list: number[]) =>
    pick(
      list.length
        ? db
            .selectFrom(table)
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', list)
            .execute()
        : Promise.resolve([]),
    );
  return {
    groups: await owned('vehicle_groups', ids.groups),
    vehicles: await owned('vehicles', ids.vehicles),
    roles: await pick(
      ids.roles.length
        ? db
            .selectFrom('roles')
            .select('id')
            .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
            .where('id', 'in', ids.roles)
            .execute()
        : Promise.resolve([]),
    ),
    users: await owned('users', ids.users),
    zones: await owned('geofences', ids.zones),
  };
}
