import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRoleInput,
  adminRoleSchema,
  adminUserCreate,
  adminUserSchema,
  adminUserUpdate,
  idParams,
  okReply,
} from '@rumbo/contracts';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import type { AdminDeps } from './admin-deps.js';
import { registerRefusalMessages } from './admin-refusal.js';
import { createRole, editRole, listRoles, removeRole } from './admin-roles.service.js';
import { createUser, editUser, listUsers, removeUser } from './admin-users.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('admin');

const roleOption = z.object({ id: z.number(), name: z.string(), builtIn: z.boolean() });

/** `/api/rest/admin`: users and roles of the caller's tenant (views admin-users, admin-roles). */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    registerRefusalMessages(app);

    const usersView = { config: { view: 'admin-users' } } as const;
    app.get(
      '/admin/users',
      route(usersView, 'Accounts of the tenant', z.array(adminUserSchema)),
      (request) => listUsers(deps, principalOf(request)),
    );
    app.get(
      '/admin/users/roles',
      route(usersView, 'Roles an account can be given (for the users screen)', z.array(roleOption)),
      async (request) =>
        (await listRoles(deps, principalOf(request))).map(({ id, name, builtIn }) => ({
          id,
          name,
          builtIn,
        })),
    );
    app.post(
      '/admin/users',
      route(usersView, 'Create an account with a password', adminUserSchema, {
        body: adminUserCreate,
      }),
      (request) => createUser(deps, principalOf(request), request.body),
    );
    app.put(
      '/admin/users/:id',
      route(
        usersView,
        'Edit an account: role, status, optionally a new password',
        adminUserSchema,
        { params: idParams, body: adminUserUpdate },
      ),
      (request) => editUser(deps, principalOf(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/users/:id',
      route(usersView, 'Delete an account (its sessions end)', okReply, { params: idParams }),
      async (request) => {
        await removeUser(deps, principalOf(request), request.params.id);
        return { ok: true };
      },
    );

    const rolesView = { config: { view: 'admin-roles' } } as const;
    app.get(
      '/admin/roles',
      route(rolesView, 'Built-in roles and the tenant’s own', z.array(adminRoleSchema)),
      (request) => listRoles(deps, principalOf(request)),
    );
    app.post(
      '/admin/roles',
      route(rolesView, 'Create a role: name, start view, allowed views', adminRoleSchema, {
        body: adminRoleInput,
      }),
      (request) => createRole(deps, principalOf(request), request.body),
    );
    app.put(
      '/admin/roles/:id',
      route(rolesView, 'Edit a role of the tenant', adminRoleSchema, {
        params: idParams,
        body: adminRoleInput,
      }),
      (request) => editRole(deps, principalOf(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/roles/:id',
      route(rolesView, 'Delete a role no account has', okReply, { params: idParams }),
      async (request) => {
        await removeRole(deps, principalOf(request), request.params.id);
        return { ok: true };
      },
    );
  };
}
