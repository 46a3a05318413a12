import type { Kysely } from 'kysely';
import type { Driver, DriverCreate, DriverPatch } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { tenantRowExists, deleteTenantRow } from '../../db/tenant-rows.js';
import {
  driverCodeTaken,
  driverNamesByCode,
  findDriver,
  insertDriver,
  listDrivers,
  updateDriver,
} from './drivers.repository.js';
import { orNotFound } from '../../lib/not-found.js';

/** Where a tenant's driver names go when they change (the live fleet; realtime implements it). */
export interface DriverNamesSink {
  setDriverNames(tenantId: number, names: ReadonlyMap<string, string>): void;
}

/** What the driver use cases need. */
export interface DriversDeps {
  db: Kysely<Database>;
  names?: DriverNamesSink | undefined;
  /** Told after every change, so other API nodes reload their live fleet (and its names). */
  onChanged?: (() => void) | undefined;
}

/** A 409 whose message says the card code belongs to another driver (drivers.routes.ts). */
function codeTaken(): never {
  throw new DomainError('conflict', { reason: 'code_taken' }, [
    { path: 'body.codigo', reason: 'code_taken' },
  ]);
}

async function checkRefs(
  deps: DriversDeps,
  tenantId: number,
  input: DriverPatch,
  exceptId?: number,
): Promise<void> {
  if (
    input.groupId !== undefined &&
    input.groupId !== null &&
    !(await tenantRowExists(deps.db, 'vehicle_groups', tenantId, input.groupId))
  ) {
    throw new DomainError('validation', {}, [{ path: 'body.groupId', message: 'unknown group' }]);
  }
  if (
    input.codigo !== undefined &&
    (await driverCodeTaken(deps.db, tenantId, input.codigo, exceptId))
  ) {
    codeTaken();
  }
}

async function namesChanged(deps: DriversDeps, tenantId: number): Promise<void> {
  deps.names?.setDriverNames(tenantId, await driverNamesByCode(deps.db, tenantId));
  deps.onChanged?.();
}

/** The tenant's drivers. */
export function driversOf(deps: DriversDeps, tenantId: number): Promise<Driver[]> {
  return listDrivers(deps.db, tenantId);
}

/** Creates a driver; a code another driver of the tenant has is a 409. */
export async function createDriver(
  deps: DriversDeps,
  tenantId: number,
  input: DriverCreate,
): Promise<Driver> {
  await checkRefs(deps, tenantId, input);
  const id = await insertDriver(deps.db, tenantId, input);
  if (id === null) codeTaken();
  const driver = await findDriver(deps.db, tenantId, id);
  if (!driver) throw new Error('driver vanished after insert');
  await namesChanged(deps, tenantId);
  return driver;
}

/** Changes the given fields of a driver of the tenant (404 for another tenant's). */
export async function editDriver(
  deps: DriversDeps,
  tenantId: number,
  id: number,
  patch: DriverPatch,
): Promise<Driver> {
  if (!(await findDriver(deps.db, tenantId, id))) throw new DomainError('not_found');
  await checkRefs(deps, tenantId, patch, id);
  if (!(await updateDriver(deps.db, tenantId, id, patch))) {
    if (!(await findDriver(deps.db, tenantId, id))) throw new DomainError('not_found');
    codeTaken();
  }
  const driver = orNotFound(await findDriver(deps.db, tenantId, id));
  await namesChanged(deps, tenantId);
  return driver;
}

/** Deletes a driver of the tenant; positions and events keep the code they recorded. */
export async function removeDriver(deps: DriversDeps, tenantId: number, id: number) {
  if (!(await deleteTenantRow(deps.db, 'drivers', tenantId, id)))
    throw new DomainError('not_found');
  await namesChanged(deps, tenantId);
}
