import type { Kysely } from 'kysely';
import { familyOfModel, type DeviceFamily } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import {
  ioMappingSchema,
  type DeviceModel,
  type DeviceModelInput,
} from './device-models.schemas.js';
import { deleteTenantRow } from '../../db/tenant-rows.js';

/** Every tenant's model mappings, for the IO-table catalog. */
export function listAllDeviceModelMappings(db: Kysely<Database>) {
  return db
    .selectFrom('device_models')
    .select(['tenant_id', 'protocol', 'name', 'family', 'io_mapping'])
    .execute();
}

function toModel(row: {
  id: number;
  name: string;
  protocol: DeviceModel['protocol'];
  family: DeviceFamily | null;
  io_mapping: unknown;
  updated_at: Date;
}): DeviceModel {
  const mapping = ioMappingSchema.safeParse(row.io_mapping);
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    family: row.family,
    effectiveFamily: row.family ?? familyOfModel(row.name),
    ioMapping: mapping.success ? mapping.data : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const COLUMNS = ['id', 'name', 'protocol', 'family', 'io_mapping', 'updated_at'] as const;

/** The tenant's device models, by name. */
export async function listDeviceModels(
  db: Kysely<Database>,
  tenantId: number,
): Promise<DeviceModel[]> {
  const rows = await db
    .selectFrom('device_models')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .orderBy('protocol')
    .orderBy('name')
    .execute();
  return rows.map(toModel);
}

/** Creates or replaces the tenant's model of that protocol and name (case-insensitive). */
export async function upsertDeviceModel(
  db: Kysely<Database>,
  tenantId: number,
  input: DeviceModelInput,
): Promise<DeviceModel> {
  const values = {
    family: input.family,
    io_mapping: input.ioMapping === null ? null : JSON.stringify(input.ioMapping),
    updated_at: new Date(),
  };
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('device_models')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('protocol', '=', input.protocol)
      .where((eb) => eb(eb.fn('lower', [eb.fn('btrim', ['name'])]), '=', input.name.toLowerCase()))
      .forUpdate()
      .executeTakeFirst();
    const row = existing
      ? await trx
          .updateTable('device_models')
          .set({ ...values, name: input.name })
          .where('id', '=', existing.id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('device_models')
          .values({ ...values, tenant_id: tenantId, protocol: input.protocol, name: input.name })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
    return toModel(row);
  });
}

/** Deletes the tenant's model; false when it has no such model. */
export async function deleteDeviceModel(
  db: Kysely<Database>,
  tenantId: number,
  id: number,
): Promise<boolean> {
  return deleteTenantRow(db, 'device_models', tenantId, id);
}
