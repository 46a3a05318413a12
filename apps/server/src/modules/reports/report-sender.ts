import type { Kysely } from 'kysely';
import { reportFilters } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MailTransport } from '../mail/index.js';
import { buildReport } from './report-builders.js';
import { reportMail } from './report-mail.js';
import { nextSlotAfter, periodOf } from './report-slots.js';
import {
  allowedAddresses,
  claimPending,
  claimSlot,
  dueSubscriptions,
  markAttemptFailed,
  markSent,
  sendById,
  subscriptionById,
  tenantUsers,
  type SubscriptionRow,
} from './reports.repository.js';

/** A send is retried this many times in all, with backoff, then logged as failed. */
export const MAX_ATTEMPTS = 5;
/** A claimed send not finished within this is taken again (its process died). */
const CLAIM_MS = 10 * 60_000;
const BATCH = 20;

export interface ReportSenderDeps {
  db: Kysely<Database>;
  transport: MailTransport;
  from: string;
  clock: Clock;
  log: { warn(obj: object, msg?: string): void };
}

/** The rule of a stored subscription. */
export function ruleOf(
  row: Pick<SubscriptionRow, 'schedule' | 'schedule_day' | 'at_minute' | 'time_zone'>,
) {
  return {
    schedule: row.schedule,
    scheduleDay: row.schedule_day,
    atMinute: row.at_minute,
    timeZone: row.time_zone,
  };
}

/** Backoff after the n-th failed attempt: 1, 2, 4, 8 minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

/** The addresses of a send: the chosen users' (still of the tenant) and the still-allowed ones. */
async function recipientsOf(db: Kysely<Database>, sub: SubscriptionRow): Promise<string[]> {
  const [users, allowed] = await Promise.all([
    tenantUsers(db, sub.tenant_id),
    allowedAddresses(db, sub.tenant_id),
  ]);
  const byId = new Map(users.map((u) => [u.id, u.email.toLowerCase()]));
  const own = new Set(users.map((u) => u.email.toLowerCase()));
  const ok = new Set(allowed);
  const addresses = [
    ...sub.recipient_user_ids.flatMap((id) => byId.get(id) ?? []),
    ...sub.recipient_addresses.filter((a) => ok.has(a) || own.has(a)),
  ];
  return [...new Set(addresses)];
}

/** Builds and mails one claimed send; logs the outcome. */
async function deliver(deps: ReportSenderDeps, sendId: number): Promise<boolean> {
  const send = await sendById(deps.db, sendId);
  if (!send) return false;
  const sub = await subscriptionById(deps.db, send.subscription_id);
  if (!sub) return false;
  const slotMs = new Date(send.slot_at).getTime();
  try {
    const to = await recipientsOf(deps.db, sub);
    if (to.length === 0) throw new Error('no recipient left');
    const window = periodOf(sub.period, sub.time_zone, slotMs);
    const filters = reportFilters.parse(sub.filters);
    const report = await buildReport(
      sub.report,
      { db: deps.db, tenantId: sub.tenant_id, filters, lang: sub.language },
      window,
    );
    const mail = await reportMail({
      id: `report-${send.id}`,
      to: to.join(', '),
      kind: sub.report,
      period: sub.period,
      window,
      timeZone: sub.time_zone,
      lang: sub.language,
      report,
    });
    await deps.transport.send(mail, deps.from);
    await markSent(deps.db, { id: send.id, subscriptionId: sub.id }, new Date(deps.clock.nowMs()));
    return true;
  } catch (error) {
    deps.log.warn({ err: error, subscription: sub.id, send: send.id }, 'report send failed');
    const attempts = send.attempts + 1;
    const retryAt =
      attempts >= MAX_ATTEMPTS ? null : new Date(deps.clock.nowMs() + retryDelayMs(attempts));
    await markAttemptFailed(deps.db, send.id, String(error), retryAt);
    return false;
  }
}

/**
 * One pass of the jobs role: claims the slots now due (each once in the cluster, by its send
 * row) and the sends to try again, and mails them. Answers how many were sent.
 */
export async function reportsPass(deps: ReportSenderDeps): Promise<number> {
  const nowMs = deps.clock.nowMs();
  const claimedUntil = new Date(nowMs + CLAIM_MS);
  const claimed: number[] = [];
  for (const due of await dueSubscriptions(deps.db, new Date(nowMs), BATCH)) {
    const sub = await subscriptionById(deps.db, due.id);
    if (!sub || !due.next_due_at) continue;
    const slotAt = new Date(due.next_due_at);
    // Slots missed while no jobs process ran are not sent one by one: the next is after now.
    const nextDueAt = new Date(nextSlotAfter(ruleOf(sub), Math.max(slotAt.getTime(), nowMs)));
    const id = await claimSlot(deps.db, {
      subscriptionId: sub.id,
      slotAt,
      nextDueAt,
      claimedUntil,
    });
    if (id !== null) claimed.push(id);
  }
  claimed.push(...(await claimPending(deps.db, new Date(nowMs), claimedUntil, BATCH)));
  let sent = 0;
  for (const id of claimed) if (await deliver(deps, id)) sent += 1;
  return sent;
}
