import {
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  type AdditionalMaintenance,
  type AdditionalSave,
  type MaintenanceAttachment,
  type MaintenancePlan,
  type MaintenanceService,
  type PlanSave,
  type ServiceCreate,
} from '@rumbo/contracts';
import { trackedValue, utcDayMs } from '@rumbo/telematics';
import { DomainError } from '../../lib/errors.js';
import { tenantRowExists, deleteTenantRow } from '../../db/tenant-rows.js';
import { fileTooLarge, fileTypeRefused } from '../../lib/upload-errors.js';
import { forecastVehicles } from './maintenance-forecast.repository.js';
import {
  findAttachment,
  insertAdditional,
  insertAttachment,
  insertService,
  itemsCovering,
  listAdditional,
  listServices,
  updateAdditional,
} from './maintenance-records.repository.js';
import { insertMissingAnchors, listPlans, ownedIds, writePlan } from './maintenance.repository.js';
import {
  DAY_MS,
  now,
  isoDay,
  dayMs,
  countersOf,
  type MaintenanceDeps,
} from './maintenance-forecast.service.js';

// Maintenance use cases (docs/decisions/0025-maintenance.md): plans, additional maintenance,
// services and their attachments. The forecast and the job's pass: maintenance-forecast.service.ts
// (its entry points are re-exported here for the routes and the job).
export {
  forecastEntries,
  forecastOf,
  maintenancePass,
  type ForecastEntry,
  type MaintenanceDeps,
  type MaintenanceNotice,
} from './maintenance-forecast.service.js';
import { orNotFound } from '../../lib/not-found.js';

function invalid(path: string, message: string): never {
  throw new DomainError('validation', {}, [{ path, message }]);
}

// ---------------------------------------------------------------- plans

export function plansOf(deps: MaintenanceDeps, tenantId: number): Promise<MaintenancePlan[]> {
  return listPlans(deps.db, tenantId);
}

/** Saves a whole plan; vehicles, groups and kept items must be the tenant's (and the plan's). */
export async function savePlan(
  deps: MaintenanceDeps,
  tenantId: number,
  planId: number | null,
  input: PlanSave,
): Promise<MaintenancePlan> {
  if (planId !== null && !(await tenantRowExists(deps.db, 'maintenance_plans', tenantId, planId))) {
    throw new DomainError('not_found');
  }
  const itemIds = input.items.flatMap((i) => (i.id === undefined ? [] : [i.id]));
  if (itemIds.length > 0 && planId === null) invalid('body.items.id', 'unknown item');
  const owned = await ownedIds(
    deps.db,
    tenantId,
    { vehicles: input.vehicleIds, groups: input.groupIds, items: itemIds, additional: [] },
    planId,
  );
  if (input.vehicleIds.some((id) => !owned.vehicles.has(id))) throw new DomainError('not_found');
  if (input.groupIds.some((id) => !owned.groups.has(id))) throw new DomainError('not_found');
  if (itemIds.some((id) => !owned.items.has(id))) invalid('body.items.id', 'unknown item');
  const id = await deps.db.transaction().execute(async (trx) => {
    const saved = await writePlan(trx, tenantId, planId, input);
    await insertMissingAnchors(trx, tenantId, isoDay(now(deps)));
    return saved;
  });
  const plan = (await listPlans(deps.db, tenantId)).find((p) => p.id === id);
  if (!plan) throw new DomainError('not_found');
  return plan;
}

export async function removePlan(deps: MaintenanceDeps, tenantId: number, planId: number) {
  if (!(await deleteTenantRow(deps.db, 'maintenance_plans', tenantId, planId)))
    throw new DomainError('not_found');
}

// ---------------------------------------------------------------- additional

export function additionalOf(
  deps: MaintenanceDeps,
  tenantId: number,
): Promise<AdditionalMaintenance[]> {
  return listAdditional(deps.db, tenantId);
}

async function oneAdditional(deps: MaintenanceDeps, tenantId: number, id: number) {
  const [found] = await listAdditional(deps.db, tenantId, [id]);
  if (!found) throw new DomainError('not_found');
  return found;
}

async function checkVehicle(deps: MaintenanceDeps, tenantId: number, vehicleId: number) {
  const owned = await ownedIds(
    deps.db,
    tenantId,
    { vehicles: [vehicleId], groups: [], items: [], additional: [] },
    null,
  );
  if (!owned.vehicles.has(vehicleId)) throw new DomainError('not_found');
}

/** A one-off maintenance is due on a day, at an odometer reading, or both. */
function checkDue(input: AdditionalSave) {
  if (input.dueDate === null && input.dueKm === null) invalid('body.dueDate', 'due_required');
}

export async function createAdditional(
  deps: MaintenanceDeps,
  tenantId: number,
  input: AdditionalSave,
): Promise<AdditionalMaintenance> {
  await checkVehicle(deps, tenantId, input.vehicleId);
  checkDue(input);
  return oneAdditional(deps, tenantId, await insertAdditional(deps.db, tenantId, input));
}

