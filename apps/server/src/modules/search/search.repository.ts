import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SearchKind } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';

/** A row as the database answers it (one kind of the union). */
export interface SearchRow {
  kind: SearchKind;
  id: number;
  label: string;
  detail: string;
  lat: number | null;
  lng: number | null;
}

/** The database kinds (localities are searched in memory). */
export type DbSearchKind = Exclude<SearchKind, 'locality'>;

/** `text` with LIKE's wildcards and escape character taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One kind's best matches: `key` (the table's folded `search_key`, trigram-indexed by migration
 * 0021-search) contains the folded query; those starting with it first, then the shortest.
 */
function kindQuery(
  kind: DbSearchKind,
  from: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  pattern: { contains: string; starts: string },
  limit: number,
) {
  return sql`(select ${kind}::text as kind, ${columns} from ${from}
    where ${where} and ${key} like ${pattern.contains}
    order by ${key} like ${pattern.starts} desc, length(${key}), 3, 2
    limit ${limit})`;
}

/**
 * The tenant's vehicles (plate, chassis), drivers (name, card code), groups, geofences and points
 * of interest whose folded text contains `folded`, at most `limit` of each of `kinds`, in one
 * round trip.
 */
export async function searchTenant(
  db: Kysely<Database>,
  tenantId: number,
  folded: string,
  kinds: readonly DbSearchKind[],
  limit: number,
): Promise<SearchRow[]> {
  const literal = likeLiteral(folded);
  const pattern = { contains: `%${literal}%`, starts: `${literal}%` };
  const parts: Record<DbSearchKind, RawBuilder<unknown>> = {
    vehicle: kindQuery(
      'vehicle',
      sql`vehicles`,
      sql`search_key`,
      sql`id, plate as label, vim as detail, null::float8 as lat, null::float8 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    driver: kindQuery(
      'driver',
      sql`drivers`,
      sql`search_key`,
      sql`id, btrim(nombre || ' ' || apellido) as label, code as detail,
        null::float8 as lat, null::float8 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    group: kindQuery(
      'group',
      sql`vehicle_groups`,
      sql`search_key`,
      sql`id, name as label, '' as detail, null::float8 as lat, null::float8 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    geofence: kindQuery(
      'geofence',
      sql`geofences`,
      sql`search_key`,
      sql`id, name as label, kind as detail,
        (min_lat + max_lat) / 2 as lat, (min_lng + max_lng) / 2 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    poi: kindQuery(
      'poi',
      sql`interest_points`,
      sql`search_key`,
      sql`id, nombre as label, descripcion as detail, lat, lng`,
      sql`tenant_id = ${tenantId} and not deleted`,
      pattern,
      limit,
    ),
  };
  if (kinds.length === 0) return [];
  const union = sql.join(
    kinds.map((kind) => parts[kind]),
    sql` union all `,
  );
  const result = await sql<SearchRow>`${union}`.execute(db);
  return result.rows;
}
