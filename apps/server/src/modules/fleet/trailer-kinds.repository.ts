import type { Kysely, Transaction } from 'kysely';
import type { TrailerKind } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

// SQL of trailer kinds and their implements: the built-in ones (seeded) and a tenant's own.

/** Built-in and tenant trailer kinds with their implements. */
export async function listTrailerKinds(db: Db, tenantId: number): Promise<TrailerKind[]> {
  const rows = await db
    .selectFrom('trailer_kinds as k')
    .leftJoin('implements as i', 'i.trailer_kind_id', 'k.id')
    .select(['k.id as kindId', 'k.name', 'i.id as implementId', 'i.description'])
    .where((eb) => eb.or([eb('k.tenant_id', 'is', null), eb('k.tenant_id', '=', tenantId)]))
    .orderBy('k.id')
    .orderBy('i.id')
    .execute();
  const kinds = new Map<number, TrailerKind>();
  for (const row of rows) {
    let kind = kinds.get(row.kindId);
    if (!kind) {
      kind = { idTipoImplemento: row.kindId, descripcion: row.name, implementos: [] };
      kinds.set(row.kindId, kind);
    }
    if (row.implementId !== null && row.description !== null) {
      kind.implementos.push({
        idImplemento: row.implementId,
        descripcionImplemento: row.description,
        idImplementoTipoVehiculo: row.kindId,
      });
    }
  }
  return [...kinds.values()];
}

/** Whether an implement is visible to a tenant. */
export async function implementVisible(
  db: Db,
  tenantId: number,
  implementId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('implements as i')
    .innerJoin('trailer_kinds as k', 'k.id', 'i.trailer_kind_id')
    .select('i.id')
    .where('i.id', '=', implementId)
    .where((eb) => eb.or([eb('k.tenant_id', 'is', null), eb('k.tenant_id', '=', tenantId)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Seeds the built-in trailer kinds and implements (idempotent). */
export async function seedTrailerKinds(db: Db, kinds: Record<string, string[]>): Promise<void> {
  for (const [name, implementList] of Object.entries(kinds)) {
    await db
      .insertInto('trailer_kinds')
      .values({ tenant_id: null, name })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
      .execute();
    const kind = await db
      .selectFrom('trailer_kinds')
      .select('id')
      .where('tenant_id', 'is', null)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    for (const description of implementList) {
      await db
        .insertInto('implements')
        .values({ trailer_kind_id: kind.id, description })
        .onConflict((oc) => oc.columns(['trailer_kind_id', 'description']).doNothing())
        .execute();
    }
  }
}
