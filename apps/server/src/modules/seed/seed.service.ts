import type { Kysely } from 'kysely';
import { ADMIN_VIEWS, VIEW_NAMES, VIEWER_VIEWS, type ViewName } from '@rumbo/contracts';
import { randomToken } from '../../lib/crypto.js';
import { hashPassword } from '../../lib/passwords.js';
import { ensureTenant, findRoleForTenant, upsertBuiltinRole } from '../tenants/index.js';
import { findUserByUsername, insertUser } from '../users/index.js';
import { seedTrailerKinds } from '../fleet/index.js';
import type { Database } from '../../db/schema.js';
import { seedDemoDrivers } from './demo-drivers.js';

/** The tenant the system administrator belongs to. */
export const SYSTEM_TENANT = 'Rumbo';
export const SYSTEM_ADMIN = 'sysadmin';
export const DEMO_TENANT = 'Transportes Demo';

function viewsMap(views: readonly ViewName[]): Record<string, boolean> {
  return Object.fromEntries(views.map((view) => [view, true]));
}

/** The built-in roles: admin (everything), operator (everything but admin), viewer. */
export const BUILTIN_ROLES = [
  { name: 'admin', startOn: 'dashboard', views: viewsMap(VIEW_NAMES) },
  {
    name: 'operator',
    startOn: 'dashboard',
    views: viewsMap(VIEW_NAMES.filter((v) => !ADMIN_VIEWS.includes(v))),
  },
  { name: 'viewer', startOn: 'dashboard', views: viewsMap(VIEWER_VIEWS) },
] as const;

/** Built-in trailer kinds (tipo de implemento) and their implements. */
export const BUILTIN_TRAILER_KINDS: Record<string, string[]> = {
  Semirremolque: [
    'Caja seca',
    'Refrigerado',
    'Tanque combustible',
    'Plataforma',
    'Tolva',
    'Portacontenedor',
  ],
  Acoplado: ['Caja seca', 'Tolva', 'Jaula', 'Tanque'],
  Bitren: ['Tolva', 'Tanque', 'Caja seca'],
};

/** Creates a user unless the username exists; returns true when created. */
export async function ensureUser(
  db: Kysely<Database>,
  user: {
    tenant: string;
    username: string;
    email: string;
    role: string;
    password: string;
    nombre?: string;
    apellido?: string;
  },
): Promise<boolean> {
  if (await findUserByUsername(db, user.username)) return false;
  const tenant = await ensureTenant(db, user.tenant);
  const role = await findRoleForTenant(db, tenant.id, user.role);
  if (!role) throw new Error(`unknown role "${user.role}"`);
  await insertUser(db, {
    tenantId: tenant.id,
    username: user.username,
    email: user.email,
    passwordHash: await hashPassword(user.password),
    roleId: role.id,
    nombre: user.nombre ?? '',
    apellido: user.apellido ?? '',
  });
  return true;
}

/** Built-in roles and trailer kinds: what every database needs before accounts exist. */
export async function seedBuiltins(db: Kysely<Database>): Promise<void> {
  for (const role of BUILTIN_ROLES) await upsertBuiltinRole(db, role);
  await seedTrailerKinds(db, BUILTIN_TRAILER_KINDS);
}

/**
 * First-start seed: built-in roles and the system administrator; with `demo`, the demo tenant
 * and its users. Idempotent. Returns the generated administrator password when one was made.
 */
export async function seed(
  db: Kysely<Database>,
  options: { adminPassword?: string | undefined; demo: boolean },
): Promise<{ generatedAdminPassword?: string }> {
  await seedBuiltins(db);
  const password = options.adminPassword ?? randomToken(12);
  const created = await ensureUser(db, {
    tenant: SYSTEM_TENANT,
    username: SYSTEM_ADMIN,
    email: 'admin@rumbo.local',
    role: 'admin',
    password,
    nombre: 'Administrador',
    apellido: 'Rumbo',
  });
  if (options.demo) {
    await ensureUser(db, {
      tenant: DEMO_TENANT,
      username: 'demouser',
      email: 'demo@transportes-demo.local',
      role: 'operator',
      password: 'demo1234',
      nombre: 'Demo',
      apellido: 'Operador',
    });
    await ensureUser(db, {
      tenant: DEMO_TENANT,
      username: 'demoadmin',
      email: 'admin@transportes-demo.local',
      role: 'admin',
      password: 'demo1234',
      nombre: 'Demo',
      apellido: 'Administrador',
    });
    await seedDemoDrivers(db, DEMO_TENANT);
  }
  return created && !options.adminPassword ? { generatedAdminPassword: password } : {};
}
