import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCreate, apiKeyCreated, apiKeyIdParams, apiKeySchema } from '@rumbo/contracts';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKeysDeps } from './api-keys.service.js';

/**
 * `/api/v2/api-keys` (issue 27): the tenant's API keys, for administrators (view `admin-users`).
 * A key is shown once, when created; a revoked key is refused from the next request.
 */
export function apiKeyRoutes(deps: Pick<ApiKeysDeps, 'db' | 'clock'>): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { config: { view: 'admin-users' } } as const;
    app.get(
      '/api-keys',
      {
        ...admin,
        schema: {
          tags: ['api-keys'],
          summary: "The tenant's API keys (never their secrets)",
          response: { 200: z.array(apiKeySchema) },
        },
      },
      (request) => listApiKeys(deps, principalOf(request).tenantId),
    );
    app.post(
      '/api-keys',
      {
        ...admin,
        schema: {
          tags: ['api-keys'],
          summary: 'Create a key: the answer carries its secret, shown this once',
          body: apiKeyCreate,
          response: { 200: apiKeyCreated },
        },
      },
      (request) => createApiKey(deps, principalOf(request), request.body),
    );
    app.delete(
      '/api-keys/:keyId',
      {
        ...admin,
        schema: {
          tags: ['api-keys'],
          summary: 'Revoke a key: refused from the next request on',
          params: apiKeyIdParams,
          response: { 200: apiKeySchema },
        },
      },
      (request) => revokeApiKey(deps, principalOf(request).tenantId, request.params.keyId),
    );
  };
}
