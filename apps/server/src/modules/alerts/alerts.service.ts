import type { Kysely } from 'kysely';
import {
  eventDataOf,
  interpolate,
  translations,
  type AlertSettings,
  type AlertTypesAnswer,
  type Language,
  type Notification,
} from '@rumbo/contracts';
import type { DeviceFact, EventFact, ReducerSettings, VehicleContext } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { IngestDevice } from '../../lib/ingest-device.js';
import { placeText, placeTextLong } from '../../places/render.js';
import { enqueueMail } from '../mail/index.js';
import {
  isRaised,
  normalizeSettings,
  recipientsOf,
  reducerOverrides,
  resolveVehicle,
  type VehicleAlertSettings,
} from './alert-rules.js';
import {
  acknowledgeEvent,
  alertVehicles,
  allStoredSettings,
  claimDispatches,
  closeSilences,
  storedEvents,
  findEvents,
  insertNotifications,
  insertSilenceEvent,
  knownDriverCodes,
  loadCatalogue,
  placeNames,
  pruneDispatches,
  saveSettings,
  silentVehicles,
  storedSettings,
  tenantIds,
  tenantRecipients,
  type AlertTypeRow,
  type EventKey,
  type NewNotification,
} from './alerts.repository.js';

/** An event older than this when first seen is stored but not pushed (a device's old buffer). */
export const NOTIFY_MAX_AGE_MS = 24 * 3_600_000;

type Catalogue = Awaited<ReturnType<typeof loadCatalogue>>;

/** The catalogue, loaded once (it is data, changed only by migrations). */
export class AlertCatalogue {
  private loaded: Promise<Catalogue> | undefined;
  private byCode = new Map<string, AlertTypeRow>();

  constructor(private readonly db: Kysely<Database>) {}

  async load(): Promise<Catalogue> {
    this.loaded ??= loadCatalogue(this.db).then((c) => {
      this.byCode = new Map(c.types.map((t) => [t.code.toUpperCase(), t]));
      return c;
    });
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  /** A code's type (case-insensitive), once loaded. */
  type(code: string): AlertTypeRow | undefined {
    return this.byCode.get(code.toUpperCase());
  }

  /** `POST /v2/alert/get_all_types` in a language. */
  async answer(lang: Language): Promise<AlertTypesAnswer> {
    const { groups, types } = await this.load();
    return {
      groups: groups.map((g) => ({
        ideventtypegroup: g.id,
        code: g.code,
        description: lang === 'en' ? g.en : g.es,
      })),
      types: types.map((t) => ({
        ideventtype: t.id,
        code: t.code,
        description: lang === 'en' ? t.en : t.es,
        ideventtypegroup: t.groupId,
        severity: t.level,
      })),
    };
  }
}

interface TenantAlerts {
  settings: AlertSettings;
  knownDrivers: string[] | undefined;
  /** Speed levels on inside the tenant's zones, by zone id (absent: none). */
  zoneLevels?: ReadonlyMap<number, readonly number[]>;
}

/** The tenant's zones with speed levels of their own. */
function zoneLevelsOf(settings: AlertSettings): ReadonlyMap<number, readonly number[]> | undefined {
  const byZone = new Map<number, readonly number[]>();
  for (const z of settings.zones)
    if (z.speedLevels.length > 0)
      byZone.set(
        z.zoneId,
        [...z.speedLevels].sort((a, b) => a - b),
      );
  return byZone.size > 0 ? byZone : undefined;
}

/** A tenant's cached settings. */
function tenantAlerts(settings: AlertSettings, knownDrivers: string[] | undefined): TenantAlerts {
  const zoneLevels = zoneLevelsOf(settings);
  return zoneLevels ? { settings, knownDrivers, zoneLevels } : { settings, knownDrivers };
}

/**
 * Every tenant's alert settings and vehicles, in memory, so the pipeline asks per batch without
 * a query: loaded at start, reloaded when an administrator saves (on the bus, every node) and
 * every minute (vehicles moved between groups, drivers added).
 */
export class AlertSettingsCache {
  private tenants = new Map<number, TenantAlerts>();
  private vehicles = new Map<number, { tenantId: number; plate: string; groupId: number | null }>();
  private resolved = new Map<
    number,
    {
      alerts: VehicleContext['alerts'];
      base?: ReducerSettings;
      settings?: ReducerSettings;
      raw: VehicleAlertSettings;
    }
  >();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Kysely<Database>) {}

