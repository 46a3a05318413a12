import {
  keepsAdminAccess,
  viewsFromMap,
  type AdminUser,
  type AdminUserCreate,
  type AdminUserUpdate,
} from '@rumbo/contracts';
import { DomainError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Principal } from '../../kernel/principal.js';
import { insertUser } from '../users/index.js';
import {
  deleteTenantUser,
  findTenantRole,
  findTenantUser,
  listTenantUsers,
  revokeSessionsExcept,
  updateTenantUser,
  usernameTaken,
  type AdminUserRow,
} from './admin.repository.js';
import type { AdminDeps } from './admin-deps.js';
import { checkActsOnUser, checkGrantable } from './admin-grants.js';
import { refuse } from './admin-refusal.js';
import { orNotFound } from '../../lib/not-found.js';

function toAdminUser(row: AdminUserRow, principal: Principal): AdminUser {
  return { ...row, isSelf: row.id === principal.userId };
}

/** Ends a user's sessions (all but the caller's own) and tells the sockets at once. */
async function endSessions(deps: AdminDeps, userId: number, principal: Principal): Promise<void> {
  const keep = userId === principal.userId ? principal.sessionId : null;
  const ids = await revokeSessionsExcept(deps.db, userId, keep, new Date(deps.clock.nowMs()));
  deps.principals?.evictUser(userId);
  if (ids.length > 0) deps.sessionEvents.revoked(ids);
}

async function checkRoleAndName(
  deps: AdminDeps,
  principal: Principal,
  input: { username: string; roleId: number },
  exceptId?: number,
) {
  const role = await findTenantRole(deps.db, principal.tenantId, input.roleId);
  if (!role) {
    throw new DomainError('validation', {}, [{ path: 'body.roleId', message: 'unknown role' }]);
  }
  checkGrantable(principal, viewsFromMap(role.views), 'body.roleId');
  if (await usernameTaken(deps.db, input.username, exceptId)) {
    refuse('username_taken', 'body.username');
  }
  return role;
}

/** Accounts of the caller's tenant. */
export async function listUsers(deps: AdminDeps, principal: Principal): Promise<AdminUser[]> {
  const rows = await listTenantUsers(deps.db, principal.tenantId);
  return rows.map((row) => toAdminUser(row, principal));
}

/** Creates an account in the caller's tenant with a password set by the administrator. */
export async function createUser(
  deps: AdminDeps,
  principal: Principal,
  input: AdminUserCreate,
): Promise<AdminUser> {
  await checkRoleAndName(deps, principal, input);
  const passwordHash = await hashPassword(input.password);
  const id = await deps.db.transaction().execute(async (trx) => {
    const newId = await insertUser(trx, {
      tenantId: principal.tenantId,
      username: input.username,
      email: input.email,
      passwordHash,
      roleId: input.roleId,
      nombre: input.nombre,
      apellido: input.apellido,
    });
    await updateTenantUser(
      trx,
      principal.tenantId,
      newId,
      { ...input, passwordHash: null },
      new Date(deps.clock.nowMs()),
    );
    return newId;
  });
  const created = await findTenantUser(deps.db, principal.tenantId, id);
  if (!created) throw new Error('user vanished after insert');
  return toAdminUser(created, principal);
}

/**
 * Edits an account of the caller's tenant. Disabling it or setting a new password ends its
 * sessions; an administrator can't disable themself or move to a role without user and role
 * administration.
 */
export async function editUser(
  deps: AdminDeps,
  principal: Principal,
  id: number,
  input: AdminUserUpdate,
): Promise<AdminUser> {
  const before = await findTenantUser(deps.db, principal.tenantId, id);
  await checkActsOnUser(deps.db, principal, before, 'params.id');
  if (!before) throw new DomainError('not_found');
  const role = await checkRoleAndName(deps, principal, input, id);
  const isSelf = id === principal.userId;
  if (isSelf && input.disabled) refuse('self_disable', 'body.disabled');
  if (isSelf && !keepsAdminAccess(viewsFromMap(role.views))) {
    refuse('self_admin_access', 'body.roleId');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  await updateTenantUser(
    deps.db,
    principal.tenantId,
    id,
    { ...input, passwordHash },
    new Date(deps.clock.nowMs()),
  );
  if ((input.disabled && !before.disabled) || passwordHash) {
    await endSessions(deps, id, principal);
  } else if (before.roleId !== input.roleId) {
    // Sessions stay; the new role's views apply on the next request.
    deps.principals?.evictUser(id);
  }
  const after = orNotFound(await findTenantUser(deps.db, principal.tenantId, id));
  return toAdminUser(after, principal);
}

/**
 * Deletes an account of the caller's tenant; its sessions end at once. Never one's own, and only
 * under the same rule as an edit (`checkActsOnUser`).
 */
export async function removeUser(deps: AdminDeps, principal: Principal, id: number): Promise<void> {
  if (id === principal.userId) refuse('self_delete', 'params.id');
  await checkActsOnUser(
    deps.db,
    principal,
    await findTenantUser(deps.db, principal.tenantId, id),
    'params.id',
  );
  await endSessions(deps, id, principal);
  if (!(await deleteTenantUser(deps.db, principal.tenantId, id))) {
    throw new DomainError('not_found');
  }
}
