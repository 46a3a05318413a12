import { sql, type Kysely, type Selectable } from 'kysely';
import {
  METRES_PER_DEGREE,
  type Geofence,
  type GeofenceSave,
  type Geometry,
  type InterestPoint,
  type InterestPointCreate,
  type InterestPointPatch,
  type PoiIcon,
} from '@rumbo/contracts';
import type { Database, GeofencesTable, InterestPointsTable } from '../../db/schema.js';
import { tenantColumn, tenantRows } from '../../db/tenant-rows.js';

// Geofences and points of interest of a tenant (migration 0009). Every query names the tenant.

type GeofenceRow = Selectable<GeofencesTable>;

/** The bounding box of a saved geometry, widened by a corridor's half width or a circle's radius. */
export function bboxOf(
  geometry: GeofenceSave['geometry'],
  widthM: number | null,
  radiusM: number | null,
): { minLng: number; minLat: number; maxLng: number; maxLat: number } {
  const positions =
    geometry.type === 'Point'
      ? [geometry.coordinates]
      : geometry.type === 'LineString'
        ? geometry.coordinates
        : geometry.coordinates.flat();
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const [lng, lat] of positions) {
    if (lng < minLng) minLng = lng;
    if (lng > maxLng) maxLng = lng;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  const padM =
    geometry.type === 'Point'
      ? (radiusM ?? 0)
      : geometry.type === 'LineString'
        ? (widthM ?? 0) / 2
        : 0;
  if (padM > 0) {
    const dLat = padM / METRES_PER_DEGREE;
    const cos = Math.max(
      0.01,
      Math.cos((Math.max(Math.abs(minLat), Math.abs(maxLat)) * Math.PI) / 180),
    );
    const dLng = dLat / cos;
    minLat = Math.max(-90, minLat - dLat);
    maxLat = Math.min(90, maxLat + dLat);
    minLng = Math.max(-180, minLng - dLng);
    maxLng = Math.min(180, maxLng + dLng);
  }
  return { minLng, minLat, maxLng, maxLat };
}

function kindOf(geometry: GeofenceSave['geometry']): GeofencesTable['kind'] {
  return geometry.type === 'Point'
    ? 'circle'
    : geometry.type === 'LineString'
      ? 'corridor'
      : 'polygon';
}

function vertexCount(geometry: GeofenceSave['geometry']): number {
  if (geometry.type === 'Point') return 1;
  if (geometry.type === 'LineString') return geometry.coordinates.length;
  return geometry.coordinates.reduce((sum, ring) => sum + ring.length, 0);
}

/** A stored row as `get_all` answers it. */
export function toGeofence(row: GeofenceRow): Geofence {
  const { type, coordinates } = row.geom;
  return {
    id: row.id,
    name: row.name,
    recordedat: new Date(row.updated_at).toISOString(),
    geom: { type, coordinates } as Geometry,
    attributes: row.attributes,
    accessType: row.access_type,
    autoAsign: row.auto_asign,
    notify: row.notify,
    color: row.color,
    speedLimit: row.speed_limit_kmh,
    width: row.kind === 'corridor' ? row.width_m : null,
    radius: row.kind === 'circle' ? row.radius_m : null,
    vehicles: row.vehicle_ids,
    groups: row.group_ids,
  };
}

/** The columns a save writes. */
function columnsOf(input: GeofenceSave) {
  const { geometry, properties: p } = input;
  const widthM = geometry.type === 'LineString' ? (p.width ?? null) : null;
  const radiusM = geometry.type === 'Point' ? (p.radius ?? null) : null;
  const box = bboxOf(geometry, widthM, radiusM);
  return {
    name: p.name,
    kind: kindOf(geometry),
    geom: JSON.stringify({ type: geometry.type, coordinates: geometry.coordinates }),
    width_m: widthM,
    radius_m: radiusM,
    access_type: p.accessType,
    auto_asign: p.autoAsign,
    notify: p.notify,
    speed_limit_kmh: p.speedLimit,
    attributes: JSON.stringify(p.attributes),
    color: p.color,
    vehicle_ids: [...new Set(p.vehicles)].sort((a, b) => a - b),
    group_ids: [...new Set(p.groups)].sort((a, b) => a - b),
    min_lng: box.minLng,
    min_lat: box.minLat,
    max_lng: box.maxLng,
    max_lat: box.maxLat,
    vertex_count: vertexCount(geometry),
  };
}

const tenantGeofences = (db: Kysely<Database>, tenantId: number) =>
  db.selectFrom('geofences').selectAll().where('tenant_id', '=', tenantId);
const geofences = tenantRows(tenantGeofences, 'id', toGeofence, (q) =>
  q.orderBy('name').orderBy('id'),
);
/** The tenant's geofences, by name. */
export const listGeofences = geofences.list;

/** Every stored geofence row of a tenant (the pipeline's index), or of all tenants; or some. */
export function geofenceRows(
  db: Kysely<Database>,
  tenantId?: number,
  ids?: readonly number[],
): Promise<GeofenceRow[]> {
  let query = db.selectFrom('geofences').selectAll();
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  if (ids !== undefined) query = query.where('id', 'in', [...ids]);
  return query.orderBy('id').execute();
}

/** Tenants with at least one geofence or live POI. */
export async function tenantsWithPlaces(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('geofences')
    .select('tenant_id')
    .union(db.selectFrom('interest_points').select('tenant_id').where('deleted', '=', false))
    .execute();
  return rows.map((row) => row.tenant_id);
}

/** Id and revision of each geofence of a tenant (what changed since the index was built). */
export function geofenceVersions(
  db: Kysely<Database>,
  tenantId: number,
): Promise<{ id: number; revision: number }[]> {
  return db
    .selectFrom('geofences')
    .select(['id', 'revision'])
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
}

