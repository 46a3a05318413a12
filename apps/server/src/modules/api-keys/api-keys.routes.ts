import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCreate, apiKeyCreated, apiKeyIdParams, apiKeySchema } from '@rumbo/contracts';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeysDeps } from './api-keys.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('api-keys');

/**
 * `/api/v2/api-keys` (issue 27): the tenant's API keys, for administrators (view `admin-users`).
 * A key is shown once, when created; a revoked key is refused from the next request.
 */
export function apiKeyRoutes(deps: Pick<ApiKeysDeps, 'db' | 'clock'>): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { config: { view: 'admin-users' } } as const;
    app.get(
      '/api-keys',
      route(admin, "The tenant's API keys (never their secrets)", z.array(apiKeySchema)),
      (request) => listApiKeys(deps, principalOf(request).tenantId),
    );
    app.post(
      '/api-keys',
      route(admin, 'Create a key: the answer carries its secret, shown this once', apiKeyCreated, {
        body: apiKeyCreate,
      }),
      (request) => createApiKey(deps, principalOf(request), request.body),
    );
    app.delete(
      '/api-keys/:keyId',
      route(admin, 'Revoke a key: refused from the next request on', apiKeySchema, {
        params: apiKeyIdParams,
      }),
      (request) => revokeApiKey(deps, principalOf(request).tenantId, request.params.keyId),
    );
  };
}
