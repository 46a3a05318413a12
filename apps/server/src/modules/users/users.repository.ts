import type { Kysely, Transaction, Updateable } from 'kysely';
import { DEFAULT_USER_CONFIG, userConfigSchema, type UserConfig } from '@rumbo/contracts';
import type { Database, UsersTable } from '../../db/schema.js';
import { firstRow } from '../../db/tenant-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A user account with its role and tenant. */
export interface User {
  id: number;
  tenantId: number;
  tenantName: string;
  username: string;
  email: string;
  passwordHash: string;
  roleId: number;
  roleName: string;
  nombre: string;
  apellido: string;
  telefono: string;
  domicilio: string;
  hasAvatar: boolean;
  config: UserConfig;
  darkMode: boolean;
  disabled: boolean;
}

function baseQuery(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .innerJoin('tenants', 'tenants.id', 'users.tenant_id')
    .select([
      'users.id',
      'users.tenant_id',
      'tenants.name as tenant_name',
      'users.username',
      'users.email',
      'users.password_hash',
      'users.role_id',
      'roles.name as role_name',
      'users.nombre',
      'users.apellido',
      'users.telefono',
      'users.domicilio',
      'users.config',
      'users.dark_mode',
      'users.disabled_at',
    ])
    .select((eb) => eb('users.avatar', 'is not', null).as('has_avatar'));
}

type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirst']>>>;

/** Reads the stored config, filling what an older row lacks with defaults. */
function toConfig(raw: unknown): UserConfig {
  const merged = { ...DEFAULT_USER_CONFIG, ...(typeof raw === 'object' && raw ? raw : {}) };
  const parsed = userConfigSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_USER_CONFIG;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    roleId: row.role_id,
    roleName: row.role_name,
    nombre: row.nombre,
    apellido: row.apellido,
    telefono: row.telefono,
    domicilio: row.domicilio,
    hasAvatar: Boolean(row.has_avatar),
    config: toConfig(row.config),
    darkMode: row.dark_mode,
    disabled: row.disabled_at !== null,
  };
}

/** Finds an account by username, case-insensitively. */
export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  return firstRow(
    baseQuery(db).where((eb) =>
      eb(eb.fn('lower', ['users.username']), '=', username.toLowerCase()),
    ),
    toUser,
  );
}

/** Finds the active accounts with an e-mail address, case-insensitively. */
export async function findUsersByEmail(db: Db, email: string): Promise<User[]> {
  const rows = await baseQuery(db)
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.toLowerCase()))
    .where('users.disabled_at', 'is', null)
    .execute();
  return rows.map(toUser);
}

/** Finds an account by id inside a tenant. */
export async function findUserById(
  db: Db,
  tenantId: number,
  id: number,
): Promise<User | undefined> {
  return firstRow(
    baseQuery(db).where('users.id', '=', id).where('users.tenant_id', '=', tenantId),
    toUser,
  );
}

/** Creates an account; returns its id. */
export async function insertUser(
  db: Db,
  user: {
    tenantId: number;
    username: string;
    email: string;
    passwordHash: string;
    roleId: number;
    nombre?: string;
    apellido?: string;
    config?: UserConfig;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      tenant_id: user.tenantId,
      username: user.username,
      email: user.email,
      password_hash: user.passwordHash,
      role_id: user.roleId,
      nombre: user.nombre ?? '',
      apellido: user.apellido ?? '',
      config: JSON.stringify(user.config ?? DEFAULT_USER_CONFIG),
      avatar: null,
      avatar_mime: null,
      disabled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a password hash. */
export async function updatePasswordHash(db: Db, userId: number, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** Writes columns of an account in a tenant, stamping `updated_at`. */
async function updateUser(
  db: Db,
  tenantId: number,
  userId: number,
  values: Updateable<UsersTable>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .execute();
}

/** Saves name, phone and e-mail of an account in a tenant. */
export async function updateProfile(
  db: Db,
  tenantId: number,
  userId: number,
  profile: { nombre: string; apellido: string; telefono: string; email: string },
): Promise<void> {
  await updateUser(db, tenantId, userId, profile);
}

/** Saves the configuration and dark-mode flag. */
export async function updateConfig(
  db: Db,
  tenantId: number,
  userId: number,
  config: UserConfig,
  darkMode: boolean,
): Promise<void> {
  await updateUser(db, tenantId, userId, { config: JSON.stringify(config), dark_mode: darkMode });
}

/** Reads the avatar bytes and type. */
export async function findAvatar(
  db: Db,
  tenantId: number,
  userId: number,
): Promise<{ bytes: Buffer; mime: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['avatar', 'avatar_mime'])
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.avatar && row.avatar_mime ? { bytes: row.avatar, mime: row.avatar_mime } : undefined;
}

/** Replaces the avatar. */
export async function updateAvatar(
  db: Db,
  tenantId: number,
  userId: number,
  bytes: Buffer,
  mime: string,
): Promise<void> {
  await updateUser(db, tenantId, userId, { avatar: bytes, avatar_mime: mime });
}
