import { sql, type Kysely, type Transaction } from 'kysely';
import { placeText } from '../../places/render.js';
import {
  eventDataOf,
  MAX_EVENTS_PAGE,
  type AlertEvent,
  type AlertLevel,
  type EventsCursor,
  type Language,
  type Notification,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Most notifications kept per user (spec §9). */
export const MAX_NOTIFICATIONS = 99;
/** Most events one page of `get_all` answers (newest first; the next page follows a cursor). */
export const MAX_EVENTS = MAX_EVENTS_PAGE;

/** An alert type with both descriptions. */
export interface AlertTypeRow {
  id: number;
  groupId: number;
  code: string;
  es: string;
  en: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  level: AlertLevel;
}

/** The catalogue, in its order. */
export async function loadCatalogue(db: Db): Promise<{
  groups: { id: number; code: string; es: string; en: string }[];
  types: AlertTypeRow[];
}> {
  const groups = await db
    .selectFrom('alert_type_group')
    .select(['id', 'code', 'description_es as es', 'description_en as en'])
    .orderBy('sort')
    .execute();
  const types = await db
    .selectFrom('alert_type')
    .select([
      'id',
      'group_id as groupId',
      'code',
      'description_es as es',
      'description_en as en',
      'severity',
      'level',
    ])
    .orderBy('sort')
    .execute();
  return { groups, types };
}

/** The stored settings document of a tenant (undefined: the defaults). */
export async function storedSettings(db: Db, tenantId: number): Promise<unknown> {
  const row = await db
    .selectFrom('alert_settings')
    .select('settings')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row?.settings;
}

/** Every tenant's stored settings. */
export async function allStoredSettings(db: Db): Promise<Map<number, unknown>> {
  const rows = await db.selectFrom('alert_settings').select(['tenant_id', 'settings']).execute();
  return new Map(rows.map((row) => [row.tenant_id, row.settings]));
}

/** Replaces a tenant's settings. */
export async function saveSettings(
  db: Db,
  tenantId: number,
  settings: unknown,
  userId: number,
): Promise<void> {
  await db
    .insertInto('alert_settings')
    .values({
      tenant_id: tenantId,
      settings: JSON.stringify(settings),
      updated_by: userId,
    })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        settings: JSON.stringify(settings),
        updated_by: userId,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** A vehicle as the alert engine needs it. */
export interface AlertVehicleRow {
  id: number;
  tenantId: number;
  plate: string;
  groupId: number | null;
}

/** Vehicles (of one tenant, or all). */
export async function alertVehicles(
  db: Db,
  tenantId?: number,
  ids?: readonly number[],
): Promise<AlertVehicleRow[]> {
  let query = db
    .selectFrom('vehicles')
    .select(['id', 'tenant_id as tenantId', 'plate', 'group_id as groupId']);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  if (ids !== undefined) query = query.where('id', 'in', ids.length > 0 ? ids : [0]);
  return query.execute();
}

/** Whether the drivers table exists (another issue's migration). */
async function hasDrivers(db: Db): Promise<boolean> {
  const row = await sql<{ t: string | null }>`select to_regclass('drivers')::text as t`.execute(db);
  return Boolean(row.rows[0]?.t);
}

/** Known driver codes per tenant (upper case); undefined when drivers are not modelled. */
export async function knownDriverCodes(
  db: Db,
  tenantId?: number,
): Promise<Map<number, string[]> | undefined> {
  if (!(await hasDrivers(db))) return undefined;
  const rows = await sql<{ tenant_id: number; code: string }>`
    select tenant_id, upper(code) as code from drivers
    where code <> '' ${tenantId === undefined ? sql`` : sql`and tenant_id = ${tenantId}`}`.execute(
    db,
  );
  const byTenant = new Map<number, string[]>();
  for (const row of rows.rows) {
    const list = byTenant.get(row.tenant_id) ?? [];
    list.push(row.code);
    byTenant.set(row.tenant_id, list);
  }
  return byTenant;
}

/** A possible recipient: an active user of the tenant with their role's views. */
export interface RecipientRow {
  id: number;
  roleId: number;
  views: Record<string, boolean>;
  email: string;
  lang: Language;
}

/** Active users of a tenant, with their role's views and language. */
export async function tenantRecipients(db: Db, tenantId: number): Promise<RecipientRow[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.role_id as roleId',
      'roles.views',
      'users.email',
      sql<string | null>`users.config->>'idioma'`.as('idioma'),
    ])
    .where('users.tenant_id', '=', tenantId)
    .where('users.disabled_at', 'is', null)
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    roleId: row.roleId,
    views: row.views,
    email: row.email,
    lang: row.idioma === 'en' ? 'en' : 'es',
  }));
}

