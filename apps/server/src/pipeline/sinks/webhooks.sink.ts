import { sql } from 'kysely';
import type { PlaceNamer } from './places.js';
import type { Sink } from './sink.js';
import { kindsOf, webhookEvents, type WebhookEvent } from './webhook-events.js';

/** Which tenants' endpoints take which event kinds, from memory (modules/webhooks). */
export interface WebhookSubscriptions {
  /** Whether the tenant has an enabled endpoint at all. */
  has(tenantId: number): boolean;
  /** Whether some enabled endpoint of the tenant takes this kind. */
  wants(tenantId: number, kind: string): boolean;
}

/** A fact's webhook events, with its tenant. */
export interface OutboxRow {
  tenantId: number;
  events: WebhookEvent[];
}

/**
 * The webhook outbox (issue 27 item 3, decision 0053): facts of the kinds a tenant's endpoints
 * subscribe to become outbox rows and one pending delivery per subscribed endpoint, written in
 * the batch's transaction with the facts themselves — a crash loses neither or both. A tenant
 * without endpoints costs a map lookup per fact (the subscriptions are in memory). A recompute
 * replays facts already told: the outbox's key (vehicle, kind, the fact's start) keeps them
 * from being told twice, and `deleteRange` deletes nothing (what was told stays told).
 */
export function webhooksSink(
  subscriptions: WebhookSubscriptions,
  name?: PlaceNamer,
): Sink<OutboxRow> {
  return {
    name: 'webhooks',
    kinds: ['event', 'trip', 'fault', 'route'],
    publishes: false,
    collect(tag, fact) {
      if (!subscriptions.has(tag.tenantId) || !kindsOf(fact)) return undefined;
      const events = webhookEvents(
        tag,
        fact,
        (kind) => subscriptions.wants(tag.tenantId, kind),
        name,
      );
      return events.length === 0 ? undefined : { tenantId: tag.tenantId, events };
    },
    covers: () => true,
    async write(trx, rows) {
      const byKey = new Map<
        string,
        { tenant_id: number; event_kind: string; dedup_key: string; payload: string }
      >();
      for (const row of rows)
        for (const event of row.events)
          byKey.set(`${row.tenantId}|${event.dedupKey}`, {
            tenant_id: row.tenantId,
            event_kind: event.kind,
            dedup_key: event.dedupKey,
            payload: JSON.stringify(event.data),
          });
      if (byKey.size === 0) return;
      // One statement: the new outbox rows (a fact told before is skipped) and their deliveries
      // to the tenant's enabled endpoints subscribed to the kind.
      await trx
        .with('told', (db) =>
          db
            .insertInto('webhook_outbox')
            .values([...byKey.values()])
            .onConflict((oc) => oc.columns(['tenant_id', 'dedup_key']).doNothing())
            .returning(['id', 'tenant_id', 'event_kind']),
        )
        .insertInto('webhook_deliveries')
        .columns(['endpoint_id', 'outbox_id'])
        .expression((eb) =>
          eb
            .selectFrom('told')
            .innerJoin('webhook_endpoints as e', 'e.tenant_id', 'told.tenant_id')
            .select(['e.id', 'told.id'])
            .where('e.enabled', '=', true)
            .where('e.paused_reason', 'is', null)
            .where(
              sql<boolean>`(told.event_kind = any(e.event_kinds) or (told.event_kind like 'alert.%' and 'alert.*' = any(e.event_kinds)))`,
            ),
        )
        .execute();
    },
    async deleteRange() {},
  };
}
