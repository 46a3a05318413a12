import { sql, type Kysely, type Transaction } from 'kysely';
import type { DeviceInput, DeviceProtocol, Vehicle, VehicleInput } from '@rumbo/contracts';
import type { Database, FuelTankJson } from '../../db/schema.js';
import { deleteTenantRow, firstRow, tenantRows } from '../../db/tenant-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

function vehicleQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('vehicles as v')
    .leftJoin('vehicle_groups as g', 'g.id', 'v.group_id')
    .leftJoin('implements as i', 'i.id', 'v.implement_id')
    .leftJoin('devices as d', 'd.vehicle_id', 'v.id')
    .select([
      'v.id',
      'v.plate',
      'v.vim',
      'v.kind',
      'v.description',
      'v.brand',
      'v.model',
      'v.model_year',
      'v.implement_id',
      'v.tank_capacity_l',
      'v.urea_capacity_l',
      'v.speed_limit_kmh',
      'v.group_id',
      'g.name as group_name',
      'i.description as implement_name',
      'd.unique_id as device_unique_id',
      'd.protocol as device_protocol',
    ])
    .where('v.tenant_id', '=', tenantId);
}

type VehicleRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof vehicleQuery>['executeTakeFirst']>>
>;

function toVehicle(row: VehicleRow): Vehicle {
  return {
    vehicleId: row.id,
    plate: row.plate,
    vim: row.vim,
    kind: row.kind as Vehicle['kind'],
    description: row.description,
    brand: row.brand,
    model: row.model,
    modelYear: row.model_year,
    implementId: row.implement_id,
    tankCapacityL: row.tank_capacity_l,
    ureaCapacityL: row.urea_capacity_l,
    speedLimitKmh: row.speed_limit_kmh,
    groupId: row.group_id,
    groupName: row.group_name,
    implementName: row.implement_name,
    deviceUniqueId: row.device_unique_id,
    deviceProtocol: row.device_protocol,
  };
}

function vehicleColumns(input: VehicleInput) {
  return {
    plate: input.plate,
    vim: input.vim,
    kind: input.kind,
    description: input.description,
    brand: input.brand,
    model: input.model,
    model_year: input.modelYear,
    implement_id: input.implementId,
    tank_capacity_l: input.tankCapacityL,
    urea_capacity_l: input.ureaCapacityL,
    speed_limit_kmh: input.speedLimitKmh,
    group_id: input.groupId,
  };
}

const vehicles = tenantRows(vehicleQuery, 'v.id', toVehicle, (q) => q.orderBy('v.plate'));
/** Every vehicle of a tenant, by plate. */
export const listVehicles = vehicles.list;
/** One vehicle of a tenant. */
export const findVehicle = vehicles.find;

/** A vehicle's tank model (migration 0013; null: one linear tank of its capacity). */
export async function findVehicleFuelTanks(
  db: Db,
  tenantId: number,
  id: number,
): Promise<FuelTankJson[] | null> {
  const row = await db
    .selectFrom('vehicles')
    .select('fuel_tanks')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.fuel_tanks ?? null;
}

/** Vehicles of a tenant by ids (missing ones are skipped). */
export async function findVehiclesByIds(
  db: Db,
  tenantId: number,
  ids: number[],
): Promise<Vehicle[]> {
  if (ids.length === 0) return [];
  const rows = await vehicleQuery(db, tenantId).where('v.id', 'in', ids).execute();
  return rows.map(toVehicle);
}

