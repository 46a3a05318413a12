import { sql, type Kysely } from 'kysely';
import type { FuelEventCode, FuelReviewStatus } from '@rumbo/contracts';
import type { Database, FuelTankJson } from '../../db/schema.js';
import { firstRow, tenantColumn } from '../../db/tenant-rows.js';

// SQL of the fuel screens (docs/decisions/0024-fuel-screens.md). Every query names the tenant.

/** A vehicle's tank model as stored. */
export interface TankRow {
  vehicleId: number;
  plate: string;
  groupId: number | null;
  /** null: one linear tank of `tankCapacityL`. */
  fuelTanks: FuelTankJson[] | null;
  tankCapacityL: number | null;
  ureaCapacityL: number | null;
}

function tankQuery(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('vehicles')
    .select([
      'id as vehicleId',
      'plate',
      'group_id as groupId',
      'fuel_tanks as fuelTanks',
      'tank_capacity_l as tankCapacityL',
      'urea_capacity_l as ureaCapacityL',
    ])
    .where('tenant_id', '=', tenantId);
}

/** One vehicle's tanks; undefined when the vehicle is not the tenant's. */
export async function findTanks(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
): Promise<TankRow | undefined> {
  return tankQuery(db, tenantId).where('id', '=', vehicleId).executeTakeFirst();
}

/** Every vehicle's tanks of the tenant. */
export async function listTanks(db: Kysely<Database>, tenantId: number): Promise<TankRow[]> {
  return tankQuery(db, tenantId).orderBy('id').execute();
}

/** The unique ids of a vehicle's devices (so ingest forgets what it cached). */
export async function deviceUniqueIds(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
): Promise<string[]> {
  return tenantColumn(db, 'devices', 'unique_id', tenantId, 'vehicle_id', vehicleId);
}

