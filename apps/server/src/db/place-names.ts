import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Names of some of a tenant's rows of a place table by id (another tenant's ids are left out). */
async function namesOf(
  db: Db,
  tenantId: number,
  table: 'geofences' | 'interest_points',
  column: 'name' | 'nombre',
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom(table)
    .select(['id', sql.ref<string>(column).as('name')])
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * Names of a tenant's geofences and points of interest, by id: what the repositories that tell
 * where something happened (events, visits during trips) read.
 */
export async function placeNames(
  db: Db,
  tenantId: number,
  zoneIds: readonly number[],
  poiIds: readonly number[],
): Promise<{ zones: Map<number, string>; pois: Map<number, string> }> {
  const [zones, pois] = await Promise.all([
    namesOf(db, tenantId, 'geofences', 'name', zoneIds),
    namesOf(db, tenantId, 'interest_points', 'nombre', poiIds),
  ]);
  return { zones, pois };
}
