import {
  sql,
  type Kysely,
  type ReferenceExpression,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
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

type Select<DB, TB extends keyof DB, O> = SelectQueryBuilder<DB, TB, O>;

/** A tenant's rows of one kind as a repository reads them: every one in order, or one by id. */
export interface TenantRows<D, T> {
  list: (db: D, tenantId: number) => Promise<T[]>;
  find: (db: D, tenantId: number, id: number) => Promise<T | undefined>;
}

/**
 * The list/find pair every repository wrote for its tenant rows, once: `query(db, tenantId)` is
 * the select already narrowed to the tenant, `id` its id column, `map` turns a row into what the
 * module returns, `order` sorts the list. `find` answers undefined for another tenant's id.
 */
export function tenantRows<D, DB, TB extends keyof DB, O, T>(
  query: (db: D, tenantId: number) => Select<DB, TB, O>,
  id: ReferenceExpression<DB, TB>,
  map: (row: O) => T,
  order: (query: Select<DB, TB, O>) => Select<DB, TB, O>,
): TenantRows<D, T> {
  return {
    list: async (db, tenantId) => {
      const rows = await order(query(db, tenantId)).execute();
      return rows.map(map);
    },
    find: (db, tenantId, rowId) =>
      firstRow(query(db, tenantId).where(id, '=', rowId as never), map),
  };
}

type Column<T extends TenantTable> = keyof Selectable<Database[T]> & string;
type ValueOf<T extends TenantTable, C extends Column<T>> = Selectable<Database[T]>[C];

/**
 * One column of a tenant's rows whose `key` is `value` (or among `value`, a list): the tenant-
 * scoped lookups the repositories repeat (a vehicle's devices, a group's vehicles, the accounts
 * with a role, which of some ids are the tenant's). Rows in no particular order.
 */
export async function tenantColumn<T extends TenantTable, C extends Column<T>>(
  db: Db,
  table: T,
  column: C,
  tenantId: number,
  key: Column<T>,
  value: number | readonly number[],
): Promise<ValueOf<T, C>[]> {
  if (typeof value !== 'number' && value.length === 0) return [];
  const from: TenantTable = table;
  const rows = await db
    .selectFrom(from)
    .select(sql.ref<unknown>(column).as('value'))
    .where('tenant_id', '=', tenantId)
    .where(sql.ref(key), typeof value === 'number' ? '=' : 'in', value)
    .execute();
  return rows.map((row) => row.value as ValueOf<T, C>);
}
