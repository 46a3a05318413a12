import { sql, type Kysely } from 'kysely';
import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { deleteTenantRow, tenantRows } from '../../db/tenant-rows.js';

type Db = Kysely<Database>;

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

function endpointQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('webhook_endpoints as e')
    .where('e.tenant_id', '=', tenantId)
    .select((eb) => [
      'e.id',
      'e.url',
      'e.description',
      'e.event_kinds',
      'e.enabled',
      'e.paused_reason',
      'e.failing_since',
      'e.created_at',
      eb
        .selectFrom('webhook_deliveries as d')
        .select(sql<string>`count(*)`.as('n'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .where('d.status', '=', 'pending')
        .as('pending'),
      eb
        .selectFrom('webhook_deliveries as d')
        .select((d) => d.fn.max('d.delivered_at').as('at'))
        .whereRef('d.endpoint_id', '=', 'e.id')
        .as('last_delivered_at'),
    ]);
}
type EndpointRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof endpointQuery>['executeTakeFirst']>>
>;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventKinds: row.event_kinds,
    enabled: row.enabled,
    pausedReason: row.paused_reason,
    failingSince: iso(row.failing_since),
    createdAt: row.created_at.toISOString(),
    pending: Number(row.pending ?? 0),
    lastDeliveredAt: iso(row.last_delivered_at ? new Date(row.last_delivered_at) : null),
  };
}

const endpoints = tenantRows(endpointQuery, 'e.id', toEndpoint, (q) => q.orderBy('e.id'));
export const listEndpoints = endpoints.list;
export const findEndpoint = endpoints.find;

export async function insertEndpoint(
  db: Db,
  values: {
    tenantId: number;
    url: string;
    description: string;
    eventKinds: string[];
    secret: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      tenant_id: values.tenantId,
      url: values.url,
      description: values.description,
      event_kinds: values.eventKinds,
      secret: values.secret,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an endpoint; says whether it exists in the tenant. */
export async function updateEndpoint(
  db: Db,
  tenantId: number,
  endpointId: number,
  patch: { url?: string; description?: string; eventKinds?: string[]; enabled?: boolean },
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({
      ...(patch.url === undefined ? {} : { url: patch.url }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(patch.eventKinds === undefined ? {} : { event_kinds: patch.eventKinds }),
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled }),
      updated_at: new Date(),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteEndpoint(
  db: Db,
  tenantId: number,
  endpointId: number,
): Promise<boolean> {
  return deleteTenantRow(db, 'webhook_endpoints', tenantId, endpointId);
}

/** Runs a paused endpoint again: its waiting deliveries go out from the oldest. */
export async function resumeEndpoint(db: Db, tenantId: number, endpointId: number, now: Date) {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ paused_reason: null, failing_since: null, enabled: true, updated_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', endpointId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
  return true;
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  endpointId: number,
  page: number,
  size: number,
): Promise<WebhookDeliveryPage> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_outbox as o', 'o.id', 'd.outbox_id')
      .select([
        'd.id',
        'd.outbox_id',
        'o.event_kind',
        'o.created_at',
        'd.status',
        'd.attempts',
        'd.next_attempt_at',
        'd.last_status',
        'd.last_error',
        'd.last_attempt_at',
        'd.delivered_at',
      ])
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select(sql<string>`count(*)`.as('n'))
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirstOrThrow(),
  ]);
  const items: WebhookDelivery[] = rows.map((row) => ({
    id: Number(row.id),
    eventId: Number(row.outbox_id),
    eventKind: row.event_kind,
    eventAt: row.created_at.toISOString(),
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastAttemptAt: iso(row.last_attempt_at),
    deliveredAt: iso(row.delivered_at),
  }));
  return { items, total: Number(total.n) };
}

/** Sends a delivery again (any status): pending, due now. Says whether it is the endpoint's. */
export async function resendDelivery(
  db: Db,
  endpointId: number,
  deliveryId: number,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, delivered_at: null })
    .where('endpoint_id', '=', endpointId)
    .where('id', '=', deliveryId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A `test` event for one endpoint. */
export async function insertTestEvent(
  db: Db,
  tenantId: number,
  endpointId: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('webhook_outbox')
      .values({
        tenant_id: tenantId,
        event_kind: 'test',
        dedup_key: null,
        payload: JSON.stringify({ endpointId, message: 'A test event from Rumbo' }),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('webhook_deliveries')
      .values({ endpoint_id: endpointId, outbox_id: row.id, next_attempt_at: now })
      .execute();
  });
}

/** The kinds each tenant's enabled, unpaused endpoints take (the pipeline's in-memory copy). */
export async function subscribedKinds(db: Db): Promise<[tenantId: number, kinds: string[]][]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['tenant_id', 'event_kinds'])
    .where('enabled', '=', true)
    .where('paused_reason', 'is', null)
    .execute();
  return rows.map((row) => [row.tenant_id, row.event_kinds]);
}

