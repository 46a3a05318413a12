import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueMail } from '../mail/index.js';
import type { AddressPolicy } from './address-guard.js';
import { postWebhook, type PostResult } from './post.js';
import { signWebhook } from './signature.js';
import {
  dueEndpoints,
  markAttemptFailed,
  markDelivered,
  pauseEndpoint,
  pruneOutbox,
  waitingDeliveries,
  type DueDelivery,
  type DueEndpoint,
} from './webhooks.repository.js';

// Webhook delivery (issue 27 item 3, decision 0053): at least once, in event order per endpoint.
// An endpoint's oldest waiting delivery goes first; while it fails, the later ones wait behind it
// (retried with exponential backoff until 24 h after the event, then given up). An endpoint
// failing for 24 h is paused and its tenant's administrators are mailed.

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
const MAX_DELAY_MS = 60 * 60 * 1000;

export interface DeliveryDeps {
  db: Kysely<Database>;
  clock: { nowMs(): number };
  policy: AddressPolicy;
  /** Per request, the whole of it (default 10 s). */
  timeoutMs?: number;
  /** The first retry's delay; each next one doubles, up to an hour (default 10 s). */
  retryBaseMs?: number;
  /** Deliveries per endpoint per pass (default 200). */
  perPass?: number;
  /** Tells the pipeline nodes that the tenant's subscriptions changed (an endpoint paused). */
  onPaused?: (tenantId: number) => void;
  post?: typeof postWebhook;
}

/** The body posted for an event. */
export function webhookBody(
  delivery: Pick<DueDelivery, 'outboxId' | 'kind' | 'createdAt' | 'payload'>,
): string {
  return JSON.stringify({
    id: delivery.outboxId,
    type: delivery.kind,
    createdAt: delivery.createdAt.toISOString(),
    data: delivery.payload,
  });
}

/** The delay before attempt `attempts + 1` (after `attempts` failures). */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

async function attempt(
  deps: DeliveryDeps,
  endpoint: DueEndpoint,
  delivery: DueDelivery,
): Promise<PostResult> {
  const body = webhookBody(delivery);
  const unixS = Math.floor(deps.clock.nowMs() / 1000);
  return (deps.post ?? postWebhook)(
    endpoint.url,
    body,
    {
      'rumbo-signature': signWebhook(endpoint.secret, body, unixS),
      'rumbo-event-id': String(delivery.outboxId),
      'rumbo-event': delivery.kind,
    },
    deps.policy,
    deps.timeoutMs ?? 10_000,
  );
}

async function pause(deps: DeliveryDeps, endpoint: DueEndpoint, now: Date): Promise<void> {
  const admins = await pauseEndpoint(deps.db, endpoint, 'failing', now);
  for (const { email, lang } of admins)
    await enqueueMail(deps.db, {
      tenantId: endpoint.tenantId,
      to: email,
      ...pauseMail(endpoint.url, lang),
    });
  deps.onPaused?.(endpoint.tenantId);
}

/** The mail that tells an administrator, in their language, that an endpoint was paused. */
export function pauseMail(url: string, lang: 'es' | 'en'): { subject: string; text: string } {
  return lang === 'en'
    ? {
        subject: 'Rumbo: webhook paused',
        text: [
          `Rumbo paused the webhook endpoint ${url}: its deliveries failed for 24 hours.`,
          'Fix the receiver, then resume it in Administration > Users > Webhooks: what waited is sent then.',
        ].join('\n'),
      }
    : {
        subject: 'Rumbo: webhook pausado',
        text: [
          `Rumbo pausó el webhook ${url}: sus entregas fallaron durante 24 horas.`,
          'Corrija el receptor y reanúdelo en Administración > Usuarios > Webhooks: lo pendiente se enviará entonces.',
        ].join('\n'),
      };
}

/**
 * Whether an endpoint failing since `failingSince` has failed for a day: 24 h have passed, or a
 * delivery is given up (its 24 h are over) while the endpoint failed all along since its event
 * (within the longest backoff of it). With a single event, the last attempt before giving up
 * comes a little under 24 h after the first failure: the first rule alone would never pause.
 */
export function failedForADay(
  failingSince: Date | null,
  now: Date,
  givenUp?: Pick<DueDelivery, 'createdAt'>,
): boolean {
  if (!failingSince) return false;
  if (now.getTime() - failingSince.getTime() >= DAY_MS) return true;
  return (
    givenUp !== undefined && failingSince.getTime() - givenUp.createdAt.getTime() <= MAX_DELAY_MS
  );
}

/** One endpoint's due deliveries, oldest first, until one fails; answers how many were delivered. */
async function deliverEndpoint(deps: DeliveryDeps, endpoint: DueEndpoint): Promise<number> {
  const waiting = await waitingDeliveries(deps.db, endpoint.id, deps.perPass ?? 200);
  let delivered = 0;
  for (const delivery of waiting) {
    if (delivery.nextAttemptAt.getTime() > deps.clock.nowMs()) break;
    const result = await attempt(deps, endpoint, delivery);
    const now = new Date(deps.clock.nowMs());
    if (result.error === null && result.status !== null) {
      await markDelivered(deps.db, endpoint, delivery, result.status, now);
      delivered += 1;
      continue;
    }
    const retryAt = new Date(
      now.getTime() + retryDelayMs(delivery.attempts + 1, deps.retryBaseMs ?? 10_000),
    );
    const giveUp = retryAt.getTime() - delivery.createdAt.getTime() > DAY_MS;
    await markAttemptFailed(deps.db, endpoint, delivery, result, now, giveUp ? null : retryAt);
    if (failedForADay(endpoint.failingSince, now, giveUp ? delivery : undefined))
      await pause(deps, endpoint, now);
    break;
  }
  return delivered;
}

/** A pass over every endpoint with due deliveries, endpoints in parallel; answers deliveries made. */
export async function deliverWebhooks(deps: DeliveryDeps): Promise<number> {
  const endpoints = await dueEndpoints(deps.db, new Date(deps.clock.nowMs()));
  const counts = await Promise.all(endpoints.map((endpoint) => deliverEndpoint(deps, endpoint)));
  return counts.reduce((a, b) => a + b, 0);
}

/** Deletes events older than 30 days that nothing waits to deliver. */
export function pruneWebhookOutbox(deps: Pick<DeliveryDeps, 'db' | 'clock'>): Promise<void> {
  return pruneOutbox(deps.db, new Date(deps.clock.nowMs() - 30 * DAY_MS));
}
