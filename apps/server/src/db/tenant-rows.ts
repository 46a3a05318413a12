import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Tables whose rows a tenant owns by `id` (through their `tenant_id`). */
export type TenantTable =
  | 'device_models'
  | 'devices'
  | 'drivers'
  | 'geofences'
  | 'maintenance_additional'
  | 'maintenance_attachments'
  | 'maintenance_plans'
  | 'maintenance_services'
  | 'planned_trips'
  | 'users'
  | 'vehicle_groups'
  | 'vehicles'
  | 'webhook_endpoints';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the row is the tenant's (false for another tenant's id). */
export async function tenantRowExists(
  db: Db,
  table: TenantTable,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a row of the tenant; false when there is none (another tenant's included). */
export async function deleteTenantRow(
  db: Db,
  table: TenantTable,
  tenantId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A query's first row through `map`, or undefined: the repositories' "one X" lookups (the query
 * already narrowed to its row, and to the tenant where the row is a tenant's).
 */
export async function firstRow<Row, T>(
  query: { executeTakeFirst(): Promise<Row | undefined> },
  map: (row: Row) => T,
): Promise<T | undefined> {
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : map(row);
}
