import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { firstRow } from '../../db/tenant-rows.js';

/** A role as the application uses it. */
export interface Role {
  id: number;
  tenantId: number | null;
  name: string;
  startOn: string;
  views: Record<string, boolean>;
}

/** A `roles` row's columns, as any query of roles selects them. */
export type RoleRow = {
  id: number;
  tenant_id: number | null;
  name: string;
  start_on: string;
  views: Record<string, boolean>;
};

/** A role row as the application uses it (the admin's role list adds its counts). */
export function toRole(row: RoleRow): Role {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    startOn: row.start_on,
    views: row.views,
  };
}

function tenantByName(db: Kysely<Database>, name: string) {
  return db.selectFrom('tenants').select(['id', 'name']).where('name', '=', name);
}

/** Finds a tenant by name. */
export async function findTenantByName(db: Kysely<Database>, name: string) {
  return tenantByName(db, name).executeTakeFirst();
}

/** Creates a tenant, or returns the existing one with that name. */
export async function ensureTenant(
  db: Kysely<Database>,
  name: string,
): Promise<{ id: number; name: string }> {
  await db
    .insertInto('tenants')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return tenantByName(db, name).executeTakeFirstOrThrow();
}

/** Creates or updates a built-in role (tenant_id null). */
export async function upsertBuiltinRole(
  db: Kysely<Database>,
  role: { name: string; startOn: string; views: Record<string, boolean> },
): Promise<void> {
  const existing = await db
    .selectFrom('roles')
    .select('id')
    .where('tenant_id', 'is', null)
    .where('name', '=', role.name)
    .executeTakeFirst();
  if (existing) {
    await db
      .updateTable('roles')
      .set({ start_on: role.startOn, views: JSON.stringify(role.views) })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('roles')
      .values({
        tenant_id: null,
        name: role.name,
        start_on: role.startOn,
        views: JSON.stringify(role.views),
      })
      .execute();
  }
}

/** A role usable in a tenant: the tenant's own, else the built-in one of that name. */
export async function findRoleForTenant(
  db: Kysely<Database>,
  tenantId: number,
  name: string,
): Promise<Role | undefined> {
  return firstRow(
    db
      .selectFrom('roles')
      .select(['id', 'tenant_id', 'name', 'start_on', 'views'])
      .where('name', '=', name)
      .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
      .orderBy('tenant_id', (ob) => ob.asc().nullsLast()),
    toRole,
  );
}

/** A role by id. */
export async function findRoleById(db: Kysely<Database>, id: number): Promise<Role | undefined> {
  return firstRow(
    db
      .selectFrom('roles')
      .select(['id', 'tenant_id', 'name', 'start_on', 'views'])
      .where('id', '=', id),
    toRole,
  );
}

/** Ids of every tenant. */
export async function listTenantIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('tenants').select('id').execute();
  return rows.map((row) => row.id);
}