export const findGeofence = geofences.find;

export async function insertGeofence(
  db: Kysely<Database>,
  tenantId: number,
  userId: number | null,
  input: GeofenceSave,
): Promise<number> {
  const { id } = await db
    .insertInto('geofences')
    .values({ tenant_id: tenantId, created_by: userId, ...columnsOf(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Replaces a geofence of the tenant; false when it is not the tenant's. */
export async function updateGeofence(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  input: GeofenceSave,
): Promise<boolean> {
  const result = await db
    .updateTable('geofences')
    .set({ ...columnsOf(input), updated_at: sql`now()`, revision: sql`revision + 1` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The attribute names the tenant's geofences use, sorted. */
export async function geofenceAttributeNames(
  db: Kysely<Database>,
  tenantId: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('geofences')
    .select('attributes')
    .where('tenant_id', '=', tenantId)
    .execute();
  const names = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row.attributes)) names.add(key);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Every vehicle's group (of one tenant, or of all). */
export async function vehicleGroups(
  db: Kysely<Database>,
  tenantId?: number,
): Promise<{ id: number; group_id: number | null }[]> {
  let query = db.selectFrom('vehicles').select(['id', 'group_id']);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.execute();
}

/** The ids among `ids` that are the tenant's vehicles / groups. */
export async function tenantVehicleIds(
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  return new Set(await tenantColumn(db, 'vehicles', 'id', tenantId, 'id', ids));
}

export async function tenantGroupIds(
  db: Kysely<Database>,
  tenantId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  return new Set(await tenantColumn(db, 'vehicle_groups', 'id', tenantId, 'id', ids));
}

// ---------------------------------------------------------------------------------------------
// Points of interest.

type PoiRow = Selectable<InterestPointsTable>;

/** A stored POI as spec §3 names its fields. */
export function toInterestPoint(row: PoiRow): InterestPoint {
  return {
    idInterestPoint: row.id,
    idInterestPointType: row.type_id,
    nombre: row.nombre,
    idUsuario: row.user_id,
    idCliente: row.id_cliente,
    descripcion: row.descripcion,
    radio: row.radio_m,
    recordedat: new Date(row.updated_at).toISOString(),
    geom: { type: 'Point', coordinates: [row.lng, row.lat] },
    deleted: row.deleted,
  };
}

export async function listInterestPoints(
  db: Kysely<Database>,
  tenantId: number,
  withDeleted: boolean,
): Promise<InterestPoint[]> {
  let query = tenantInterestPoints(db, tenantId);
  if (!withDeleted) query = query.where('deleted', '=', false);
  const rows = await query.orderBy('nombre').orderBy('id').execute();
  return rows.map(toInterestPoint);
}

/** Live POI rows of a tenant (the pipeline's index), or of all tenants. */
export function interestPointRows(db: Kysely<Database>, tenantId?: number): Promise<PoiRow[]> {
  let query = db.selectFrom('interest_points').selectAll().where('deleted', '=', false);
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  return query.orderBy('id').execute();
}

const tenantInterestPoints = (db: Kysely<Database>, tenantId: number) =>
  db.selectFrom('interest_points').selectAll().where('tenant_id', '=', tenantId);
const interestPoints = tenantRows(tenantInterestPoints, 'id', toInterestPoint, (q) =>
  q.orderBy('nombre').orderBy('id'),
);
export const findInterestPoint = interestPoints.find;

export async function insertInterestPoint(
  db: Kysely<Database>,
  tenantId: number,
  userId: number | null,
  input: InterestPointCreate,
): Promise<number> {
  const [lng, lat] = input.geom.coordinates;
  const { id } = await db
    .insertInto('interest_points')
    .values({
      tenant_id: tenantId,
      type_id: input.idInterestPointType,
      nombre: input.nombre,
      descripcion: input.descripcion,
      radio_m: input.radio,
      id_cliente: input.idCliente,
      user_id: userId,
      lat,
      lng,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes the given fields of a live POI of the tenant; false when there is none. */
export async function updateInterestPoint(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
  patch: InterestPointPatch,
): Promise<boolean> {
  const set: Record<string, unknown> = { updated_at: sql`now()` };
  if (patch.idInterestPointType !== undefined) set.type_id = patch.idInterestPointType;
  if (patch.nombre !== undefined) set.nombre = patch.nombre;
  if (patch.descripcion !== undefined) set.descripcion = patch.descripcion;
  if (patch.radio !== undefined) set.radio_m = patch.radio;
  if (patch.idCliente !== undefined) set.id_cliente = patch.idCliente;
  if (patch.geom !== undefined) {
    set.lng = patch.geom.coordinates[0];
    set.lat = patch.geom.coordinates[1];
  }
  const result = await db
    .updateTable('interest_points')
    .set(set)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a live POI of the tenant deleted; false when there is none. */
export async function softDeleteInterestPoint(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .updateTable('interest_points')
    .set({ deleted: true, updated_at: sql`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** POI types the tenant may use: the built-in ones and its own. */
export async function listInterestPointTypes(db: Kysely<Database>, tenantId: number) {
  const rows = await db
    .selectFrom('interest_point_types')
    .selectAll()
    .where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]))
    .orderBy(sql`tenant_id nulls first`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, icono: row.icono as PoiIcon }));
}

export async function insertInterestPointType(
  db: Kysely<Database>,
  tenantId: number,
  nombre: string,
  icono: PoiIcon,
): Promise<number> {
  const { id } = await db
    .insertInto('interest_point_types')
    .values({ tenant_id: tenantId, nombre, icono })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
