import type { Kysely } from 'kysely';
import {
  eventDataOf,
  interpolate,
  translations,
  type Language,
  type Notification,
} from '@rumbo/contracts';
import type { DeviceFact, EventFact } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { placeText, placeTextLong } from '../../places/render.js';
import { enqueueMail } from '../mail/index.js';
import { recipientsOf } from './alert-rules.js';
import {
  NOTIFY_MAX_AGE_MS,
  type AlertCatalogue,
  type AlertSettingsCache,
} from './alert-settings-cache.js';
import { placeNames } from './alert-events.repository.js';
import { tenantRecipients } from './alerts.repository.js';
import {
  claimDispatches,
  storedEvents,
  insertNotifications,
  type EventKey,
  type NewNotification,
} from './alert-notifications.repository.js';

// The alert dispatcher (docs/decisions/0018-alert-engine.md): committed events → claimed once in
// the cluster → stored notifications of the users who may see them, mails, and deliveries to
// their sockets.

/** A notification for a user, on its way to their sockets. */
export interface Delivery {
  tenantId: number;
  userId: number;
  notification: Notification;
}

/** An event as committed: whose, and what. */
export interface TaggedEvent {
  tenantId: number;
  vehicleId: number;
  fact: EventFact;
}

/** Text of a mail telling of an event. */
function mailText(
  lang: Language,
  title: string,
  plate: string,
  event: EventFact,
  named?: string,
): { subject: string; text: string } {
  const at = new Date(event.startTimeMs).toISOString().replace('T', ' ').slice(0, 19);
  const coordinates =
    event.lat === undefined || event.lng === undefined
      ? ''
      : `${event.lat.toFixed(5)}, ${event.lng.toFixed(5)}`;
  const place = named && coordinates ? `${named} (${coordinates})` : (named ?? coordinates);
  const params = { title, plate, at: `${at} UTC`, place };
  const texts = translations[lang].alerts.mail;
  return {
    subject: interpolate(texts.subject, params),
    text: interpolate(place ? texts.body : texts.body_no_place, params),
  };
}

/**
 * Tells users of new events: claims each episode once (the dispatch ledger), stores one
 * notification per recipient and queues mails in one transaction, then hands the notifications to
 * `publish` (the bus, to every API node's sockets). Runs where the events were committed — the
 * pipeline process that owns the device, or the jobs process for `DTS` — so a cluster tells each
 * event once whatever the number of API nodes.
 */
