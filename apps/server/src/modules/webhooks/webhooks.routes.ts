import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  webhookCreate,
  webhookDeliveryPage,
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookEndpointCreated,
  webhookEndpointParams,
  webhookEndpointSchema,
  webhookUpdate,
} from '@rumbo/contracts';
import { z } from 'zod';
import { principalOf } from '../../kernel/request-context.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  resendWebhookDelivery,
  resumeWebhook,
  testWebhook,
  updateWebhook,
  webhookDeliveries,
  type WebhooksDeps,
} from './webhooks.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('webhooks');

/**
 * `/api/v2/webhooks` (issue 27): the tenant's webhook endpoints, for administrators (view
 * `admin-users`); never for API keys (api-keys.service.ts refuses the path). The requests Rumbo
 * posts are described in the README, "Webhooks", and under `x-webhooks` of this document.
 */
export function webhookRoutes(deps: WebhooksDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { config: { view: 'admin-users' } } as const;
    const tenant = (request: Parameters<typeof principalOf>[0]) => principalOf(request).tenantId;
    app.get(
      '/webhooks',
      route(
        admin,
        "The tenant's webhook endpoints (never their secrets)",
        z.array(webhookEndpointSchema),
      ),
      (request) => listWebhooks(deps, tenant(request)),
    );
    app.post(
      '/webhooks',
      route(
        admin,
        'Register an endpoint: the answer carries its signing secret, shown this once',
        webhookEndpointCreated,
        { body: webhookCreate },
      ),
      (request) => createWebhook(deps, tenant(request), request.body),
    );
    app.put(
      '/webhooks/:endpointId',
      route(admin, 'Change an endpoint (URL, kinds, on/off)', webhookEndpointSchema, {
        params: webhookEndpointParams,
        body: webhookUpdate,
      }),
      (request) => updateWebhook(deps, tenant(request), request.params.endpointId, request.body),
    );
    app.delete(
      '/webhooks/:endpointId',
      {
        ...admin,
        schema: {
          tags: ['webhooks'],
          summary: 'Delete an endpoint and its delivery log',
          params: webhookEndpointParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deleteWebhook(deps, tenant(request), request.params.endpointId);
        return reply.status(204).send(null);
      },
    );
    app.post(
      '/webhooks/:endpointId/test',
      route(admin, 'Send a `test` event to the endpoint', webhookEndpointSchema, {
        params: webhookEndpointParams,
      }),
      (request) => testWebhook(deps, tenant(request), request.params.endpointId),
    );
    app.post(
      '/webhooks/:endpointId/resume',
      route(
        admin,
        'Resume a paused endpoint: what waited goes out, oldest first',
        webhookEndpointSchema,
        { params: webhookEndpointParams },
      ),
      (request) => resumeWebhook(deps, tenant(request), request.params.endpointId),
    );
    app.get(
      '/webhooks/:endpointId/deliveries',
      route(admin, "The endpoint's deliveries, newest first", webhookDeliveryPage, {
        params: webhookEndpointParams,
        querystring: webhookDeliveryQuery,
      }),
      (request) =>
        webhookDeliveries(deps, tenant(request), request.params.endpointId, request.query),
    );
    app.post(
      '/webhooks/:endpointId/deliveries/:deliveryId/resend',
      {
        ...admin,
        schema: {
          tags: ['webhooks'],
          summary: 'Send a delivery again',
          params: webhookDeliveryParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await resendWebhookDelivery(
          deps,
          tenant(request),
          request.params.endpointId,
          request.params.deliveryId,
        );
        return reply.status(204).send(null);
      },
    );
  };
}
