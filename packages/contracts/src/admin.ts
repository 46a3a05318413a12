import { z } from 'zod';
import { MIN_CREDENTIAL_LENGTH } from './auth.js';
import { id, text } from './fields.js';
import { VIEW_NAMES, type ViewName } from './views.js';

/** Views an account needs to keep administering users and roles (an admin can't drop them). */
export const ADMIN_ACCESS_VIEWS: readonly ViewName[] = ['admin-users', 'admin-roles'];

/** Usernames: sign-in minimum length, no white space, letters, digits, `.`, `_`, `-`, `@`. */
export const adminUsername = text()
  .trim()
  .min(MIN_CREDENTIAL_LENGTH)
  .max(60)
  .regex(/^[\w.@-]+$/u, 'username_format');

/** A password an administrator sets: sign-in minimum length, no white space. */
export const adminPassword = text()
  .min(MIN_CREDENTIAL_LENGTH)
  .max(256)
  .regex(/^\S+$/, 'no_whitespace');

const userFields = {
  username: adminUsername,
  email: z.string().trim().pipe(z.email().max(254)),
  nombre: text().trim().min(1).max(100),
  apellido: text().trim().max(100).default(''),
  telefono: text().trim().max(40).default(''),
  roleId: id(),
  disabled: z.boolean().default(false),
};

/** `POST /rest/admin/users`: a new account of the caller's tenant. */
export const adminUserCreate = z.strictObject({ ...userFields, password: adminPassword });
export type AdminUserCreate = z.infer<typeof adminUserCreate>;

/** `PUT /rest/admin/users/:id`: `password` null or absent keeps the current one. */
export const adminUserUpdate = z.strictObject({
  ...userFields,
  password: adminPassword.nullable().default(null),
});
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

/** An account as administration lists it. */
export const adminUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  telefono: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  disabled: z.boolean(),
  /** ISO time of the last sign-in, null when never. */
  lastSignInAt: z.string().nullable(),
  /** The caller's own account (its role and status can't be taken away here). */
  isSelf: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `POST /rest/admin/roles` and `PUT /rest/admin/roles/:id`. */
export const adminRoleInput = z
  .strictObject({
    name: text().trim().min(1).max(60),
    startOn: z.enum(VIEW_NAMES),
    views: z
      .array(z.enum(VIEW_NAMES))
      .min(1)
      .max(VIEW_NAMES.length)
      .transform((views) => [...new Set(views)]),
  })
  .refine((role) => role.views.includes(role.startOn), {
    message: 'start_view',
    path: ['startOn'],
  });
export type AdminRoleInput = z.infer<typeof adminRoleInput>;

/** A role as administration lists it; built-in roles are shared by every tenant, read-only. */
export const adminRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  startOn: z.string(),
  views: z.array(z.string()),
  builtIn: z.boolean(),
  /** Accounts of the caller's tenant with this role. */
  userCount: z.number(),
});
export type AdminRole = z.infer<typeof adminRoleSchema>;

/** Reasons administration refuses a change (409), each with a message in `admin.error`. */
export const ADMIN_REFUSALS = [
  'username_taken',
  'role_name_taken',
  'role_in_use',
  'role_builtin',
  'self_delete',
  'self_disable',
  'self_admin_access',
  'views_beyond_own',
  'account_beyond_own',
] as const;
export type AdminRefusal = (typeof ADMIN_REFUSALS)[number];

/** Turns a views list into the role's views map (spec §6: truthy entries are allowed). */
export function viewsToMap(views: readonly string[]): Record<string, boolean> {
  return Object.fromEntries(views.map((view) => [view, true]));
}

/** The allowed views of a views map, in menu order. */
export function viewsFromMap(map: Record<string, unknown>): ViewName[] {
  return VIEW_NAMES.filter((view) => Boolean(map[view]));
}

/** Views of `views` the caller's own views map does not allow (one can't grant those). */
export function viewsBeyond(views: readonly string[], own: Record<string, unknown>): string[] {
  return views.filter((view) => !own[view]);
}

/** True when a views list keeps user and role administration. */
export function keepsAdminAccess(views: readonly string[]): boolean {
  return ADMIN_ACCESS_VIEWS.every((view) => views.includes(view));
}
