import {
  keepsAdminAccess,
  viewsFromMap,
  viewsToMap,
  type AdminRole,
  type AdminRoleInput,
} from '@rumbo/contracts';
import type { Principal } from '../../kernel/principal.js';
import {
  deleteUnusedTenantRole,
  findTenantRole,
  insertTenantRole,
  listTenantRoles,
  roleNameTaken,
  updateTenantRole,
  userIdsWithRole,
  type TenantRole,
} from './admin.repository.js';
import type { AdminDeps } from './admin-deps.js';
import { checkGrantable } from './admin-grants.js';
import { refuse } from './admin-refusal.js';
import { orNotFound } from '../../lib/not-found.js';

function toAdminRole(role: TenantRole): AdminRole {
  return {
    id: role.id,
    name: role.name,
    startOn: role.startOn,
    views: viewsFromMap(role.views),
    builtIn: role.tenantId === null,
    userCount: role.userCount,
  };
}

/** Built-in roles (read-only) and the caller's tenant's own. */
export async function listRoles(deps: AdminDeps, principal: Principal): Promise<AdminRole[]> {
  return (await listTenantRoles(deps.db, principal.tenantId)).map(toAdminRole);
}

/** A tenant's own role, refusing built-in ones (shared by every tenant) and other tenants' (404). */
async function ownRole(deps: AdminDeps, principal: Principal, id: number): Promise<TenantRole> {
  const role = orNotFound(await findTenantRole(deps.db, principal.tenantId, id));
  if (role.tenantId === null) refuse('role_builtin', 'params.id', { name: role.name });
  return role;
}

/** Creates a role of the caller's tenant. */
export async function createRole(
  deps: AdminDeps,
  principal: Principal,
  input: AdminRoleInput,
): Promise<AdminRole> {
  checkGrantable(principal, input.views, 'body.views');
  if (await roleNameTaken(deps.db, principal.tenantId, input.name)) {
    refuse('role_name_taken', 'body.name');
  }
  const id = await insertTenantRole(deps.db, principal.tenantId, {
    name: input.name,
    startOn: input.startOn,
    views: viewsToMap(input.views),
  });
  const role = await findTenantRole(deps.db, principal.tenantId, id);
  if (!role) throw new Error('role vanished after insert');
  return toAdminRole(role);
}

/**
 * Edits a role of the caller's tenant; its users see the new views on their next request. The
 * caller can't take user and role administration away from their own role.
 */
export async function editRole(
  deps: AdminDeps,
  principal: Principal,
  id: number,
  input: AdminRoleInput,
): Promise<AdminRole> {
  const role = await ownRole(deps, principal, id);
  checkGrantable(principal, input.views, 'body.views');
  if (await roleNameTaken(deps.db, principal.tenantId, input.name, id)) {
    refuse('role_name_taken', 'body.name');
  }
  const holders = await userIdsWithRole(deps.db, principal.tenantId, id);
  if (holders.includes(principal.userId) && !keepsAdminAccess(input.views)) {
    refuse('self_admin_access', 'body.views');
  }
  await updateTenantRole(deps.db, principal.tenantId, role.id, {
    name: input.name,
    startOn: input.startOn,
    views: viewsToMap(input.views),
  });
  for (const userId of holders) deps.principals?.evictUser(userId);
  const after = orNotFound(await findTenantRole(deps.db, principal.tenantId, id));
  return toAdminRole(after);
}

/** Deletes a role of the caller's tenant that no account has. */
export async function removeRole(deps: AdminDeps, principal: Principal, id: number): Promise<void> {
  const role = await ownRole(deps, principal, id);
  if (role.userCount > 0 || !(await deleteUnusedTenantRole(deps.db, principal.tenantId, id))) {
    const current = orNotFound(await findTenantRole(deps.db, principal.tenantId, id));
    refuse('role_in_use', 'params.id', { count: current.userCount });
  }
}
