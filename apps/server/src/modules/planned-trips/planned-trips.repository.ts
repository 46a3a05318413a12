import { sql, type Kysely, type Transaction } from 'kysely';
import { driverDisplayName } from '@rumbo/contracts';
import type { Database, PlannedStopRow } from '../../db/schema.js';
import { firstRow } from '../../db/tenant-rows.js';

// Planned trips (migration 0016, docs/decisions/0027-planned-trips.md): the plans, what the route
// detector saw of them (progress, newest ETA), and the lookups a plan's references need.

type Db = Kysely<Database> | Transaction<Database>;

/** A plan as saved. */
export interface PlanWrite {
  vehicleId: number;
  driverId: number | null;
  name: string;
  stops: PlannedStopRow[];
  route: [number, number][];
  routeSource: 'drawn' | 'trip' | 'stops';
  corridorM: number;
}

function planQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('planned_trips as p')
    .innerJoin('vehicles as v', 'v.id', 'p.vehicle_id')
    .leftJoin('drivers as d', 'd.id', 'p.driver_id')
    .select([
      'p.id',
      'p.vehicle_id',
      'v.plate',
      'p.driver_id',
      'd.nombre as driver_nombre',
      'd.apellido as driver_apellido',
      'p.name',
      'p.stops',
      'p.route',
      'p.route_source',
      'p.corridor_m',
      'p.planned_start',
      'p.planned_end',
      'p.revision',
      'p.created_at',
      'p.updated_at',
    ])
    .where('p.tenant_id', '=', tenantId);
}

type PlanRow = NonNullable<Awaited<ReturnType<ReturnType<typeof planQuery>['executeTakeFirst']>>>;

/** A stored plan with its names resolved. */
export interface StoredPlan {
  id: number;
  vehicleId: number;
  vehicleName: string;
  driverId: number | null;
  driverName: string | null;
  name: string;
  stops: PlannedStopRow[];
  route: [number, number][];
  routeSource: 'drawn' | 'trip' | 'stops';
  corridorM: number;
  plannedStartMs: number;
  plannedEndMs: number;
  revision: number;
  createdAt: string;
  updatedAt: string;
}

