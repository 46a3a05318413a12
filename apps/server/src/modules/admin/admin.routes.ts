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

const roleOption = z.object({ id: z.number(), name: z.string(), builtIn: z.boolean() });

/** `/api/rest/admin`: users and roles of the caller's tenant (views admin-users, admin-roles). */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    registerRefusalMessages(app);

    const usersView = { config: { view: 'admin-users' } } as const;
    app.get(
      '/admin/users',
      {
        ...usersView,
        schema: {
          tags: ['admin'],
          summary: 'Accounts of the tenant',
          response: { 200: z.array(adminUserSchema) },
        },
      },
      (request) => listUsers(deps, principalOf(request)),
    );
    app.get(
      '/admin/users/roles',
      {
        ...usersView,
        schema: {
          tags: ['admin'],
          summary: 'Roles an account can be given (for the users screen)',
          response: { 200: z.array(roleOption) },
        },
      },
      async (request) =>
        (await listRoles(deps, principalOf(request))).map(({ id, name, builtIn }) => ({
          id,
          name,
          builtIn,
        })),
    );
    app.post(
      '/admin/users',
      {
        ...usersView,
        schema: {
          tags: ['admin'],
          summary: 'Create an account with a password',
          body: adminUserCreate,
          response: { 200: adminUserSchema },
        },
      },
      (request) => createUser(deps, principalOf(request), request.body),
    );
    app.put(
      '/admin/users/:id',
      {
        ...usersView,
        schema: {
          tags: ['admin'],
          summary: 'Edit an account: role, status, optionally a new password',
          params: idParams,
          body: adminUserUpdate,
          response: { 200: adminUserSchema },
        },
      },
      (request) => editUser(deps, principalOf(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/users/:id',
      {
        ...usersView,
        schema: {
          tags: ['admin'],
          summary: 'Delete an account (its sessions end)',
          params: idParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeUser(deps, principalOf(request), request.params.id);
        return { ok: true };
      },
    );

    const rolesView = { config: { view: 'admin-roles' } } as const;
    app.get(
      '/admin/roles',
      {
        ...rolesView,
        schema: {
          tags: ['admin'],
          summary: 'Built-in roles and the tenant’s own',
          response: { 200: z.array(adminRoleSchema) },
        },
      },
      (request) => listRoles(deps, principalOf(request)),
    );
    app.post(
      '/admin/roles',
      {
        ...rolesView,
        schema: {
          tags: ['admin'],
          summary: 'Create a role: name, start view, allowed views',
          body: adminRoleInput,
          response: { 200: adminRoleSchema },
        },
      },
      (request) => createRole(deps, principalOf(request), request.body),
    );
    app.put(
      '/admin/roles/:id',
      {
        ...rolesView,
        schema: {
          tags: ['admin'],
          summary: 'Edit a role of the tenant',
          params: idParams,
          body: adminRoleInput,
          response: { 200: adminRoleSchema },
        },
      },
      (request) => editRole(deps, principalOf(request), request.params.id, request.body),
    );
    app.delete(
      '/admin/roles/:id',
      {
        ...rolesView,
        schema: {
          tags: ['admin'],
          summary: 'Delete a role no account has',
          params: idParams,
          response: { 200: okReply },
        },
      },
      async (request) => {
        await removeRole(deps, principalOf(request), request.params.id);
        return { ok: true };
      },
    );
  };
}
