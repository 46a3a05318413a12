import type {
  WebhookCreate,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookUpdate,
} from '@rumbo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { randomToken } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { checkUrl, type AddressPolicy } from './address-guard.js';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  insertTestEvent,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  resumeEndpoint,
  updateEndpoint,
} from './webhooks.repository.js';
import { orNotFound } from '../../lib/not-found.js';

// Webhook endpoints (issue 27 item 3, decision 0053): an administrator's, per tenant.

export interface WebhooksDeps {
  db: Kysely<Database>;
  clock: { nowMs(): number };
  policy: AddressPolicy;
  /** Tells every pipeline node that the tenant's subscriptions changed. */
  onChanged: (tenantId: number) => void;
}

async function refuseUrl(policy: AddressPolicy, url: string): Promise<void> {
  const refusal = await checkUrl(url, policy);
  if (refusal) throw new DomainError('validation', {}, [{ path: 'body.url', message: refusal }]);
}

async function endpointOrThrow(deps: Pick<WebhooksDeps, 'db'>, tenantId: number, id: number) {
  const endpoint = orNotFound(await findEndpoint(deps.db, tenantId, id));
  return endpoint;
}

export function listWebhooks(
  deps: Pick<WebhooksDeps, 'db'>,
  tenantId: number,
): Promise<WebhookEndpoint[]> {
  return listEndpoints(deps.db, tenantId);
}

export async function createWebhook(
  deps: WebhooksDeps,
  tenantId: number,
  body: WebhookCreate,
): Promise<WebhookEndpointCreated> {
  await refuseUrl(deps.policy, body.url);
  const secret = `whsec_${randomToken(32)}`;
  const id = await insertEndpoint(deps.db, {
    tenantId,
    url: body.url,
    description: body.description,
    eventKinds: [...new Set(body.eventKinds)],
    secret,
  });
  deps.onChanged(tenantId);
  return { ...(await endpointOrThrow(deps, tenantId, id)), secret };
}

export async function updateWebhook(
  deps: WebhooksDeps,
  tenantId: number,
  id: number,
  body: WebhookUpdate,
): Promise<WebhookEndpoint> {
  if (body.url !== undefined) await refuseUrl(deps.policy, body.url);
  const found = await updateEndpoint(deps.db, tenantId, id, {
    ...body,
    ...(body.eventKinds ? { eventKinds: [...new Set(body.eventKinds)] } : {}),
  });
  if (!found) throw new DomainError('not_found');
  deps.onChanged(tenantId);
  return endpointOrThrow(deps, tenantId, id);
}

export async function deleteWebhook(
  deps: WebhooksDeps,
  tenantId: number,
  id: number,
): Promise<void> {
  if (!(await deleteEndpoint(deps.db, tenantId, id))) throw new DomainError('not_found');
  deps.onChanged(tenantId);
}

export async function resumeWebhook(deps: WebhooksDeps, tenantId: number, id: number) {
  if (!(await resumeEndpoint(deps.db, tenantId, id, new Date(deps.clock.nowMs()))))
    throw new DomainError('not_found');
  deps.onChanged(tenantId);
  return endpointOrThrow(deps, tenantId, id);
}

/** Queues a `test` event for the endpoint (delivered by the jobs role within a second or so). */
export async function testWebhook(deps: WebhooksDeps, tenantId: number, id: number) {
  await endpointOrThrow(deps, tenantId, id);
  await insertTestEvent(deps.db, tenantId, id, new Date(deps.clock.nowMs()));
  return endpointOrThrow(deps, tenantId, id);
}

export async function webhookDeliveries(
  deps: Pick<WebhooksDeps, 'db'>,
  tenantId: number,
  id: number,
  query: { page: number; size: number },
): Promise<WebhookDeliveryPage> {
  await endpointOrThrow(deps, tenantId, id);
  return listDeliveries(deps.db, id, query.page, query.size);
}

export async function resendWebhookDelivery(
  deps: WebhooksDeps,
  tenantId: number,
  id: number,
  deliveryId: number,
): Promise<void> {
  await endpointOrThrow(deps, tenantId, id);
  if (!(await resendDelivery(deps.db, id, deliveryId, new Date(deps.clock.nowMs()))))
    throw new DomainError('not_found');
}