/** Role and user choices for the settings screen. */
export async function recipientChoices(db: Db, tenantId: number) {
  const roles = await db
    .selectFrom('roles')
    .select(['id', 'name'])
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
    .orderBy('tenant_id', (ob) => ob.nullsFirst())
    .orderBy('name')
    .execute();
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'nombre', 'apellido'])
    .where('tenant_id', '=', tenantId)
    .where('disabled_at', 'is', null)
    .orderBy('username')
    .execute();
  return {
    roles,
    users: users.map((u) => ({
      id: u.id,
      username: u.username,
      email: u.email,
      name: `${u.nombre} ${u.apellido}`.trim() || u.username,
    })),
  };
}

/** Which of these ids are groups, vehicles, roles and users the tenant may name. */
export async function tenantIds(
  db: Db,
  tenantId: number,
  ids: { groups: number[]; vehicles: number[]; roles: number[]; users: number[]; zones: number[] },
): Promise<{
  groups: Set<number>;
  vehicles: Set<number>;
  roles: Set<number>;
  users: Set<number>;
  zones: Set<number>;
}> {
  const pick = async (rows: Promise<{ id: number }[]>) =>
    new Set((await rows).map((r) => Number(r.id)));
  const owned = (table: 'vehicle_groups' | 'vehicles' | 'users' | 'geofences', list: number[]) =>
    pick(
      list.length
        ? db
            .selectFrom(table)
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('id', 'in', list)
            .execute()
        : Promise.resolve([]),
    );
  return {
    groups: await owned('vehicle_groups', ids.groups),
    vehicles: await owned('vehicles', ids.vehicles),
    roles: await pick(
      ids.roles.length
        ? db
            .selectFrom('roles')
            .select('id')
            .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('tenant_id', 'is', null)]))
            .where('id', 'in', ids.roles)
            .execute()
        : Promise.resolve([]),
    ),
    users: await owned('users', ids.users),
    zones: await owned('geofences', ids.zones),
  };
}

/** An episode's key. */
export interface EventKey {
  vehicleId: number;
  code: string;
  startTimeMs: number;
}

/** Claims episodes for notification; answers those claimed now (never before). */
export async function claimDispatches(
  trx: Db,
  tenantId: number,
  keys: readonly EventKey[],
): Promise<EventKey[]> {
  if (keys.length === 0) return [];
  const rows = await trx
    .insertInto('alert_dispatches')
    .values(
      keys.map((k) => ({
        tenant_id: tenantId,
        vehicle_id: k.vehicleId,
        code: k.code,
        start_time: new Date(k.startTimeMs),
      })),
    )
    .onConflict((oc) => oc.columns(['vehicle_id', 'code', 'start_time']).doNothing())
    .returning(['vehicle_id', 'code', 'start_time'])
    .execute();
  return rows.map((r) => ({
    vehicleId: r.vehicle_id,
    code: r.code,
    startTimeMs: new Date(r.start_time).getTime(),
  }));
}

/** Stored event ids by key (`vehicle|code|start`). */
export async function eventIds(trx: Db, keys: readonly EventKey[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const [key, { id }] of await storedEvents(trx, keys)) out.set(key, id);
  return out;
}

