import { sql, type Kysely, type Transaction } from 'kysely';
import {
  driverDisplayName,
  type Driver,
  type DriverCreate,
  type DriverPatch,
} from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { tenantRows } from '../../db/tenant-rows.js';

type Db = Kysely<Database> | Transaction<Database>;

function driverQuery(db: Db, tenantId: number) {
  return db
    .selectFrom('drivers as d')
    .leftJoin('vehicle_groups as g', 'g.id', 'd.group_id')
    .select([
      'd.id',
      'd.nombre',
      'd.apellido',
      'd.documento',
      'd.code',
      'd.telefono',
      'd.licencia',
      sql<string | null>`to_char(d.licencia_vence, 'YYYY-MM-DD')`.as('licencia_vence'),
      'd.group_id',
      'g.name as group_name',
      'd.notas',
      'd.created_at',
      'd.updated_at',
    ])
    .where('d.tenant_id', '=', tenantId);
}

type DriverRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof driverQuery>['executeTakeFirst']>>
>;

function toDriver(row: DriverRow): Driver {
  return {
    driverId: row.id,
    id: row.id,
    nombre: row.nombre,
    apellido: row.apellido,
    documento: row.documento,
    codigo: row.code,
    telefono: row.telefono,
    licencia: row.licencia,
    licenciaVence: row.licencia_vence,
    groupId: row.group_id,
    groupName: row.group_name,
    notas: row.notas,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const drivers = tenantRows(driverQuery, 'd.id', toDriver, (q) =>
  q.orderBy('d.apellido').orderBy('d.nombre').orderBy('d.id'),
);
/** Every driver of a tenant, by surname and name. */
export const listDrivers = drivers.list;
/** One driver of the tenant, or undefined (also for another tenant's id). */
export const findDriver = drivers.find;

/** Whether another driver of the tenant has this (non-empty) code. */
export async function driverCodeTaken(
  db: Db,
  tenantId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  if (code === '') return false;
  let query = db
    .selectFrom('drivers')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

type DriverColumns = Partial<{
  nombre: string;
  apellido: string;
  documento: string;
  code: string;
  telefono: string;
  licencia: string;
  licencia_vence: string | null;
  group_id: number | null;
  notas: string;
}>;

function driverColumns(input: DriverPatch): DriverColumns {
  const columns: DriverColumns = {};
  if (input.nombre !== undefined) columns.nombre = input.nombre;
  if (input.apellido !== undefined) columns.apellido = input.apellido;
  if (input.documento !== undefined) columns.documento = input.documento;
  if (input.codigo !== undefined) columns.code = input.codigo;
  if (input.telefono !== undefined) columns.telefono = input.telefono;
  if (input.licencia !== undefined) columns.licencia = input.licencia;
  if (input.licenciaVence !== undefined) columns.licencia_vence = input.licenciaVence;
  if (input.groupId !== undefined) columns.group_id = input.groupId;
  if (input.notas !== undefined) columns.notas = input.notas;
  return columns;
}

/** Inserts a driver; returns its id, or null when its code was taken meanwhile. */
export async function insertDriver(
  db: Db,
  tenantId: number,
  input: DriverCreate,
): Promise<number | null> {
  const row = await db
    .insertInto('drivers')
    .values({ tenant_id: tenantId, nombre: input.nombre, ...driverColumns(input) })
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).where('code', '<>', '').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Updates the given fields; false when the row is gone or its new code was taken meanwhile. */
export async function updateDriver(
  db: Db,
  tenantId: number,
  id: number,
  patch: DriverPatch,
): Promise<boolean> {
  try {
    const result = await db
      .updateTable('drivers')
      .set({ ...driverColumns(patch), updated_at: sql`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Code → "Nombre Apellido" of every driver of a tenant with a code. */
export async function driverNamesByCode(db: Db, tenantId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('drivers')
    .select(['code', 'nombre', 'apellido'])
    .where('tenant_id', '=', tenantId)
    .where('code', '<>', '')
    .execute();
  return new Map(rows.map((row) => [row.code, driverDisplayName(row)]));
}

/** Inserts drivers whose code the tenant does not have yet (the demo seed); returns how many. */
export async function insertDriversIfAbsent(
  db: Db,
  tenantId: number,
  drivers: readonly DriverCreate[],
): Promise<number> {
  if (drivers.length === 0) return 0;
  const rows = await db
    .insertInto('drivers')
    .values(
      drivers.map((driver) => ({
        tenant_id: tenantId,
        nombre: driver.nombre,
        ...driverColumns(driver),
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'code']).where('code', '<>', '').doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}
