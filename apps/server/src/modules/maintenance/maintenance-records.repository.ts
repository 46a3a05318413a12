import { sql } from 'kysely';
import type {
  AdditionalMaintenance,
  AdditionalSave,
  MaintenanceAttachment,
  MaintenanceKind,
  MaintenanceService,
} from '@rumbo/contracts';
import { coverage, type Db } from './maintenance.repository.js';

// SQL of what was done and what is to do besides the plans: additional maintenance, services
// (with the plan items they did) and their attachments.

const dayText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

function additionalQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('maintenance_additional as a')
    .innerJoin('vehicles as v', 'v.id', 'a.vehicle_id')
    .leftJoin('maintenance_services as s', 's.id', 'a.service_id')
    .select([
      'a.id',
      'a.vehicle_id',
      'v.plate',
      'a.kind',
      'a.name',
      dayText('a.due_day').as('due_day'),
      'a.due_km',
      'a.notes',
      'a.service_id',
      dayText('s.day').as('done_day'),
      'a.created_at',
    ])
    .where('a.tenant_id', '=', tenantId);
}

export async function listAdditional(
  db: Db,
  tenantId: number,
  ids?: number[],
): Promise<AdditionalMaintenance[]> {
  let query = additionalQuery(db, tenantId);
  if (ids) query = query.where('a.id', 'in', ids.length > 0 ? ids : [0]);
  const rows = await query.orderBy('a.due_day').orderBy('a.id').execute();
  return rows.map((r) => ({
    id: r.id,
    vehicleId: r.vehicle_id,
    plate: r.plate,
    kind: r.kind as MaintenanceKind,
    name: r.name,
    dueDate: r.due_day,
    dueKm: r.due_km,
    notes: r.notes,
    serviceId: r.service_id,
    doneDate: r.service_id === null ? null : r.done_day,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

export async function insertAdditional(
  db: Db,
  tenantId: number,
  input: AdditionalSave,
): Promise<number> {
  const row = await db
    .insertInto('maintenance_additional')
    .values({
      tenant_id: tenantId,
      vehicle_id: input.vehicleId,
      kind: input.kind,
      name: input.name,
      due_day: input.dueDate,
      due_km: input.dueKm,
      notes: input.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAdditional(
  db: Db,
  tenantId: number,
  id: number,
  input: AdditionalSave,
): Promise<boolean> {
  const result = await db
    .updateTable('maintenance_additional')
    .set({
      vehicle_id: input.vehicleId,
      kind: input.kind,
      name: input.name,
      due_day: input.dueDate,
      due_km: input.dueKm,
      notes: input.notes,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------------------------------------------------------------- services and attachments

export async function listServices(
  db: Db,
  tenantId: number,
  filter: { vehicleId?: number | undefined; ids?: number[] },
): Promise<MaintenanceService[]> {
  let query = db
    .selectFrom('maintenance_services as s')
    .innerJoin('vehicles as v', 'v.id', 's.vehicle_id')
    .select([
      's.id',
      's.vehicle_id',
      'v.plate',
      dayText('s.day').as('day'),
      's.odometer_km',
      's.engine_hours',
      's.cost',
      's.workshop',
      's.notes',
    ])
    .where('s.tenant_id', '=', tenantId);
  if (filter.vehicleId !== undefined) query = query.where('s.vehicle_id', '=', filter.vehicleId);
  if (filter.ids) query = query.where('s.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  const services = await query.orderBy('s.day', 'desc').orderBy('s.id', 'desc').execute();
  if (services.length === 0) return [];
  const ids = services.map((s) => s.id);
  const [items, additional, attachments] = await Promise.all([
    db
      .selectFrom('maintenance_service_items as si')
      .innerJoin('maintenance_items as i', 'i.id', 'si.item_id')
      .select(['si.service_id', 'i.id', 'i.name'])
      .where('si.service_id', 'in', ids)
      .orderBy('i.position')
      .execute(),
    db
      .selectFrom('maintenance_additional')
      .select(['service_id', 'id', 'name'])
      .where('service_id', 'in', ids)
      .execute(),
    db
      .selectFrom('maintenance_attachments')
      .select(['service_id', 'id', 'name', 'mime', 'size'])
      .where('service_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  return services.map((s) => ({
    id: s.id,
    vehicleId: s.vehicle_id,
    plate: s.plate,
    date: s.day,
    odometerKm: s.odometer_km,
    engineHours: s.engine_hours,
    cost: s.cost,
    workshop: s.workshop,
    notes: s.notes,
    done: [
      ...items
        .filter((i) => i.service_id === s.id)
        .map((i) => ({ source: 'plan' as const, id: i.id, name: i.name })),
      ...additional
        .filter((a) => a.service_id === s.id)
        .map((a) => ({ source: 'additional' as const, id: a.id, name: a.name })),
    ],
    attachments: attachments
      .filter((a) => a.service_id === s.id)
      .map((a) => ({ id: a.id, name: a.name, mime: a.mime, size: a.size })),
  }));
}

export async function insertService(
  trx: Db,
  tenantId: number,
  service: {
    vehicleId: number;
    date: string;
    odometerKm: number | null;
    engineHours: number | null;
    cost: number | null;
    workshop: string;
    notes: string;
    itemIds: number[];
    additionalIds: number[];
  },
): Promise<number> {
  const row = await trx
    .insertInto('maintenance_services')
    .values({
      tenant_id: tenantId,
      vehicle_id: service.vehicleId,
      day: service.date,
      odometer_km: service.odometerKm,
      engine_hours: service.engineHours,
      cost: service.cost,
      workshop: service.workshop,
      notes: service.notes,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds = [...new Set(service.itemIds)];
  if (itemIds.length > 0) {
    await trx
      .insertInto('maintenance_service_items')
      .values(itemIds.map((itemId) => ({ service_id: row.id, item_id: itemId })))
      .execute();
  }
  if (service.additionalIds.length > 0) {
    await trx
      .updateTable('maintenance_additional')
      .set({ service_id: row.id })
      .where('tenant_id', '=', tenantId)
      .where('vehicle_id', '=', service.vehicleId)
      .where('id', 'in', service.additionalIds)
      .execute();
  }
  return row.id;
}

/** Plan items that cover this vehicle (the ones a service on it may name). */
export async function itemsCovering(
  db: Db,
  tenantId: number,
  vehicleId: number,
): Promise<Set<number>> {
  const rows = await sql<{ item_id: number }>`
    select item_id from (${coverage(tenantId)}) c where c.vehicle_id = ${vehicleId}`.execute(db);
  return new Set(rows.rows.map((r) => r.item_id));
}

export async function insertAttachment(
  db: Db,
  tenantId: number,
  attachment: { serviceId: number; name: string; mime: string; data: Uint8Array },
): Promise<MaintenanceAttachment> {
  const row = await db
    .insertInto('maintenance_attachments')
    .values({
      tenant_id: tenantId,
      service_id: attachment.serviceId,
      name: attachment.name,
      mime: attachment.mime,
      size: attachment.data.byteLength,
      data: attachment.data,
    })
    .returning(['id', 'name', 'mime', 'size'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function findAttachment(
  db: Db,
  tenantId: number,
  id: number,
): Promise<{ name: string; mime: string; data: Uint8Array } | undefined> {
  return db
    .selectFrom('maintenance_attachments')
    .select(['name', 'mime', 'data'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}