/** Stores a vehicle's tanks; `tank_capacity_l` becomes their sum. False when not the tenant's. */
export async function saveTanks(
  db: Kysely<Database>,
  tenantId: number,
  vehicleId: number,
  tanks: FuelTankJson[],
  adBlueCapacityL: number | null,
): Promise<boolean> {
  const sum = tanks.reduce((s, t) => s + t.capacityL, 0);
  const result = await db
    .updateTable('vehicles')
    .set({
      fuel_tanks: JSON.stringify(tanks),
      tank_capacity_l: tanks.length === 0 ? null : sum,
      urea_capacity_l: adBlueCapacityL,
      updated_at: new Date(),
    })
    .where('id', '=', vehicleId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A stored fuel event with what the screens show beside it. */
export interface FuelEventRow {
  id: number;
  code: FuelEventCode;
  vehicleId: number;
  start: number;
  end: number | null;
  lat: number | null;
  lng: number | null;
  value: number | null;
  driverCode: string | null;
  data: Record<string, string | number | boolean> | null;
  review: FuelReviewStatus | null;
  reviewedAt: number | null;
  reviewedBy: number | null;
  reviewerName: string | null;
  reviewNote: string | null;
  /** Stored place (issue 23), rendered by the service in the caller's language. */
  place: unknown;
}

function eventQuery(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom('events as e')
    .leftJoin('users as u', 'u.id', 'e.acknowledged_by')
    .select([
      'e.id',
      'e.code',
      'e.vehicle_id',
      'e.start_time',
      'e.end_time',
      'e.lat',
      'e.lng',
      'e.place',
      'e.value',
      'e.driver_code',
      'e.data',
      'e.review',
      'e.acknowledged_at',
      'e.acknowledged_by',
      'e.ack_comment',
      'u.username',
      'u.nombre',
      'u.apellido',
    ])
    .where('e.tenant_id', '=', tenantId);
}

type EventSelect = NonNullable<
  Awaited<ReturnType<ReturnType<typeof eventQuery>['executeTakeFirst']>>
>;

function toEventRow(r: EventSelect): FuelEventRow {
  const name = `${r.nombre ?? ''} ${r.apellido ?? ''}`.trim();
  return {
    id: Number(r.id),
    code: r.code as FuelEventCode,
    vehicleId: r.vehicle_id,
    start: new Date(r.start_time).getTime(),
    end: r.end_time === null ? null : new Date(r.end_time).getTime(),
    lat: r.lat,
    lng: r.lng,
    place: r.place,
    value: r.value,
    driverCode: r.driver_code,
    data: r.data,
    review: r.review,
    reviewedAt: r.review && r.acknowledged_at ? new Date(r.acknowledged_at).getTime() : null,
    reviewedBy: r.review ? r.acknowledged_by : null,
    reviewerName: r.review && r.username ? name || r.username : null,
    reviewNote: r.review ? (r.ack_comment ?? '') : null,
  };
}

/** Filter of a period's events: codes, and vehicles (undefined = every vehicle of the tenant). */
export interface EventFilter {
  fromMs: number;
  toMs: number;
  codes: readonly FuelEventCode[];
  vehicleIds: readonly number[] | undefined;
}

function filtered(db: Kysely<Database>, tenantId: number, f: EventFilter) {
  let q = eventQuery(db, tenantId)
    .where('e.code', 'in', [...f.codes])
    .where('e.start_time', '>=', new Date(f.fromMs))
    .where('e.start_time', '<', new Date(f.toMs));
  if (f.vehicleIds)
    q = q.where('e.vehicle_id', '=', sql<number>`any(${[...f.vehicleIds]}::int4[])`);
  return q;
}

/** One page of a period's events, newest first. */
export async function listEvents(
  db: Kysely<Database>,
  tenantId: number,
  f: EventFilter,
  limit: number,
  offset: number,
): Promise<FuelEventRow[]> {
  if (f.codes.length === 0 || f.vehicleIds?.length === 0) return [];
  const rows = await filtered(db, tenantId, f)
    .orderBy('e.start_time', 'desc')
    .orderBy('e.vehicle_id')
    .orderBy('e.code')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toEventRow);
}

/** Count and litres per code of a period's events, and the count of every event (`all`). */
export async function eventTotals(
  db: Kysely<Database>,
  tenantId: number,
  f: EventFilter,
): Promise<{ code: FuelEventCode; all: number; count: number; volumeL: number }[]> {
  if (f.codes.length === 0 || f.vehicleIds?.length === 0) return [];
  const vehicles = f.vehicleIds ? sql`and vehicle_id = any(${[...f.vehicleIds]}::int4[])` : sql``;
  // A dismissed suspected theft is no theft: it leaves the figures (it stays in the list).
  const counted = sql`review is distinct from 'dismissed'`;
  const result = await sql<{ code: FuelEventCode; n_all: number; count: number; volume: number }>`
    select code, count(*)::int4 as n_all, (count(*) filter (where ${counted}))::int4 as count,
      coalesce(sum(value) filter (where ${counted}), 0)::float8 as volume
    from events
    where tenant_id = ${tenantId} and code = any(${[...f.codes]}::text[])
      and start_time >= ${new Date(f.fromMs)} and start_time < ${new Date(f.toMs)} ${vehicles}
    group by code`.execute(db);
  return result.rows.map((r) => ({
    code: r.code,
    all: r.n_all,
    count: r.count,
    volumeL: r.volume,
  }));
}

/** One fuel event of the tenant by id (any of the three codes). */
export async function findEvent(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  codes: readonly FuelEventCode[],
): Promise<FuelEventRow | undefined> {
  return firstRow(
    eventQuery(db, tenantId)
      .where('e.id', '=', id)
      .where('e.code', 'in', [...codes]),
    toEventRow,
  );
}

/** Records a suspected theft's review (who, when, note). False when the event is not there. */
export async function saveReview(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  review: { status: FuelReviewStatus; note: string; userId: number; atMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set({
      review: review.status,
      ack_comment: review.note,
      acknowledged_by: review.userId,
      acknowledged_at: new Date(review.atMs),
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('code', '=', 'DCS')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

/** A fuel-station point of interest of the tenant. */
export interface StationRow {
  id: number;
  name: string;
  lat: number;
  lng: number;
}

/** The tenant's points of interest of the built-in type `fuel` (not deleted). */
export async function fuelStations(db: Kysely<Database>, tenantId: number): Promise<StationRow[]> {
  return db
    .selectFrom('interest_points as p')
    .innerJoin('interest_point_types as t', 't.id', 'p.type_id')
    .select(['p.id', 'p.nombre as name', 'p.lat', 'p.lng'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.deleted', '=', false)
    .where('t.code', '=', 'fuel')
    .execute();
}

/** Registered drivers' names by card code. */
export async function driverNames(
  db: Kysely<Database>,
  tenantId: number,
): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('drivers')
    .select(['code', 'nombre', 'apellido'])
    .where('tenant_id', '=', tenantId)
    .where('code', '!=', '')
    .execute();
  return new Map(rows.map((r) => [r.code, `${r.nombre} ${r.apellido}`.trim()]));
}
