import type { Kysely } from 'kysely';
import type {
  DeviceInput,
  GroupWithVehicles,
  LastInfo,
  Vehicle,
  VehicleInput,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { tenantRowExists } from '../../db/tenant-rows.js';
import {
  deleteDevice,
  deleteGroup,
  deleteVehicle,
  deviceOfVehicle,
  ensureGroup,
  findDevice,
  findDeviceByUniqueId,
  findVehicle,
  groupNameTaken,
  groupsWithVehicles,
  insertDevice,
  insertVehicle,
  listVehicles,
  plateTaken,
  renameGroup,
  updateDevice,
  updateVehicle,
} from './fleet.repository.js';
import { implementVisible } from './trailer-kinds.repository.js';
import { orNotFound } from '../../lib/not-found.js';

/** What the fleet module tells the live fleet (realtime implements it; modules never import it). */
export interface FleetLive {
  upsertVehicle(tenantId: number, vehicle: Vehicle): void;
  removeVehicle(vehicleId: number): void;
  /** The tenant's last infos. */
  list(tenantId: number): LastInfo[];
  /** The tenant's last positions as a JSON body, built once per change (and gzipped). */
  json(tenantId: number, nowMs: number): Buffer;
  gzip(tenantId: number, nowMs: number): Buffer;
}

/** What the fleet use cases need. */
export interface FleetDeps {
  db: Kysely<Database>;
  live: FleetLive;
  /** Called when a device's assignment changes, so ingest forgets what it cached. */
  onDeviceChanged?: (uniqueId: string) => void;
}

async function checkVehicleRefs(
  deps: FleetDeps,
  tenantId: number,
  input: VehicleInput,
  exceptId?: number,
) {
  if (await plateTaken(deps.db, tenantId, input.plate, exceptId)) {
    throw new DomainError('conflict', {}, [
      { path: 'body.plate', message: 'plate already exists' },
    ]);
  }
  if (
    input.groupId !== null &&
    !(await tenantRowExists(deps.db, 'vehicle_groups', tenantId, input.groupId))
  ) {
    throw new DomainError('validation', {}, [{ path: 'body.groupId', message: 'unknown group' }]);
  }
  if (
    input.implementId !== null &&
    !(await implementVisible(deps.db, tenantId, input.implementId))
  ) {
    throw new DomainError('validation', {}, [
      { path: 'body.implementId', message: 'unknown implement' },
    ]);
  }
}

/** Creates a vehicle; it appears in the live fleet at once. */
export async function createVehicle(deps: FleetDeps, tenantId: number, input: VehicleInput) {
  await checkVehicleRefs(deps, tenantId, input);
  const id = await insertVehicle(deps.db, tenantId, input);
  const vehicle = await findVehicle(deps.db, tenantId, id);
  if (!vehicle) throw new Error('vehicle vanished after insert');
  deps.live.upsertVehicle(tenantId, vehicle);
  // Other API nodes' live fleets learn it through the bus.
  deps.onDeviceChanged?.(vehicle.deviceUniqueId ?? '');
  return vehicle;
}

/** Edits a vehicle of the tenant. */
export async function editVehicle(
  deps: FleetDeps,
  tenantId: number,
  id: number,
  input: VehicleInput,
) {
  if (!(await findVehicle(deps.db, tenantId, id))) throw new DomainError('not_found');
  await checkVehicleRefs(deps, tenantId, input, id);
  await updateVehicle(deps.db, tenantId, id, input);
  const vehicle = orNotFound(await findVehicle(deps.db, tenantId, id));
  deps.live.upsertVehicle(tenantId, vehicle);
  deps.onDeviceChanged?.(vehicle.deviceUniqueId ?? '');
  return vehicle;
}

/** Deletes a vehicle of the tenant (its device stays, unassigned). */
export async function removeVehicle(deps: FleetDeps, tenantId: number, id: number): Promise<void> {
  const vehicle = orNotFound(await findVehicle(deps.db, tenantId, id));
  await deleteVehicle(deps.db, tenantId, id);
  deps.live.removeVehicle(id);
  deps.onDeviceChanged?.(vehicle.deviceUniqueId ?? '');
}

/** Groups with their vehicles, for `GET /vehicles/groups/vehicles`. */
export async function groupsAndVehicles(
  deps: FleetDeps,
  tenantId: number,
  noGroupName: string,
): Promise<GroupWithVehicles[]> {
  const rows = await groupsWithVehicles(deps.db, tenantId);
  const groups = new Map<string, GroupWithVehicles>();
  for (const row of rows) {
    const key = row.groupId === null ? 'none' : String(row.groupId);
    let group = groups.get(key);
    if (!group) {
      group = { groupId: row.groupId, name: row.name ?? noGroupName, vehicleList: [] };
      groups.set(key, group);
    }
    if (row.vehicleId !== null && row.plate !== null)
      group.vehicleList.push({ vehicleId: row.vehicleId, plate: row.plate });
  }
  return [...groups.values()];
}

/** Creates a group. */
export async function createGroup(deps: FleetDeps, tenantId: number, name: string) {
  if (await groupNameTaken(deps.db, tenantId, name)) throw new DomainError('conflict');
  const id = await ensureGroup(deps.db, tenantId, name);
  return { id, name, vehicleCount: 0 };
}

/** Renames a group. */
export async function editGroup(
  deps: FleetDeps,
  tenantId: number,
  id: number,
  name: string,
): Promise<void> {
  if (!(await tenantRowExists(deps.db, 'vehicle_groups', tenantId, id)))
    throw new DomainError('not_found');
  if (await groupNameTaken(deps.db, tenantId, name, id)) throw new DomainError('conflict');
  await renameGroup(deps.db, tenantId, id, name);
  for (const vehicle of await listVehicles(deps.db, tenantId)) {
    if (vehicle.groupId === id) deps.live.upsertVehicle(tenantId, vehicle);
  }
}

/** Deletes a group; its vehicles remain without group. */
export async function removeGroup(deps: FleetDeps, tenantId: number, id: number): Promise<void> {
  if (!(await deleteGroup(deps.db, tenantId, id))) throw new DomainError('not_found');
}

async function checkDeviceRefs(
  deps: FleetDeps,
  tenantId: number,
  input: DeviceInput,
  exceptId?: number,
) {
  const sameId = await findDeviceByUniqueId(deps.db, input.uniqueId);
  if (sameId && sameId.id !== exceptId) {
    throw new DomainError('conflict', {}, [
      { path: 'body.uniqueId', message: 'device id already registered' },
    ]);
  }
  if (input.vehicleId !== null) {
    if (!(await findVehicle(deps.db, tenantId, input.vehicleId))) {
      throw new DomainError('validation', {}, [
        { path: 'body.vehicleId', message: 'unknown vehicle' },
      ]);
    }
    const fitted = await deviceOfVehicle(deps.db, input.vehicleId);
    if (fitted !== undefined && fitted !== exceptId) {
      throw new DomainError('conflict', {}, [
        { path: 'body.vehicleId', message: 'vehicle already has a device' },
      ]);
    }
  }
}

/** Registers a device. */
export async function createDevice(deps: FleetDeps, tenantId: number, input: DeviceInput) {
  await checkDeviceRefs(deps, tenantId, input);
  const id = await insertDevice(deps.db, tenantId, input);
  deps.onDeviceChanged?.(input.uniqueId);
  const device = await findDevice(deps.db, tenantId, id);
  if (!device) throw new Error('device vanished after insert');
  return device;
}

/** Edits a device (e.g. assigns it to a vehicle). */
export async function editDevice(
  deps: FleetDeps,
  tenantId: number,
  id: number,
  input: DeviceInput,
) {
  const before = orNotFound(await findDevice(deps.db, tenantId, id));
  await checkDeviceRefs(deps, tenantId, input, id);
  await updateDevice(deps.db, tenantId, id, input);
  deps.onDeviceChanged?.(before.uniqueId);
  deps.onDeviceChanged?.(input.uniqueId);
  const device = orNotFound(await findDevice(deps.db, tenantId, id));
  return device;
}

/** Deletes a device. */
export async function removeDevice(deps: FleetDeps, tenantId: number, id: number): Promise<void> {
  const before = orNotFound(await findDevice(deps.db, tenantId, id));
  await deleteDevice(deps.db, tenantId, id);
  deps.onDeviceChanged?.(before.uniqueId);
}
