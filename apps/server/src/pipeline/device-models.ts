import type { Kysely } from 'kysely';
import {
  DEVICE_FAMILIES,
  familyOfModel,
  IO_FLAG_FIELDS,
  IO_NUMBER_FIELDS,
  IO_TABLES,
  withIoOverrides,
  type DeviceFamily,
  type IoRule,
  type IoTable,
} from '@rumbo/telematics';
import { z } from 'zod';
import { text } from '@rumbo/contracts';
import type { Database } from '../db/schema.js';

const ioId = z.number().int().min(0).max(65_535);
const decoding = {
  signed: z.boolean().optional(),
  scale: z
    .number()
    .finite()
    .refine((v) => v !== 0, 'scale 0 would erase the value')
    .optional(),
  min: z.number().finite().optional(),
  max: z.number().finite().optional(),
  notAvailable: z.array(z.number().int()).max(32).optional(),
};

/** One IO rule of an override, as the built-in tables of `@rumbo/telematics` define them. */
export const ioRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('number'),
    id: ioId,
    field: z.enum(IO_NUMBER_FIELDS),
    ...decoding,
  }),
  z.strictObject({
    kind: z.literal('flag'),
    id: ioId,
    field: z.enum(IO_FLAG_FIELDS),
    bit: z.number().int().min(0).max(63).optional(),
  }),
  z.strictObject({
    kind: z.literal('driver-text'),
    id: ioId,
    part: z.number().int().min(0).max(7),
  }),
  z.strictObject({ kind: z.literal('driver-ibutton'), id: ioId }),
  z.strictObject({ kind: z.literal('harsh'), id: ioId }),
  z.strictObject({ kind: z.literal('dtc-j1939'), id: ioId }),
  z.strictObject({ kind: z.literal('dtc-text'), id: ioId }),
  z.strictObject({
    kind: z.literal('temperature'),
    id: ioId,
    slot: z.number().int().min(0).max(15),
    ...decoding,
  }),
  z.strictObject({
    kind: z.literal('attribute'),
    id: ioId,
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'letters, digits and _ (an attribute key)'),
    ...decoding,
  }),
]);

/**
 * A model's IO mapping override: rules that replace the base family's rules for the same IO ids
 * and take precedence over the family's other rules for the same field.
 */
export const ioMappingSchema = z.strictObject({
  rules: z
    .array(ioRuleSchema)
    .max(256)
    .refine(
      (rules) =>
        rules.every(
          (r) => !('min' in r) || r.min === undefined || r.max === undefined || r.min <= r.max,
        ),
      'min above max',
    ),
});
export type IoMapping = z.infer<typeof ioMappingSchema>;

export const deviceProtocol = z.enum(['teltonika', 'osmand', 'mqtt']);

/** PUT body: creates the model or replaces its settings (matched by protocol + name). */
export const deviceModelInput = z.strictObject({
  name: text().trim().min(1).max(64),
  protocol: deviceProtocol.default('teltonika'),
  family: z.enum(DEVICE_FAMILIES).nullable().default(null),
  ioMapping: ioMappingSchema.nullable().default(null),
});
export type DeviceModelInput = z.infer<typeof deviceModelInput>;

export const deviceModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  protocol: deviceProtocol,
  family: z.enum(DEVICE_FAMILIES).nullable(),
  /** The family the table starts from: `family`, else the one the name implies. */
  effectiveFamily: z.enum(DEVICE_FAMILIES),
  ioMapping: ioMappingSchema.nullable(),
  updatedAt: z.string(),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;

function key(tenantId: number, protocol: string, model: string): string {
  return `${tenantId}|${protocol}|${model.trim().toLowerCase()}`;
}

/**
 * Teltonika IO tables by device model: each tenant's `device_models` rows, kept in memory and
 * reloaded when administration changes one, so the next record of a device of that model decodes
 * with the new mapping (no restart). Models without a row use their family's built-in table
 * (FMB640 when the model is unknown).
 */
export class DeviceModelCatalog {
  private tables = new Map<string, IoTable>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Loads (or reloads) every model's table. */
  async load(): Promise<void> {
    const rows = await this.db
      .selectFrom('device_models')
      .select(['tenant_id', 'protocol', 'name', 'family', 'io_mapping'])
      .execute();
    const tables = new Map<string, IoTable>();
    for (const row of rows) {
      // Rows are validated on write; one that no longer parses falls back to its family table.
      const mapping = ioMappingSchema.safeParse(row.io_mapping ?? { rules: [] });
      const family = row.family ?? familyOfModel(row.name);
      const rules = mapping.success ? (mapping.data.rules as IoRule[]) : [];
      tables.set(
        key(row.tenant_id, row.protocol, row.name),
        withIoOverrides(IO_TABLES[family], rules, `${family}+${row.name}`),
      );
    }
    this.tables = tables;
  }

  /** The IO table a device of `model` decodes with. */
  ioTable(tenantId: number, protocol: string, model: string | null): IoTable {
    return (
      (model !== null && this.tables.get(key(tenantId, protocol, model))) ||
      IO_TABLES[familyOfModel(model ?? undefined)]
    );
  }
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
  const result = await db
    .deleteFrom('device_models')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