/** Whether a plate is taken in a tenant (optionally by another vehicle than `exceptId`). */
export async function plateTaken(
  db: Db,
  tenantId: number,
  plate: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('vehicles')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where(sql`lower(plate)`, '=', plate.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Creates a vehicle; returns its id. */
export async function insertVehicle(
  db: Db,
  tenantId: number,
  input: VehicleInput,
): Promise<number> {
  const row = await db
    .insertInto('vehicles')
    .values({ tenant_id: tenantId, ...vehicleColumns(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a vehicle of a tenant; false when it does not exist there. */
export async function updateVehicle(
  db: Db,
  tenantId: number,
  id: number,
  input: VehicleInput,
): Promise<boolean> {
  const result = await db
    .updateTable('vehicles')
    .set({
      ...vehicleColumns(input),
      // The tank model stays while the form's capacity is still its sum (decision 0024).
      fuel_tanks: sql<
        string | null
      >`case when abs(coalesce(tank_capacity_l, -1) - coalesce(${input.tankCapacityL}::real, -1)) < 0.05 then fuel_tanks else null end`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a vehicle of a tenant; false when it does not exist there. */
export async function deleteVehicle(db: Db, tenantId: number, id: number): Promise<boolean> {
  return deleteTenantRow(db, 'vehicles', tenantId, id);
}

/** Groups of a tenant with their vehicle counts. */
export async function listGroups(
  db: Db,
  tenantId: number,
): Promise<{ id: number; name: string; vehicleCount: number }[]> {
  const rows = await db
    .selectFrom('vehicle_groups as g')
    .leftJoin('vehicles as v', 'v.group_id', 'g.id')
    .select(['g.id', 'g.name', (eb) => eb.fn.count<number>('v.id').as('vehicle_count')])
    .where('g.tenant_id', '=', tenantId)
    .groupBy(['g.id', 'g.name'])
    .orderBy('g.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    vehicleCount: Number(row.vehicle_count),
  }));
}

/** Creates a group, or returns the existing one with that name. */
export async function ensureGroup(db: Db, tenantId: number, name: string): Promise<number> {
  await db
    .insertInto('vehicle_groups')
    .values({ tenant_id: tenantId, name })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
  const row = await db
    .selectFrom('vehicle_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether a group name is taken in a tenant by another group. */
export async function groupNameTaken(
  db: Db,
  tenantId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('vehicle_groups')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Renames a group of a tenant. */
export async function renameGroup(
  db: Db,
  tenantId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('vehicle_groups')
    .set({ name })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a group of a tenant (its vehicles stay, without group). */
export async function deleteGroup(db: Db, tenantId: number, id: number): Promise<boolean> {
  return deleteTenantRow(db, 'vehicle_groups', tenantId, id);
}

/** Groups with their vehicles (vehicles without a group under `null`). */
export async function groupsWithVehicles(
  db: Db,
  tenantId: number,
): Promise<
  { groupId: number | null; name: string | null; vehicleId: number | null; plate: string | null }[]
> {
  const grouped = await db
    .selectFrom('vehicle_groups as g')
    .leftJoin('vehicles as v', 'v.group_id', 'g.id')
    .select(['g.id as groupId', 'g.name', 'v.id as vehicleId', 'v.plate'])
    .where('g.tenant_id', '=', tenantId)
    .orderBy('g.name')
    .orderBy('v.plate')
    .execute();
  const loose = await db
    .selectFrom('vehicles')
    .select(['id as vehicleId', 'plate'])
    .where('tenant_id', '=', tenantId)
    .where('group_id', 'is', null)
    .orderBy('plate')
    .execute();
  return [
    ...grouped,
    ...loose.map((v) => ({ groupId: null, name: null, vehicleId: v.vehicleId, plate: v.plate })),
  ];
}

function deviceQuery(db: Db) {
  return db
    .selectFrom('devices as d')
    .leftJoin('vehicles as v', 'v.id', 'd.vehicle_id')
    .leftJoin('vehicle_state as s', 's.vehicle_id', 'd.vehicle_id')
    .select([
      'd.id',
      'd.tenant_id',
      'd.unique_id',
      'd.protocol',
      'd.model',
      'd.vehicle_id',
      'd.auto_registered',
      'v.plate',
      's.fix_time',
    ]);
}

type DeviceRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof deviceQuery>['executeTakeFirst']>>
>;

/** A device as the pipeline and administration see it. */
export interface DeviceRecord {
  id: number;
  tenantId: number;
  uniqueId: string;
  protocol: DeviceProtocol;
  model: string | null;
  vehicleId: number | null;
  autoRegistered: boolean;
  plate: string | null;
  lastConnection: string | null;
}

function toDevice(row: DeviceRow): DeviceRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    uniqueId: row.unique_id,
    protocol: row.protocol,
    model: row.model,
    vehicleId: row.vehicle_id,
    autoRegistered: row.auto_registered,
    plate: row.plate,
    lastConnection: row.fix_time ? new Date(row.fix_time).toISOString() : null,
  };
}

const tenantDevices = (db: Db, tenantId: number) =>
  deviceQuery(db).where('d.tenant_id', '=', tenantId);
const devices = tenantRows(tenantDevices, 'd.id', toDevice, (q) => q.orderBy('d.unique_id'));
/** Devices of a tenant. */
export const listDevices = devices.list;

/** A device by its unique id (IMEI), whatever its tenant: ingest identifies devices this way. */
export async function findDeviceByUniqueId(
  db: Db,
  uniqueId: string,
): Promise<DeviceRecord | undefined> {
  return firstRow(deviceQuery(db).where('d.unique_id', '=', uniqueId), toDevice);
}

/** A device of a tenant by id. */
export const findDevice = devices.find;

/** Creates a device; returns its id. */
export async function insertDevice(
  db: Db,
  tenantId: number,
  input: DeviceInput,
  autoRegistered = false,
): Promise<number> {
  const row = await db
    .insertInto('devices')
    .values({
      tenant_id: tenantId,
      unique_id: input.uniqueId,
      protocol: input.protocol,
      model: input.model,
      vehicle_id: input.vehicleId,
      auto_registered: autoRegistered,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a device of a tenant. */
export async function updateDevice(
  db: Db,
  tenantId: number,
  id: number,
  input: DeviceInput,
): Promise<boolean> {
  const result = await db
    .updateTable('devices')
    .set({
      unique_id: input.uniqueId,
      protocol: input.protocol,
      model: input.model,
      vehicle_id: input.vehicleId,
      auto_registered: false,
    })
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a device of a tenant (its stored positions stay until retention drops them). */
export async function deleteDevice(db: Db, tenantId: number, id: number): Promise<boolean> {
  return deleteTenantRow(db, 'devices', tenantId, id);
}

/** Which device, if any, is fitted to a vehicle. */
export async function deviceOfVehicle(db: Db, vehicleId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('devices')
    .select('id')
    .where('vehicle_id', '=', vehicleId)
    .executeTakeFirst();
  return row?.id;
}

/** Every vehicle's last stored state (to fill the live fleet at start). */
export function listVehicleStates(db: Kysely<Database>) {
  return db.selectFrom('vehicle_state').selectAll().where('fix_time', 'is not', null).execute();
}