function toPlan(row: PlanRow): StoredPlan {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    vehicleName: row.plate,
    driverId: row.driver_id,
    driverName:
      row.driver_nombre === null
        ? null
        : driverDisplayName({ nombre: row.driver_nombre, apellido: row.driver_apellido ?? '' }),
    name: row.name,
    stops: row.stops,
    route: row.route,
    routeSource: row.route_source,
    corridorM: row.corridor_m,
    plannedStartMs: new Date(row.planned_start).getTime(),
    plannedEndMs: new Date(row.planned_end).getTime(),
    revision: row.revision,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Plans of a tenant whose planned start is in [from, to), by start. */
export async function listPlans(
  db: Db,
  tenantId: number,
  filter: { fromMs: number; toMs: number; vehicleId?: number | undefined },
): Promise<StoredPlan[]> {
  let query = planQuery(db, tenantId)
    .where('p.planned_start', '>=', new Date(filter.fromMs))
    .where('p.planned_start', '<', new Date(filter.toMs));
  if (filter.vehicleId !== undefined) query = query.where('p.vehicle_id', '=', filter.vehicleId);
  const rows = await query.orderBy('p.planned_start').orderBy('p.id').limit(2_000).execute();
  return rows.map(toPlan);
}

/** One plan of the tenant, or undefined (also for another tenant's id). */
export async function findPlan(
  db: Db,
  tenantId: number,
  id: number,
): Promise<StoredPlan | undefined> {
  return firstRow(planQuery(db, tenantId).where('p.id', '=', id), toPlan);
}

function columnsOf(plan: PlanWrite) {
  return {
    vehicle_id: plan.vehicleId,
    driver_id: plan.driverId,
    name: plan.name,
    stops: JSON.stringify(plan.stops),
    route: JSON.stringify(plan.route),
    route_source: plan.routeSource,
    corridor_m: plan.corridorM,
    planned_start: new Date(plan.stops[0]!.plannedAt),
    planned_end: new Date(plan.stops[plan.stops.length - 1]!.plannedAt),
  };
}

/** Inserts plans of a tenant; their ids in order. */
export async function insertPlans(
  db: Db,
  tenantId: number,
  plans: readonly PlanWrite[],
): Promise<number[]> {
  if (plans.length === 0) return [];
  const rows = await db
    .insertInto('planned_trips')
    .values(plans.map((plan) => ({ tenant_id: tenantId, ...columnsOf(plan) })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Replaces a plan of the tenant; false when there is none. Its follow-up starts again: what was
 * seen of the old plan no longer describes this one.
 */
export async function updatePlan(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  plan: PlanWrite,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('planned_trips')
      .set({ ...columnsOf(plan), revision: sql`revision + 1`, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await trx.deleteFrom('planned_trip_progress').where('planned_trip_id', '=', id).execute();
    await trx.deleteFrom('planned_trip_eta').where('planned_trip_id', '=', id).execute();
    return true;
  });
}

/** A progress row as read back. */
export interface ProgressRow {
  planId: number;
  kind: string;
  stopIndex: number;
  atMs: number;
  lat: number | null;
  lng: number | null;
  /** Stored place of an arrival (issue 23), rendered in the caller's language. */
  place: unknown;
}

/** What was seen of these plans, oldest first. */
export async function progressOf(db: Db, planIds: readonly number[]): Promise<ProgressRow[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .selectFrom('planned_trip_progress')
    .selectAll()
    .where('planned_trip_id', 'in', planIds)
    .orderBy('at')
    .orderBy('kind')
    .execute();
  return rows.map((row) => ({
    planId: row.planned_trip_id,
    kind: row.kind,
    stopIndex: row.stop_index,
    atMs: new Date(row.at).getTime(),
    lat: row.lat,
    lng: row.lng,
    place: row.place,
  }));
}

/** The newest ETA of these plans. */
export async function etasOf(db: Db, planIds: readonly number[]) {
  if (planIds.length === 0) return new Map<number, EtaRow>();
  const rows = await db
    .selectFrom('planned_trip_eta')
    .selectAll()
    .where('planned_trip_id', 'in', planIds)
    .execute();
  return new Map(
    rows.map((row): [number, EtaRow] => [
      row.planned_trip_id,
      {
        atMs: new Date(row.at).getTime(),
        etaMs: row.eta === null ? null : new Date(row.eta).getTime(),
        remainingM: row.remaining_m,
        offRoute: row.off_route,
      },
    ]),
  );
}

export interface EtaRow {
  atMs: number;
  etaMs: number | null;
  remainingM: number;
  offRoute: boolean;
}

/** The tenant's POIs among these ids (deleted ones left out). */
export async function poisOfTenant(db: Db, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('interest_points')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('deleted', '=', false)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The tenant's POIs by name (lower-cased; the first of equal names) for imports. */
export async function poisByName(db: Db, tenantId: number) {
  const rows = await db
    .selectFrom('interest_points')
    .select(['id', 'nombre', 'lat', 'lng', 'radio_m'])
    .where('tenant_id', '=', tenantId)
    .where('deleted', '=', false)
    .orderBy('id')
    .execute();
  const map = new Map<string, { id: number; lat: number; lng: number; radiusM: number }>();
  for (const row of rows) {
    const key = row.nombre.trim().toLowerCase();
    if (!map.has(key))
      map.set(key, { id: row.id, lat: row.lat, lng: row.lng, radiusM: row.radio_m });
  }
  return map;
}

/** The tenant's vehicles by plate (upper-cased, spaces and dashes removed) for imports. */
export async function vehiclesByPlate(db: Db, tenantId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('vehicles')
    .select(['id', 'plate'])
    .where('tenant_id', '=', tenantId)
    .execute();
  return new Map(rows.map((row) => [plateKey(row.plate), row.id]));
}

/** A plate as imports compare it. */
export function plateKey(plate: string): string {
  return plate.toUpperCase().replace(/[\s.-]/gu, '');
}

/** The tenant's drivers by card code and by "Nombre Apellido" (lower-cased) for imports. */
export async function driversByKey(db: Db, tenantId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('drivers')
    .select(['id', 'code', 'nombre', 'apellido'])
    .where('tenant_id', '=', tenantId)
    .execute();
  const map = new Map<string, number>();
  for (const row of rows) {
    map.set(driverDisplayName(row).toLowerCase(), row.id);
    if (row.code) map.set(row.code.toUpperCase(), row.id);
  }
  return map;
}

/** A vehicle's most recent trips (for "route from an earlier trip"). */
export async function earlierTrips(db: Db, tenantId: number, vehicleId: number, limit = 50) {
  return db
    .selectFrom('trips')
    .select([
      'id',
      'start_time',
      'end_time',
      'distance_km',
      'start_lat',
      'start_lng',
      'end_lat',
      'end_lng',
    ])
    .where('tenant_id', '=', tenantId)
    .where('vehicle_id', '=', vehicleId)
    .where('distance_km', '>', 0.5)
    .orderBy('start_time', 'desc')
    .limit(limit)
    .execute();
}

/** One trip of the tenant: its vehicle and times, or undefined. */
export async function tripOfTenant(db: Db, tenantId: number, tripId: number) {
  return db
    .selectFrom('trips')
    .select(['vehicle_id', 'start_time', 'end_time'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', tripId)
    .executeTakeFirst();
}

/** A plan the pipeline follows (every tenant's, for the route detector's context). */
export interface FollowedPlan {
  id: number;
  tenantId: number;
  vehicleId: number;
  stops: PlannedStopRow[];
  route: [number, number][];
  corridorM: number;
  plannedStartMs: number;
  plannedEndMs: number;
  revision: number;
  arrived: boolean;
}

/** Plans whose window [start − before, end + after] holds `nowMs`, every tenant's. */
export async function plansAround(
  db: Db,
  nowMs: number,
  beforeMs: number,
  afterMs: number,
): Promise<FollowedPlan[]> {
  const rows = await db
    .selectFrom('planned_trips as p')
    .select([
      'p.id',
      'p.tenant_id',
      'p.vehicle_id',
      'p.stops',
      'p.route',
      'p.corridor_m',
      'p.planned_start',
      'p.planned_end',
      'p.revision',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('planned_trip_progress as g')
              .select('g.planned_trip_id')
              .whereRef('g.planned_trip_id', '=', 'p.id')
              .where('g.kind', '=', 'arrived'),
          )
          .as('arrived'),
    ])
    .where('p.planned_start', '<=', new Date(nowMs + beforeMs))
    .where('p.planned_end', '>=', new Date(nowMs - afterMs))
    .orderBy('p.planned_start')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    vehicleId: row.vehicle_id,
    stops: row.stops,
    route: row.route,
    corridorM: row.corridor_m,
    plannedStartMs: new Date(row.planned_start).getTime(),
    plannedEndMs: new Date(row.planned_end).getTime(),
    revision: row.revision,
    arrived: Boolean(row.arrived),
  }));
}
