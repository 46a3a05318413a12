import { sql } from 'kysely';
import { type Notification } from '@rumbo/contracts';
import { MAX_NOTIFICATIONS, type Db } from './alerts.repository.js';

// SQL of telling alerts: dispatch claims (each episode told once in a cluster) and the users'
// stored notifications (the newest 99 each).

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

/** Forgets dispatch claims older than `beforeMs` (their events can no longer be re-created live). */
export async function pruneDispatches(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('alert_dispatches').where('start_time', '<', new Date(beforeMs)).execute();
}

/** The place text a stored notification's payload carries (`at`), or null. */
function placeOfPayload(payload: unknown): string | null {
  const at = (payload as { at?: unknown } | null)?.at;
  return typeof at === 'string' ? at : null;
}