export class AlertDispatcher {
  private queue: Promise<unknown> = Promise.resolve();
  readonly stats = { dispatched: 0, notifications: 0, mails: 0, failed: 0 };

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      cache: AlertSettingsCache;
      catalogue: AlertCatalogue;
      publish: (deliveries: Delivery[]) => void;
      log: { error(obj: object, msg?: string): void };
    },
  ) {}

  /** Takes committed facts (the pipeline's `onCommitted`); events among them are told. */
  handleFacts(
    facts: readonly { tag: { tenantId: number; vehicleId: number }; fact: DeviceFact }[],
  ) {
    const events: TaggedEvent[] = [];
    for (const { tag, fact } of facts) {
      if (fact.type === 'event') events.push({ ...tag, fact });
    }
    if (events.length > 0) void this.dispatch(events);
  }

  /** Tells these events (in order, one batch after another); resolves when told. */
  dispatch(events: readonly TaggedEvent[]): Promise<void> {
    const run = this.queue.then(() => this.run(events));
    this.queue = run.catch(() => undefined);
    return run.catch((error: unknown) => {
      this.stats.failed += 1;
      this.deps.log.error({ err: error }, 'alert dispatch failed');
    });
  }

  /** Waits for what is being told. */
  async idle(): Promise<void> {
    await this.queue;
  }

  private async run(events: readonly TaggedEvent[]): Promise<void> {
    const { db, cache, catalogue, clock } = this.deps;
    await catalogue.load();
    const nowMs = clock.nowMs();
    const byTenant = new Map<number, TaggedEvent[]>();
    for (const e of events) {
      if (nowMs - e.fact.startTimeMs > NOTIFY_MAX_AGE_MS) continue;
      if (e.fact.quiet || !cache.isRaised(e.tenantId, e.vehicleId, e.fact.code)) continue;
      const list = byTenant.get(e.tenantId) ?? [];
      list.push(e);
      byTenant.set(e.tenantId, list);
    }
    const deliveries: Delivery[] = [];
    const keyOf = (e: TaggedEvent): EventKey => ({
      vehicleId: e.vehicleId,
      code: e.fact.code.toUpperCase(),
      startTimeMs: e.fact.startTimeMs,
    });
    const text = (k: EventKey) => `${k.vehicleId}|${k.code}|${k.startTimeMs}`;
    for (const [tenantId, list] of byTenant) {
      await cache.ensureVehicles(
        tenantId,
        list.map((e) => e.vehicleId),
      );
      const settings = cache.settings(tenantId);
      // Reads of committed rows, side by side on the pool's connections (one round trip, not
      // three in a row: the alert's latency after its batch commits, issue 25); only the claim
      // and the writes need the transaction.
      const [candidates, names, stored] = await Promise.all([
        tenantRecipients(db, tenantId),
        placeNames(db, tenantId, idsOf(list, 'idzona'), idsOf(list, 'idinterestpoint')),
        storedEvents(db, list.map(keyOf)),
      ]);
      /** The zone's or POI's name, where the event is about one. */
      const placeOf = (fact: EventFact): string | undefined => {
        const zone = fact.data?.['idzona'];
        const poi = fact.data?.['idinterestpoint'];
        if (typeof zone === 'number') return names.zones.get(zone);
        if (typeof poi === 'number') return names.pois.get(poi);
        return undefined;
      };
      await db.transaction().execute(async (trx) => {
        const claimed = new Set((await claimDispatches(trx, tenantId, list.map(keyOf))).map(text));
        if (claimed.size === 0) return;
        const rows: NewNotification[] = [];
        const pending: { userId: number; notification: Omit<Notification, 'id'> }[] = [];
        for (const e of list) {
          const key = keyOf(e);
          if (!claimed.has(text(key))) continue;
          claimed.delete(text(key));
          this.stats.dispatched += 1;
          const type = catalogue.type(key.code);
          const plate = cache.plate(e.vehicleId);
          const { app, email } = recipientsOf(settings, key.code, candidates);
          const data = eventData(e.fact);
          const place = placeOf(e.fact);
          const where = stored.get(text(key))?.place;
          for (const user of app) {
            const title = type ? (user.lang === 'en' ? type.en : type.es) : key.code;
            const at = placeText(where, user.lang);
            const payload = {
              title,
              severity: type?.severity ?? 'info',
              level: type?.level ?? 'warning',
              vehicleId: e.vehicleId,
              lat: e.fact.lat ?? null,
              lng: e.fact.lng ?? null,
              value: e.fact.value ?? null,
              endTime: e.fact.endTimeMs ?? null,
              ...(place === undefined ? {} : { place }),
              ...(at === null ? {} : { at }),
            };
            rows.push({
              tenantId,
              userId: user.id,
              vehicleId: e.vehicleId,
              code: key.code,
              startTimeMs: key.startTimeMs,
              plate,
              driverCode: e.fact.driverCode ?? null,
              payload,
              data,
            });
            const eventId = stored.get(text(key))?.id;
            pending.push({
              userId: user.id,
              notification: {
                ...(eventId === undefined ? {} : { eventId }),
                code: key.code,
                plate,
                recordedat: new Date(key.startTimeMs).toISOString(),
                userid: user.id,
                payload,
                read: false,
                ...(data ? { data } : {}),
                codigoChofer: e.fact.driverCode ?? null,
                place: at,
              },
            });
          }
          for (const user of email) {
            const title = type ? (user.lang === 'en' ? type.en : type.es) : key.code;
            const mail = mailText(
              user.lang,
              title,
              plate,
              e.fact,
              place ?? placeTextLong(where, user.lang) ?? undefined,
            );
            await enqueueMail(trx, { tenantId, to: user.email, ...mail });
            this.stats.mails += 1;
          }
        }
        const notificationIds = await insertNotifications(trx, rows);
        pending.forEach((p, i) =>
          deliveries.push({
            tenantId,
            userId: p.userId,
            notification: { id: notificationIds[i]!, ...p.notification },
          }),
        );
      });
    }
    this.stats.notifications += deliveries.length;
    if (deliveries.length > 0) this.deps.publish(deliveries);
  }
}

/** The distinct ids an events' `data` names under `key` (idzona, idinterestpoint). */
function idsOf(list: readonly TaggedEvent[], key: string): number[] {
  const ids = new Set<number>();
  for (const e of list) {
    const id = e.fact.data?.[key];
    if (typeof id === 'number') ids.add(id);
  }
  return [...ids];
}

/** The spec's optional data of an event (idzona, idinterestpoint, temperature, route). */
function eventData(fact: EventFact): NonNullable<Notification['data']> | null {
  return eventDataOf(fact.data);
}
