import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { TenantTable } from '../db/tenant-rows.js';

type Db = Kysely<Database> | Transaction<Database>;
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
