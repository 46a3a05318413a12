import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toRole } from '../tenants/index.js';
import { deleteTenantRow, tenantColumn, tenantRows } from '../../db/tenant-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** An account as administration lists it. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  nombre: string;
  apellido: string;
  telefono: string;
  roleId: number;
  roleName: string;
  disabled: boolean;
  lastSignInAt: string | null;
}

/** A role visible to a tenant: its own, or built-in (tenantId null). */
export interface TenantRole {
  id: number;
  tenantId: number | null;
  name: string;
  startOn: string;
  views: Record<string, boolean>;
  userCount: number;
}

function usersQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.nombre',
      'users.apellido',
      'users.telefono',
      'users.role_id',
      'roles.name as role_name',
      'users.disabled_at',
    ])
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.created_at').as('at'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_sign_in'),
    )
    .where('users.tenant_id', '=', tenantId);
}

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof usersQuery>['executeTakeFirst']>>>;

function toAdminUser(row: UserRow): AdminUserRow {
  const last = row.last_sign_in as Date | string | null;
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nombre: row.nombre,
    apellido: row.apellido,
    telefono: row.telefono,
    roleId: row.role_id,
    roleName: row.role_name,
    disabled: row.disabled_at !== null,
    lastSignInAt: last === null ? null : new Date(last).toISOString(),
  };
}

const users = tenantRows(usersQuery, 'users.id', toAdminUser, (q) => q.orderBy('users.username'));
/** Accounts of a tenant, by username. */
export const listTenantUsers = users.list;
/** One account of a tenant. */
export const findTenantUser = users.find;

/** True when another account (any tenant: usernames sign in globally) has this username. */
export async function usernameTaken(db: Db, username: string, exceptId?: number): Promise<boolean> {
  let query = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Updates an account's administered fields; `passwordHash` null keeps the password. */
export async function updateTenantUser(
  db: Db,
  tenantId: number,
  id: number,
  user: {
    username: string;
    email: string;
    nombre: string;
    apellido: string;
    telefono: string;
    roleId: number;
    disabled: boolean;
    passwordHash: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      username: user.username,
      email: user.email,
      nombre: user.nombre,
      apellido: user.apellido,
      telefono: user.telefono,
      role_id: user.roleId,
      // Keeps the original time of a user already disabled.
      disabled_at: user.disabled ? sql<Date>`coalesce(disabled_at, ${now})` : null,
      updated_at: now,
      ...(user.passwordHash ? { password_hash: user.passwordHash } : {}),
    })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Deletes an account of a tenant (its sessions go with it). */
export async function deleteTenantUser(db: Db, tenantId: number, id: number): Promise<boolean> {
  return deleteTenantRow(db, 'users', tenantId, id);
}

/** Revokes a user's live sessions except one (the caller's own); returns the ids revoked. */
export async function revokeSessionsExcept(
  db: Db,
  userId: number,
  keepSessionId: number | null,
  now: Date,
): Promise<number[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) query = query.where('id', '<>', keepSessionId);
  const rows = await query.returning('id').execute();
  return rows.map((row) => Number(row.id));
}

function rolesQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('roles')
    .select(['roles.id', 'roles.tenant_id', 'roles.name', 'roles.start_on', 'roles.views'])
    .select((eb) =>
      eb
        .selectFrom('users')
        .select((u) => u.fn.countAll<string>().as('n'))
        .whereRef('users.role_id', '=', 'roles.id')
        .where('users.tenant_id', '=', tenantId)
        .as('user_count'),
    )
    .where((eb) =>
      eb.or([eb('roles.tenant_id', '=', tenantId), eb('roles.tenant_id', 'is', null)]),
    );
}

type RoleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof rolesQuery>['executeTakeFirst']>>>;

function toTenantRole(row: RoleRow): TenantRole {
  return { ...toRole(row), userCount: Number(row.user_count ?? 0) };
}

const roles = tenantRows(rolesQuery, 'roles.id', toTenantRole, (q) =>
  q.orderBy('roles.tenant_id', (ob) => ob.asc().nullsFirst()).orderBy('roles.name'),
);
/** Built-in roles first, then the tenant's own, by name. */
export const listTenantRoles = roles.list;
/** A role the tenant can see (its own or built-in). */
export const findTenantRole = roles.find;

/** True when a role the tenant sees (own or built-in) already has this name, case-insensitively. */
export async function roleNameTaken(
  db: Db,
  tenantId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Creates a role of a tenant; returns its id. */
export async function insertTenantRole(
  db: Db,
  tenantId: number,
  role: { name: string; startOn: string; views: Record<string, boolean> },
): Promise<number> {
  const row = await db
    .insertInto('roles')
    .values({
      tenant_id: tenantId,
      name: role.name,
      start_on: role.startOn,
      views: JSON.stringify(role.views),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a role of a tenant (never a built-in one). */
export async function updateTenantRole(
  db: Db,
  tenantId: number,
  id: number,
  role: { name: string; startOn: string; views: Record<string, boolean> },
): Promise<void> {
  await db
    .updateTable('roles')
    .set({ name: role.name, start_on: role.startOn, views: JSON.stringify(role.views) })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Deletes a role of a tenant unless some account (any tenant) still has it. */
export async function deleteUnusedTenantRole(
  db: Db,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('roles')
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('users').select('users.id').whereRef('users.role_id', '=', 'roles.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Ids of the tenant's accounts with a role (to forget their cached sessions). */
export async function userIdsWithRole(db: Db, tenantId: number, roleId: number): Promise<number[]> {
  return tenantColumn(db, 'users', 'id', tenantId, 'role_id', roleId);
}
