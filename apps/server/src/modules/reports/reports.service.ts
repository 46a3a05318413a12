import type { Kysely } from 'kysely';
import {
  interpolate,
  reportFilters,
  translations,
  type Language,
  type ReportRecipientChoices,
  type ReportSend,
  type ReportSubscription,
  type ReportSubscriptionBody,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import type { Principal } from '../../kernel/principal.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { userTimeZone } from '../users/index.js';
import { atOf, minuteOf, nextSlotAfter } from './report-slots.js';
import {
  allowedAddresses,
  deleteSubscription,
  findSubscription,
  insertSubscription,
  listSends,
  listSubscriptions,
  queueManualSend,
  setAllowedAddresses,
  tenantUsers,
  updateSubscription,
  type SubscriptionRow,
  type SubscriptionValues,
} from './reports.repository.js';
import { ruleOf } from './report-sender.js';
import { orNotFound } from '../../lib/not-found.js';

export interface ReportsDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());

function toSubscription(row: SubscriptionRow): ReportSubscription {
  return {
    id: row.id,
    report: row.report,
    filters: reportFilters.parse(row.filters),
    period: row.period,
    schedule: row.schedule,
    scheduleDay: row.schedule_day,
    at: atOf(row.at_minute),
    timeZone: row.time_zone,
    recipients: { users: row.recipient_user_ids, addresses: row.recipient_addresses },
    language: row.language,
    enabled: row.enabled,
    nextDueAt: ms(row.next_due_at),
    lastSentAt: ms(row.last_sent_at),
    lastStatus: row.last_status,
  };
}

function refuse(
  path: string,
  rule: string,
  lang: Language,
  params: Record<string, string> = {},
): never {
  const rules: Record<string, string> = translations[lang].validation.rule;
  throw new DomainError('validation', {}, [
    { path, message: interpolate(rules[rule] ?? rule, params) },
  ]);
}

/** Whom the tenant's subscriptions may name: its users with an address and allowed addresses. */
export async function recipientChoices(
  db: Kysely<Database>,
  tenantId: number,
): Promise<ReportRecipientChoices> {
  const [users, addresses] = await Promise.all([
    tenantUsers(db, tenantId),
    allowedAddresses(db, tenantId),
  ]);
  return {
    users: users.map((u) => ({
      id: u.id,
      name: `${u.nombre} ${u.apellido}`.trim() || u.username,
      email: u.email,
    })),
    addresses,
  };
}

/** The values to store, the recipients checked against the tenant's users and allow-list. */
async function valuesOf(
  deps: ReportsDeps,
  principal: Principal,
  body: ReportSubscriptionBody,
  lang: Language,
): Promise<SubscriptionValues> {
  const choices = await recipientChoices(deps.db, principal.tenantId);
  const userIds = new Set(choices.users.map((u) => u.id));
  const own = new Set([...choices.addresses, ...choices.users.map((u) => u.email.toLowerCase())]);
  if (body.recipients.users.some((id) => !userIds.has(id)))
    refuse('body.recipients.users', 'report_recipient_unknown_user', lang);
  const outsider = body.recipients.addresses.find((a) => !own.has(a));
  if (outsider !== undefined)
    refuse('body.recipients.addresses', 'report_recipient_not_allowed', lang, {
      address: outsider,
    });
  const timeZone = await userTimeZone(deps.db, principal);
  // A fixed offset (a number) is written as the Etc zone Intl knows.
  const zone = typeof timeZone === 'number' ? fixedZone(timeZone) : timeZone;
  const rule = {
    schedule: body.schedule,
    schedule_day: body.schedule === 'daily' ? null : body.scheduleDay,
    at_minute: minuteOf(body.at),
    time_zone: zone,
  };
  return {
    report: body.report,
    filters: body.filters,
    period: body.period,
    ...rule,
    recipient_user_ids: [...new Set(body.recipients.users)],
    recipient_addresses: [...new Set(body.recipients.addresses)],
    language: body.language,
    enabled: body.enabled,
    next_due_at: body.enabled ? new Date(nextSlotAfter(ruleOf(rule), deps.clock.nowMs())) : null,
  };
}

function fixedZone(hours: number): string {
  // Etc/GMT signs are inverted; a fractional offset falls back to UTC.
  if (!Number.isInteger(hours) || hours === 0) return 'UTC';
  return `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

async function owned(deps: ReportsDeps, principal: Principal, id: number) {
  const row = orNotFound(await findSubscription(deps.db, principal, id));
  return row;
}

export async function mySubscriptions(
  deps: ReportsDeps,
  principal: Principal,
): Promise<ReportSubscription[]> {
  return (await listSubscriptions(deps.db, principal.tenantId, principal.userId)).map(
    toSubscription,
  );
}

export async function createSubscription(
  deps: ReportsDeps,
  principal: Principal,
  body: ReportSubscriptionBody,
  lang: Language,
): Promise<ReportSubscription> {
  const id = await insertSubscription(
    deps.db,
    principal,
    await valuesOf(deps, principal, body, lang),
  );
  return toSubscription(await owned(deps, principal, id));
}

export async function editSubscription(
  deps: ReportsDeps,
  principal: Principal,
  id: number,
  body: ReportSubscriptionBody,
  lang: Language,
): Promise<ReportSubscription> {
  await owned(deps, principal, id);
  await updateSubscription(deps.db, principal, id, await valuesOf(deps, principal, body, lang));
  return toSubscription(await owned(deps, principal, id));
}

export async function removeSubscription(
  deps: ReportsDeps,
  principal: Principal,
  id: number,
): Promise<void> {
  if (!(await deleteSubscription(deps.db, principal, id))) throw new DomainError('not_found');
}

/** "Send now": a send of the period up to now, mailed by the jobs role's next pass. */
export async function sendNow(
  deps: ReportsDeps,
  principal: Principal,
  id: number,
): Promise<ReportSubscription> {
  await owned(deps, principal, id);
  await queueManualSend(deps.db, id, new Date(deps.clock.nowMs()));
  return toSubscription(await owned(deps, principal, id));
}

export async function sendLog(
  deps: ReportsDeps,
  principal: Principal,
  id: number,
): Promise<ReportSend[]> {
  await owned(deps, principal, id);
  return (await listSends(deps.db, id, 50)).map((row) => ({
    id: row.id,
    slotAt: new Date(row.slot_at).getTime(),
    status: row.status,
    manual: row.manual,
    attempts: row.attempts,
    error: row.error,
    sentAt: ms(row.sent_at),
  }));
}

export { allowedAddresses, setAllowedAddresses };
