import { sql } from 'kysely';
import { placeText } from '../../places/render.js';
import { eventDataOf, type AlertEvent, type EventsCursor, type Language } from '@rumbo/contracts';
import { hasDrivers, MAX_EVENTS, type Db } from './alerts.repository.js';
import { insertEventOnce } from '../../db/event-once.js';

// SQL of the stored alert events: the list and its acknowledgement, silences (DTS), the names
// of the places events happened in.

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
  return insertEventOnce(db, {
    ...event,
    code: 'DTS',
    value: event.silentS,
    data: null,
  });
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

/** Names of a tenant's geofences and points of interest, by id (events name where they happened). */
export { placeNames } from '../../db/place-names.js';