export async function editAdditional(
  deps: MaintenanceDeps,
  tenantId: number,
  id: number,
  input: AdditionalSave,
): Promise<AdditionalMaintenance> {
  await oneAdditional(deps, tenantId, id);
  await checkVehicle(deps, tenantId, input.vehicleId);
  checkDue(input);
  if (!(await updateAdditional(deps.db, tenantId, id, input))) throw new DomainError('not_found');
  return oneAdditional(deps, tenantId, id);
}

export async function removeAdditional(deps: MaintenanceDeps, tenantId: number, id: number) {
  if (!(await deleteTenantRow(deps.db, 'maintenance_additional', tenantId, id)))
    throw new DomainError('not_found');
}

// ---------------------------------------------------------------- services

export function servicesOf(
  deps: MaintenanceDeps,
  tenantId: number,
  vehicleId: number | undefined,
): Promise<MaintenanceService[]> {
  return listServices(deps.db, tenantId, { vehicleId });
}

/**
 * Records a service done; the plan items it names are re-anchored on it (the latest service
 * naming an item anchors it). Without odometer or hours, the vehicle's counters now are taken.
 */
export async function recordService(
  deps: MaintenanceDeps,
  tenantId: number,
  input: ServiceCreate,
): Promise<MaintenanceService> {
  const owned = await ownedIds(
    deps.db,
    tenantId,
    {
      vehicles: [input.vehicleId],
      groups: [],
      items: input.itemIds,
      additional: input.additionalIds,
    },
    null,
  );
  if (!owned.vehicles.has(input.vehicleId)) throw new DomainError('not_found');
  if (input.itemIds.some((id) => !owned.items.has(id))) throw new DomainError('not_found');
  if (input.additionalIds.some((id) => !owned.additional.has(id))) {
    throw new DomainError('not_found');
  }
  if (dayMs(input.date) > utcDayMs(now(deps)) + DAY_MS) invalid('body.date', 'future date');
  const covering = await itemsCovering(deps.db, tenantId, input.vehicleId);
  if (input.itemIds.some((id) => !covering.has(id))) {
    invalid('body.itemIds', 'item not in a plan of this vehicle');
  }
  const extras = await listAdditional(deps.db, tenantId, input.additionalIds);
  if (extras.some((a) => a.vehicleId !== input.vehicleId)) {
    invalid('body.additionalIds', 'maintenance of another vehicle');
  }
  let { odometerKm, engineHours } = input;
  if (odometerKm === null || engineHours === null) {
    const v = (await forecastVehicles(deps.db, tenantId)).find(
      (row) => row.vehicleId === input.vehicleId,
    );
    const c = v ? countersOf(v) : {};
    odometerKm ??= c.km ? Math.round(trackedValue(c.km)) : null;
    engineHours ??= c.hours ? Math.round(trackedValue(c.hours) * 10) / 10 : null;
  }
  const id = await deps.db
    .transaction()
    .execute((trx) => insertService(trx, tenantId, { ...input, odometerKm, engineHours }));
  const [service] = await listServices(deps.db, tenantId, { ids: [id] });
  if (!service) throw new DomainError('not_found');
  return service;
}

export async function removeService(deps: MaintenanceDeps, tenantId: number, id: number) {
  if (!(await deleteTenantRow(deps.db, 'maintenance_services', tenantId, id)))
    throw new DomainError('not_found');
}

/** Which attachment types are taken, by the bytes' signature (`file-type`). */
export async function addAttachment(
  deps: MaintenanceDeps,
  tenantId: number,
  serviceId: number,
  name: string,
  data: unknown,
): Promise<MaintenanceAttachment> {
  if (!(await tenantRowExists(deps.db, 'maintenance_services', tenantId, serviceId))) {
    throw new DomainError('not_found');
  }
  // Bodies of other types (JSON, text) are no file.
  if (!Buffer.isBuffer(data)) throw fileTypeRefused(ATTACHMENT_TYPES);
  if (data.byteLength === 0) invalid('body', 'empty file');
  if (data.byteLength > MAX_ATTACHMENT_BYTES) throw fileTooLarge(MAX_ATTACHMENT_BYTES);
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  if (!type || !(ATTACHMENT_TYPES as readonly string[]).includes(type.mime)) {
    throw fileTypeRefused(ATTACHMENT_TYPES);
  }
  return insertAttachment(deps.db, tenantId, {
    serviceId,
    name,
    mime: type.mime,
    data: new Uint8Array(data),
  });
}

export async function attachmentOf(deps: MaintenanceDeps, tenantId: number, id: number) {
  const found = orNotFound(await findAttachment(deps.db, tenantId, id));
  return found;
}

export async function removeAttachment(deps: MaintenanceDeps, tenantId: number, id: number) {
  if (!(await deleteTenantRow(deps.db, 'maintenance_attachments', tenantId, id)))
    throw new DomainError('not_found');
}