  /** Loads everything; then reloads every `refreshMs`. */
  async start(refreshMs = 60_000, onError: (error: unknown) => void = () => undefined) {
    await this.reloadAll();
    this.timer = setInterval(() => void this.reloadAll().catch(onError), refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async reloadAll(): Promise<void> {
    const [stored, vehicles, drivers] = await Promise.all([
      allStoredSettings(this.db),
      alertVehicles(this.db),
      knownDriverCodes(this.db),
    ]);
    const tenants = new Map<number, TenantAlerts>();
    const tenantOf = (id: number): TenantAlerts => {
      let t = tenants.get(id);
      if (!t) {
        t = tenantAlerts(
          normalizeSettings(stored.get(id)),
          drivers ? (drivers.get(id) ?? []) : undefined,
        );
        tenants.set(id, t);
      }
      return t;
    };
    for (const id of stored.keys()) tenantOf(id);
    const byId = new Map<number, { tenantId: number; plate: string; groupId: number | null }>();
    for (const v of vehicles) {
      tenantOf(v.tenantId);
      byId.set(v.id, { tenantId: v.tenantId, plate: v.plate, groupId: v.groupId });
    }
    this.tenants = tenants;
    this.vehicles = byId;
    this.resolved = new Map();
  }

  /** Reloads one tenant (its settings changed). */
  async reloadTenant(tenantId: number): Promise<void> {
    const [stored, vehicles, drivers] = await Promise.all([
      storedSettings(this.db, tenantId),
      alertVehicles(this.db, tenantId),
      knownDriverCodes(this.db, tenantId),
    ]);
    this.tenants.set(
      tenantId,
      tenantAlerts(normalizeSettings(stored), drivers ? (drivers.get(tenantId) ?? []) : undefined),
    );
    for (const v of vehicles)
      this.vehicles.set(v.id, { tenantId: v.tenantId, plate: v.plate, groupId: v.groupId });
    this.resolved = new Map();
  }

  /** A tenant's settings (the defaults for one not loaded yet). */
  settings(tenantId: number): AlertSettings {
    return this.tenants.get(tenantId)?.settings ?? normalizeSettings(undefined);
  }

  /** A vehicle's plate (`#id` only for one deleted before it was ever loaded). */
  plate(vehicleId: number): string {
    return this.vehicles.get(vehicleId)?.plate ?? `#${vehicleId}`;
  }

  /**
   * Loads the vehicles created since the last load (their plate and group), so an event of a
   * vehicle made a moment ago names it (the next full reload would come up to a minute later).
   */
  async ensureVehicles(tenantId: number, vehicleIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(vehicleIds)].filter((id) => !this.vehicles.has(id));
    if (missing.length === 0) return;
    for (const v of await alertVehicles(this.db, tenantId, missing)) {
      this.vehicles.set(v.id, { tenantId: v.tenantId, plate: v.plate, groupId: v.groupId });
      this.resolved.delete(v.id);
    }
  }

  private vehicle(tenantId: number, vehicleId: number) {
    let r = this.resolved.get(vehicleId);
    if (!r) {
      const tenant = this.tenants.get(tenantId);
      const settings = tenant?.settings ?? normalizeSettings(undefined);
      const raw = resolveVehicle(
        settings,
        vehicleId,
        this.vehicles.get(vehicleId)?.groupId ?? null,
      );
      const alerts: NonNullable<VehicleContext['alerts']> = { speedLevelsKmh: raw.speedLevels };
      if (tenant?.zoneLevels) alerts.zoneSpeedLevelsKmh = tenant.zoneLevels;
      if (tenant?.knownDrivers) alerts.knownDriverCodes = tenant.knownDrivers;
      if (raw.reefer) alerts.reefer = raw.reefer;
      r = { alerts, raw };
      this.resolved.set(vehicleId, r);
    }
    return r;
  }

  /** What the rule detectors need of a vehicle (Pipeline.contextFor). */
  alertsFor(device: IngestDevice): VehicleContext['alerts'] {
    if (device.vehicleId === null) return undefined;
    return this.vehicle(device.tenantId, device.vehicleId).alerts;
  }

  /** The reducer settings with the vehicle's thresholds (Pipeline.settingsFor). */
  settingsFor(device: IngestDevice, base: ReducerSettings): ReducerSettings {
    if (device.vehicleId === null) return base;
    const r = this.vehicle(device.tenantId, device.vehicleId);
    if (r.base !== base || !r.settings) {
      r.base = base;
      r.settings = { ...base, ...reducerOverrides(r.raw.thresholds) };
    }
    return r.settings;
  }

  /** Whether an event is raised at all (the events sink stores only these). */
  isRaised(tenantId: number, vehicleId: number, code: string): boolean {
    return isRaised(this.settings(tenantId), this.vehicle(tenantId, vehicleId).raw, code);
  }
}

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
    for (const [tenantId, list] of byTenant) {
      await cache.ensureVehicles(
        tenantId,
        list.map((e) => e.vehicleId),
      );
      const settings = cache.settings(tenantId);
      const candidates = await tenantRecipients(db, tenantId);
      const names = await placeNames(
        db,
        tenantId,
        idsOf(list, 'idzona'),
        idsOf(list, 'idinterestpoint'),
      );
      /** The zone's or POI's name, where the event is about one. */
      const placeOf = (fact: EventFact): string | undefined => {
        const zone = fact.data?.['idzona'];
        const poi = fact.data?.['idinterestpoint'];
        if (typeof zone === 'number') return names.zones.get(zone);
        if (typeof poi === 'number') return names.pois.get(poi);
        return undefined;
      };
      const keyOf = (e: TaggedEvent): EventKey => ({
        vehicleId: e.vehicleId,
        code: e.fact.code.toUpperCase(),
        startTimeMs: e.fact.startTimeMs,
      });
      const text = (k: EventKey) => `${k.vehicleId}|${k.code}|${k.startTimeMs}`;
      await db.transaction().execute(async (trx) => {
        const claimed = new Set((await claimDispatches(trx, tenantId, list.map(keyOf))).map(text));
        if (claimed.size === 0) return;
        const stored = await storedEvents(trx, list.map(keyOf));
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

/** Settings as the screen edits them (defaults filled in). */
export async function getSettings(db: Kysely<Database>, tenantId: number): Promise<AlertSettings> {
  return normalizeSettings(await storedSettings(db, tenantId));
}

/**
 * Saves a tenant's settings: every group, vehicle, role, user and zone named must be the tenant's
 * (404 otherwise); codes are stored upper-case, one entry per code.
 */
export async function putSettings(
  db: Kysely<Database>,
  tenantId: number,
  userId: number,
  input: AlertSettings,
): Promise<AlertSettings> {
  const named = {
    groups: input.groups.map((g) => g.groupId),
    vehicles: input.vehicles.map((v) => v.vehicleId),
    roles: input.codes.flatMap((c) => c.roles),
    users: input.codes.flatMap((c) => c.users),
    zones: input.zones.map((z) => z.zoneId),
  };
  const found = await tenantIds(db, tenantId, named);
  for (const kind of ['groups', 'vehicles', 'roles', 'users', 'zones'] as const) {
    if (named[kind].some((id) => !found[kind].has(id))) throw new DomainError('not_found');
  }
  const settings = normalizeSettings({
    ...input,
    codes: input.codes.map((c) => ({ ...c, code: c.code.toUpperCase() })),
  });
  await saveSettings(db, tenantId, settings, userId);
  return settings;
}

/** Looks for vehicles silent past their status's T_off and raises one `DTS` per silence. */
export async function detectSilences(
  deps: {
    db: Kysely<Database>;
    clock: Clock;
    dispatcher?: AlertDispatcher;
    cache?: AlertSettingsCache;
  },
  limits: { offlineMovingS: number; offlineOffS: number },
): Promise<number> {
  const nowMs = deps.clock.nowMs();
  await closeSilences(deps.db);
  const silent = await silentVehicles(deps.db, nowMs, limits.offlineMovingS, limits.offlineOffS);
  const raised: TaggedEvent[] = [];
  for (const s of silent) {
    if (deps.cache && !deps.cache.isRaised(s.tenantId, s.vehicleId, 'DTS')) continue;
    const silentS = s.status === 'off' ? limits.offlineOffS : limits.offlineMovingS;
    const fact: EventFact = { type: 'event', code: 'DTS', startTimeMs: s.lastMs, value: silentS };
    if (s.lat !== null && s.lng !== null) {
      fact.lat = s.lat;
      fact.lng = s.lng;
    }
    if (s.driverCode) fact.driverCode = s.driverCode;
    const stored = await insertSilenceEvent(deps.db, {
      tenantId: s.tenantId,
      vehicleId: s.vehicleId,
      startTimeMs: s.lastMs,
      lat: s.lat,
      lng: s.lng,
      driverCode: s.driverCode,
      silentS,
    });
    if (stored) raised.push({ tenantId: s.tenantId, vehicleId: s.vehicleId, fact });
  }
  // The silence is told from when it began being a silence: its age counts from T_off.
  if (raised.length > 0 && deps.dispatcher) await deps.dispatcher.dispatch(raised);
  await pruneDispatches(deps.db, nowMs - 7 * 86_400_000);
  return raised.length;
}

export { acknowledgeEvent, findEvents };

/** The alert engine's parts of one node (built by the composition root). */
export interface AlertsPart {
  cache: AlertSettingsCache;
  catalogue: AlertCatalogue;
  dispatcher: AlertDispatcher;
  /** One `DTS` pass (the jobs process runs it under the cluster's lease). */
  detectSilences(): Promise<number>;
}
