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

const tags = ['webhooks'];

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
      {
        ...admin,
        schema: {
          tags,
          summary: "The tenant's webhook endpoints (never their secrets)",
          response: { 200: z.array(webhookEndpointSchema) },
        },
      },
      (request) => listWebhooks(deps, tenant(request)),
    );
    app.post(
      '/webhooks',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Register an endpoint: the answer carries its signing secret, shown this once',
          body: webhookCreate,
          response: { 200: webhookEndpointCreated },
        },
      },
      (request) => createWebhook(deps, tenant(request), request.body),
    );
    app.put(
      '/webhooks/:endpointId',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Change an endpoint (URL, kinds, on/off)',
          params: webhookEndpointParams,
          body: webhookUpdate,
          response: { 200: webhookEndpointSchema },
        },
      },
      (request) => updateWebhook(deps, tenant(request), request.params.endpointId, request.body),
    );
    app.delete(
      '/webhooks/:endpointId',
      {
        ...admin,
        schema: {
          tags,
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
      {
        ...admin,
        schema: {
          tags,
          summary: 'Send a `test` event to the endpoint',
          params: webhookEndpointParams,
          response: { 200: webhookEndpointSchema },
        },
      },
      (request) => testWebhook(deps, tenant(request), request.params.endpointId),
    );
    app.post(
      '/webhooks/:endpointId/resume',
      {
        ...admin,
        schema: {
          tags,
          summary: 'Resume a paused endpoint: what waited goes out, oldest first',
          params: webhookEndpointParams,
          response: { 200: webhookEndpointSchema },
        },
      },
      (request) => resumeWebhook(deps, tenant(request), request.params.endpointId),
    );
    app.get(
      '/webhooks/:endpointId/deliveries',
      {
        ...admin,
        schema: {
          tags,
          summary: "The endpoint's deliveries, newest first",
          params: webhookEndpointParams,
          querystring: webhookDeliveryQuery,
          response: { 200: webhookDeliveryPage },
        },
      },
      (request) =>
        webhookDeliveries(deps, tenant(request), request.params.endpointId, request.query),
    );
    app.post(
      '/webhooks/:endpointId/deliveries/:deliveryId/resend',
      {
        ...admin,
        schema: {
          tags,
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