/** The stored events of episode keys: id and place (issue 23), by "vehicle|CODE|startMs". */
export async function storedEvents(
  trx: Db,
  keys: readonly EventKey[],
): Promise<Map<string, { id: number; place: unknown }>> {
  const out = new Map<string, { id: number; place: unknown }>();
  if (keys.length === 0) return out;
  const rows = await trx
    .selectFrom('events')
    .select(['id', 'vehicle_id', 'code', 'start_time', 'place'])
    .where((eb) =>
      eb.or(
        keys.map((k) =>
          eb.and([
            eb('vehicle_id', '=', k.vehicleId),
            eb('code', '=', k.code),
            eb('start_time', '=', new Date(k.startTimeMs)),
          ]),
        ),
      ),
    )
    .execute();
  for (const row of rows)
    out.set(`${row.vehicle_id}|${row.code}|${new Date(row.start_time).getTime()}`, {
      id: Number(row.id),
      place: row.place,
    });
  return out;
}

/** A notification to store for one user. */
export interface NewNotification {
  tenantId: number;
  userId: number;
  vehicleId: number;
  code: string;
  startTimeMs: number;
  plate: string;
  driverCode: string | null;
  payload: Record<string, unknown>;
  data: Record<string, unknown> | null;
}

/** Stores notifications and trims each user's list to the newest 99; answers their ids. */
export async function insertNotifications(
  trx: Db,
  list: readonly NewNotification[],
): Promise<number[]> {
  if (list.length === 0) return [];
  const rows = await trx
    .insertInto('notifications')
    .values(
      list.map((n) => ({
        tenant_id: n.tenantId,
        user_id: n.userId,
        vehicle_id: n.vehicleId,
        code: n.code,
        start_time: new Date(n.startTimeMs),
        plate: n.plate,
        driver_code: n.driverCode,
        payload: JSON.stringify(n.payload),
        data: n.data === null ? null : JSON.stringify(n.data),
      })),
    )
    .returning('id')
    .execute();
  const users = [...new Set(list.map((n) => n.userId))];
  await sql`
    delete from notifications n
    where n.user_id = any(${users}::int[])
      and n.id < (
        select k.id from notifications k where k.user_id = n.user_id
        order by k.id desc offset ${MAX_NOTIFICATIONS - 1} limit 1)`.execute(trx);
  return rows.map((r) => Number(r.id));
}

/**
 * A user's notifications (the newest `MAX_NOTIFICATIONS` told), newest first by the alert's time,
 * not by when it was told: an episode is told when it ends, after younger ones (issue 22).
 */
export async function userNotifications(db: Db, userId: number): Promise<Notification[]> {
  const rows = await db
    .selectFrom('notifications')
    .leftJoin('events', (join) =>
      join
        .onRef('events.vehicle_id', '=', 'notifications.vehicle_id')
        .onRef('events.code', '=', 'notifications.code')
        .onRef('events.start_time', '=', 'notifications.start_time'),
    )
    .select([
      'notifications.id',
      'events.id as event_id',
      'notifications.code',
      'notifications.plate',
      'notifications.start_time',
      'notifications.user_id',
      'notifications.payload',
      'notifications.data',
      'notifications.read',
      'notifications.driver_code',
    ])
    .where('notifications.user_id', '=', userId)
    .orderBy('notifications.start_time', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(MAX_NOTIFICATIONS)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    ...(row.event_id === null ? {} : { eventId: Number(row.event_id) }),
    code: row.code,
    plate: row.plate,
    recordedat: new Date(row.start_time).toISOString(),
    userid: row.user_id,
    payload: row.payload,
    read: row.read,
    ...(row.data ? { data: row.data } : {}),
    codigoChofer: row.driver_code,
    // The place in the user's language when told (issue 23).
    place: placeOfPayload(row.payload),
  }));
}

/** Marks a user's notifications read. */
export async function markAllRead(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read: true })
    .where('user_id', '=', userId)
    .where('read', '=', false)
    .execute();
}

/** Clears a user's notifications. */
export async function clearNotifications(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
}