// The delivery job's side.

/** An endpoint with deliveries waiting. */
export interface DueEndpoint {
  id: number;
  tenantId: number;
  url: string;
  secret: string;
  failingSince: Date | null;
}

/** Enabled, unpaused endpoints whose oldest waiting delivery is due. */
export async function dueEndpoints(db: Db, now: Date): Promise<DueEndpoint[]> {
  const rows = await db
    .selectFrom('webhook_endpoints as e')
    .select(['e.id', 'e.tenant_id', 'e.url', 'e.secret', 'e.failing_since'])
    .where('e.enabled', '=', true)
    .where('e.paused_reason', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('webhook_deliveries as d')
          .select('d.id')
          .whereRef('d.endpoint_id', '=', 'e.id')
          .where('d.status', '=', 'pending')
          .where('d.next_attempt_at', '<=', now),
      ),
    )
    .orderBy('e.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    url: row.url,
    secret: row.secret,
    failingSince: row.failing_since,
  }));
}

/** A delivery to attempt, with its event. */
export interface DueDelivery {
  id: number;
  outboxId: number;
  kind: string;
  payload: unknown;
  createdAt: Date;
  attempts: number;
  nextAttemptAt: Date;
}

/** An endpoint's oldest waiting deliveries, in event order (the order they are sent in). */
export async function waitingDeliveries(
  db: Db,
  endpointId: number,
  limit: number,
): Promise<DueDelivery[]> {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_outbox as o', 'o.id', 'd.outbox_id')
    .select([
      'd.id',
      'd.outbox_id',
      'o.event_kind',
      'o.payload',
      'o.created_at',
      'd.attempts',
      'd.next_attempt_at',
    ])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.status', '=', 'pending')
    .orderBy('d.outbox_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    outboxId: Number(row.outbox_id),
    kind: row.event_kind,
    payload: row.payload,
    createdAt: row.created_at,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
  }));
}

export async function markDelivered(
  db: Db,
  endpoint: DueEndpoint,
  delivery: DueDelivery,
  status: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'delivered',
      attempts: delivery.attempts + 1,
      last_status: status,
      last_error: null,
      last_attempt_at: now,
      delivered_at: now,
    })
    .where('id', '=', delivery.id)
    .execute();
  if (endpoint.failingSince) {
    await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: null })
      .where('id', '=', endpoint.id)
      .execute();
    endpoint.failingSince = null;
  }
}

/** Records a failed attempt: retried at `retryAt`, or failed for good when that is null. */
export async function markAttemptFailed(
  db: Db,
  endpoint: DueEndpoint,
  delivery: DueDelivery,
  result: { status: number | null; error: string | null },
  now: Date,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: retryAt ? 'pending' : 'failed',
      attempts: delivery.attempts + 1,
      next_attempt_at: retryAt ?? now,
      last_status: result.status,
      last_error: result.error?.slice(0, 500) ?? null,
      last_attempt_at: now,
    })
    .where('id', '=', delivery.id)
    .execute();
  if (!endpoint.failingSince) {
    await db
      .updateTable('webhook_endpoints')
      .set({ failing_since: now })
      .where('id', '=', endpoint.id)
      .where('failing_since', 'is', null)
      .execute();
    endpoint.failingSince = now;
  }
}

/** Pauses an endpoint; answers the e-mails of its tenant's administrators (view admin-users). */
export async function pauseEndpoint(
  db: Db,
  endpoint: DueEndpoint,
  reason: string,
  now: Date,
): Promise<{ email: string; lang: 'es' | 'en' }[]> {
  await db
    .updateTable('webhook_endpoints')
    .set({ paused_reason: reason, updated_at: now })
    .where('id', '=', endpoint.id)
    .execute();
  const admins = await db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select(['u.email', sql<string | null>`u.config->>'idioma'`.as('idioma')])
    .where('u.tenant_id', '=', endpoint.tenantId)
    .where(sql<boolean>`(r.views ->> 'admin-users') = 'true'`)
    .where('u.email', '<>', '')
    .where('u.disabled_at', 'is', null)
    .execute();
  return admins.map((row) => ({ email: row.email, lang: row.idioma === 'en' ? 'en' : 'es' }));
}

/** Deletes events older than `before` that nothing waits to deliver. */
export async function pruneOutbox(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('webhook_outbox as o')
    .where('o.created_at', '<', before)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('webhook_deliveries as d')
            .select('d.id')
            .whereRef('d.outbox_id', '=', 'o.id')
            .where('d.status', '=', 'pending'),
        ),
      ),
    )
    .execute();
}
