import type { ReferenceExpression, SelectQueryBuilder } from 'kysely';

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
    find: async (db, tenantId, rowId) => {
      const row = await query(db, tenantId)
        .where(id, '=', rowId as never)
        .executeTakeFirst();
      return row === undefined ? undefined : map(row);
    },
  };
}