/** Events of a tenant in [from, to), newest first, with plate, type and driver name. */
export async function findEvents(
  db: Db,
  tenantId: number,
  query: {
    from: number;
    to: number;
    vehicles?: number[];
    groups?: number[];
    codes?: string[];
    id?: number;
    /** A page: at most this many (default {@link MAX_EVENTS}), older than `before`. */
    limit?: number;
    before?: EventsCursor;
  },
  lang: Language = 'es',
): Promise<AlertEvent[]> {
  const drivers = await hasDrivers(db);
  const driverName = drivers
    ? sql<string | null>`(select nullif(btrim(d.nombre || ' ' || d.apellido), '') from drivers d
        where d.tenant_id = events.tenant_id and d.code <> ''
          and upper(d.code) = upper(events.driver_code) limit 1)`
    : sql<string | null>`null::text`;
  let q = db
    .selectFrom('events')
    .innerJoin('vehicles', 'vehicles.id', 'events.vehicle_id')
    .leftJoin('alert_type', (join) =>
      join.on(sql`upper(alert_type.code)`, '=', sql`upper(events.code)`),
    )
    .leftJoin('users', 'users.id', 'events.acknowledged_by')
    .select([
      'events.id',
      'events.code',
      'alert_type.id as type_id',
      'events.vehicle_id',
      'vehicles.plate',
      'events.driver_code',
      'events.start_time',
      'events.end_time',
      'events.lat',
      'events.lng',
      'events.place',
      'events.value',
      'events.data',
      'events.acknowledged_at',
      'users.username',
      'users.nombre',
      'users.apellido',
      'events.ack_comment',
      driverName.as('driver_name'),
    ])
    .where('events.tenant_id', '=', tenantId)
    .where('events.listed', '=', true)
    .where('events.start_time', '>=', new Date(query.from))
    .where('events.start_time', '<', new Date(query.to));
  if (query.id !== undefined) q = q.where('events.id', '=', query.id);
  if (query.before) {
    const { startTime, id } = query.before;
    q = q.where(sql<boolean>`(events.start_time, events.id) < (${new Date(startTime)}, ${id})`);
  }
  if (query.vehicles?.length) q = q.where('events.vehicle_id', 'in', query.vehicles);
  if (query.groups?.length) q = q.where('vehicles.group_id', 'in', query.groups);
  if (query.codes?.length)
    q = q.where(
      sql`upper(events.code)`,
      'in',
      query.codes.map((c) => c.toUpperCase()),
    );
  const rows = await q
    .orderBy('events.start_time', 'desc')
    .orderBy('events.id', 'desc')
    .limit(query.limit ?? MAX_EVENTS)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    code: row.code,
    ideventtype: row.type_id ?? 0,
    vehicleId: row.vehicle_id,
    plate: row.plate,
    codigoChofer: row.driver_code,
    driverName: row.driver_name,
    startTime: new Date(row.start_time).getTime(),
    endTime: row.end_time === null ? null : new Date(row.end_time).getTime(),
    lat: row.lat,
    lng: row.lng,
    place: placeText(row.place, lang),
    value: row.value,
    data: eventDataOf(row.data),
    acknowledgedAt: row.acknowledged_at === null ? null : new Date(row.acknowledged_at).getTime(),
    acknowledgedBy:
      row.acknowledged_at === null
        ? null
        : row.username === null
          ? ''
          : `${row.nombre ?? ''} ${row.apellido ?? ''}`.trim() || row.username,
    comment: row.ack_comment,
  }));
}

/** Acknowledges one event of the tenant; answers whether it exists. */
export async function acknowledgeEvent(
  db: Db,
  tenantId: number,
  eventId: number,
  userId: number,
  comment: string,
): Promise<{ startTimeMs: number } | undefined> {
  const row = await db
    .updateTable('events')
    .set({ acknowledged_at: new Date(), acknowledged_by: userId, ack_comment: comment })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', eventId)
    .returning('start_time')
    .executeTakeFirst();
  return row ? { startTimeMs: new Date(row.start_time).getTime() } : undefined;
}

/** Vehicles whose last record is older than their status's silence limit and not yet told. */
export async function silentVehicles(
  db: Db,
  nowMs: number,
  offlineMovingS: number,
  offlineOffS: number,
): Promise<
  {
    tenantId: number;
    vehicleId: number;
    lastMs: number;
    lat: number | null;
    lng: number | null;
    driverCode: string | null;
    status: string;
  }[]
