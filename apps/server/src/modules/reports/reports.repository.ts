import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ReportSendStatus } from '@rumbo/contracts';
import type { Database, ReportSubscriptionsTable } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
export type SubscriptionRow = Selectable<ReportSubscriptionsTable> & {
  last_status: ReportSendStatus | null;
};
export type SubscriptionValues = Omit<
  Selectable<ReportSubscriptionsTable>,
  'id' | 'tenant_id' | 'user_id' | 'created_at' | 'last_sent_at' | 'filters'
> & { filters: unknown };

function subscriptionQuery(db: Db) {
  return db
    .selectFrom('report_subscriptions as s')
    .selectAll('s')
    .select((eb) =>
      eb
        .selectFrom('report_sends as r')
        .select('r.status')
        .whereRef('r.subscription_id', '=', 's.id')
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('last_status'),
    );
}

/** A user's own subscriptions, oldest first. */
export async function listSubscriptions(
  db: Db,
  tenantId: number,
  userId: number,
): Promise<SubscriptionRow[]> {
  return subscriptionQuery(db)
    .where('s.tenant_id', '=', tenantId)
    .where('s.user_id', '=', userId)
    .orderBy('s.id')
    .execute();
}

/** One subscription of its owner (another user's or tenant's: undefined). */
export async function findSubscription(
  db: Db,
  owner: { tenantId: number; userId: number },
  id: number,
): Promise<SubscriptionRow | undefined> {
  return subscriptionQuery(db)
    .where('s.tenant_id', '=', owner.tenantId)
    .where('s.user_id', '=', owner.userId)
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** A subscription by id alone (the jobs role). */
export async function subscriptionById(db: Db, id: number): Promise<SubscriptionRow | undefined> {
  return subscriptionQuery(db).where('s.id', '=', id).executeTakeFirst();
}

function toColumns(values: SubscriptionValues) {
  return { ...values, filters: JSON.stringify(values.filters) };
}

export async function insertSubscription(
  db: Db,
  owner: { tenantId: number; userId: number },
  values: SubscriptionValues,
): Promise<number> {
  const row = await db
    .insertInto('report_subscriptions')
    .values({ tenant_id: owner.tenantId, user_id: owner.userId, ...toColumns(values) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSubscription(
  db: Db,
  owner: { tenantId: number; userId: number },
  id: number,
  values: SubscriptionValues,
): Promise<boolean> {
  const result = await db
    .updateTable('report_subscriptions')
    .set(toColumns(values))
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteSubscription(
  db: Db,
  owner: { tenantId: number; userId: number },
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('report_subscriptions')
    .where('tenant_id', '=', owner.tenantId)
    .where('user_id', '=', owner.userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A subscription's sends, newest first. */
export async function listSends(db: Db, subscriptionId: number, limit: number) {
  return db
    .selectFrom('report_sends')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('slot_at', 'desc')
    .limit(limit)
    .execute();
}

/** The tenant's enabled users with an address (the recipients a subscription may name). */
export async function tenantUsers(db: Db, tenantId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nombre', 'apellido', 'username', 'email'])
    .where('tenant_id', '=', tenantId)
    .where('disabled_at', 'is', null)
    .where('email', '<>', '')
    .orderBy('username')
    .execute();
}

export async function allowedAddresses(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('report_allowed_addresses')
    .select('address')
    .where('tenant_id', '=', tenantId)
    .orderBy('address')
    .execute();
  return rows.map((row) => row.address);
}

/** Replaces the tenant's allow-list. */
export async function setAllowedAddresses(
  db: Kysely<Database>,
  tenantId: number,
  addresses: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('report_allowed_addresses').where('tenant_id', '=', tenantId).execute();
    const unique = [...new Set(addresses)];
    if (unique.length)
      await tx
        .insertInto('report_allowed_addresses')
        .values(unique.map((address) => ({ tenant_id: tenantId, address })))
        .execute();
  });
}

/** Enabled subscriptions whose slot is due. */
export async function dueSubscriptions(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('report_subscriptions')
    .select(['id', 'next_due_at'])
    .where('enabled', '=', true)
    .where('next_due_at', '<=', now)
    .orderBy('next_due_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a slot: its send row is inserted (the UNIQUE (subscription, slot) lets one process
 * win) and the subscription moves on to `nextDueAt`, in one transaction. Answers the send's id
 * when this process won, null when another had it.
 */
export async function claimSlot(
  db: Kysely<Database>,
  slot: { subscriptionId: number; slotAt: Date; nextDueAt: Date | null; claimedUntil: Date },
): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('report_sends')
      .values({
        subscription_id: slot.subscriptionId,
        slot_at: slot.slotAt,
        status: 'sending',
        claimed_until: slot.claimedUntil,
      })
      .onConflict((oc) => oc.columns(['subscription_id', 'slot_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    await tx
      .updateTable('report_subscriptions')
      .set({ next_due_at: slot.nextDueAt })
      .where('id', '=', slot.subscriptionId)
      .where('next_due_at', '=', slot.slotAt)
      .execute();
    return row?.id ?? null;
  });
}

/** Queues a manual send ("send now"), picked up by the jobs role's next pass. */
export async function queueManualSend(db: Db, subscriptionId: number, now: Date): Promise<void> {
  await db
    .insertInto('report_sends')
    .values({
      subscription_id: subscriptionId,
      slot_at: now,
      status: 'retry',
      manual: true,
      next_attempt_at: now,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'slot_at']).doNothing())
    .execute();
}

/**
 * Claims sends to try again: failed ones whose backoff ran out, and ones a process claimed and
 * never finished (it died). The UPDATE's condition makes one process win each row.
 */
export async function claimPending(
  db: Db,
  now: Date,
  claimedUntil: Date,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .updateTable('report_sends')
    .set({ status: 'sending', claimed_until: claimedUntil })
    .where(
      'id',
      'in',
      db
        .selectFrom('report_sends')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'retry'), eb('next_attempt_at', '<=', now)]),
            eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
          ]),
        )
        .orderBy('id')
        .limit(limit),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'retry'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)]),
      ]),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function sendById(db: Db, id: number) {
  return db.selectFrom('report_sends').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A send delivered: logged, and the subscription's last sent moves. */
export async function markSent(
  db: Kysely<Database>,
  send: { id: number; subscriptionId: number },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('report_sends')
      .set((eb) => ({
        status: 'sent',
        sent_at: now,
        error: null,
        claimed_until: null,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', send.id)
      .execute();
    await tx
      .updateTable('report_subscriptions')
      .set({ last_sent_at: now })
      .where('id', '=', send.subscriptionId)
      .execute();
  });
}

/** A failed attempt: again at `retryAt`, or failed for good (null). */
export async function markAttemptFailed(
  db: Db,
  id: number,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .updateTable('report_sends')
    .set((eb) => ({
      status: retryAt ? 'retry' : 'failed',
      error: error.slice(0, 500),
      next_attempt_at: retryAt,
      claimed_until: null,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}