> {
  // The state row is persisted every few seconds; the newest stored record decides.
  const rows = await sql<{
    tenant_id: number;
    vehicle_id: number;
    last_time: Date | string;
    lat: number | null;
    lng: number | null;
    driver_code: string | null;
    status: string;
  }>`
    select s.tenant_id, s.vehicle_id, s.status, s.lat, s.lng, s.driver_code,
      greatest(s.fix_time, (select max(p.fix_time) from positions p where p.device_id = s.device_id
        and p.fix_time >= s.fix_time)) as last_time
    from vehicle_state s
    join vehicles v on v.id = s.vehicle_id
    where s.fix_time is not null
      and s.status <> 'undefined'
      and s.fix_time < ${new Date(nowMs - offlineMovingS * 1000)}
      and not exists (select 1 from events e where e.vehicle_id = s.vehicle_id
        and e.code = 'DTS' and e.start_time >= s.fix_time)`.execute(db);
  return rows.rows
    .map((row) => ({
      tenantId: row.tenant_id,
      vehicleId: row.vehicle_id,
      lastMs: new Date(row.last_time).getTime(),
      lat: row.lat,
      lng: row.lng,
      driverCode: row.driver_code,
      status: row.status,
    }))
    .filter((row) => {
      const limitS = row.status === 'off' ? offlineOffS : offlineMovingS;
      return nowMs - row.lastMs > limitS * 1000;
    });
}

/** Stores a `DTS` event (once per silence: keyed by the last record's time). */
export async function insertSilenceEvent(
  db: Db,
  event: {
    tenantId: number;
    vehicleId: number;
    startTimeMs: number;
    lat: number | null;
    lng: number | null;
    driverCode: string | null;
    silentS: number;
  },
): Promise<boolean> {
  const rows = await db
    .insertInto('events')
    .values({
      tenant_id: event.tenantId,
      vehicle_id: event.vehicleId,
      code: 'DTS',
      start_time: new Date(event.startTimeMs),
      lat: event.lat,
      lng: event.lng,
      value: event.silentS,
      driver_code: event.driverCode,
      data: null,
    })
    .onConflict((oc) => oc.columns(['vehicle_id', 'code', 'start_time']).doNothing())
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Closes `DTS` events of vehicles that reported again (end = their first record after). */
export async function closeSilences(db: Db): Promise<number> {
  const result = await sql`
    update events e set end_time = (
      select min(p.fix_time) from positions p join devices d on d.id = p.device_id
      where d.vehicle_id = e.vehicle_id and p.fix_time > e.start_time)
    where e.code = 'DTS' and e.end_time is null
      and exists (select 1 from vehicle_state s where s.vehicle_id = e.vehicle_id
        and s.fix_time > e.start_time)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Forgets dispatch claims older than `beforeMs` (their events can no longer be re-created live). */
export async function pruneDispatches(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('alert_dispatches').where('start_time', '<', new Date(beforeMs)).execute();
}

/** Names of a tenant's geofences and points of interest, by id (events name where they happened). */
export async function placeNames(
  db: Db,
  tenantId: number,
  zoneIds: readonly number[],
  poiIds: readonly number[],
): Promise<{ zones: Map<number, string>; pois: Map<number, string> }> {
  const [zones, pois] = await Promise.all([
    zoneIds.length === 0
      ? []
      : db
          .selectFrom('geofences')
          .select(['id', 'name'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', zoneIds)
          .execute(),
    poiIds.length === 0
      ? []
      : db
          .selectFrom('interest_points')
          .select(['id', 'nombre as name'])
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', poiIds)
          .execute(),
  ]);
  return {
    zones: new Map(zones.map((z) => [Number(z.id), z.name])),
    pois: new Map(pois.map((p) => [Number(p.id), p.name])),
  };
}

/** The place text a stored notification's payload carries (`at`), or null. */
function placeOfPayload(payload: unknown): string | null {
  const at = (payload as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : null;
}
