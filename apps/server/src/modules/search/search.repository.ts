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
 * One kind's best matches, in two bounded parts so a broad text ("per": thousands of drivers)
 * never sorts every match: those whose folded `search_key` starts with the text, in order (the
 * `(tenant_id, search_key text_pattern_ops)` index of migration 0021-search walks them), then
 * those that contain it elsewhere, as the trigram index finds them (`rank` 1).
 */
function kindQuery(
  kind: DbSearchKind,
  from: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  pattern: { contains: string | null; starts: string },
  limit: number,
) {
  const starting = sql`(select ${kind}::text as kind, 0 as rank, ${columns} from ${from}
      where ${where} and search_key like ${pattern.starts}
      order by search_key limit ${limit})`;
  if (pattern.contains === null) return starting;
  return sql`${starting}
    union all
    (select ${kind}::text as kind, 1 as rank, ${columns} from ${from}
      where ${where} and search_key like ${pattern.contains}
        and search_key not like ${pattern.starts}
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
  // Two characters make no trigram: only what starts with them (an index walk, not a scan).
  const pattern = {
    contains: folded.length >= 3 ? `%${literal}%` : null,
    starts: `${literal}%`,
  };
  const parts: Record<DbSearchKind, RawBuilder<unknown>> = {
    vehicle: kindQuery(
      'vehicle',
      sql`vehicles`,
      sql`id, plate as label, vim as detail, null::float8 as lat, null::float8 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    driver: kindQuery(
      'driver',
      sql`drivers`,
      sql`id, btrim(nombre || ' ' || apellido) as label, code as detail,
        null::float8 as lat, null::float8 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    group: kindQuery(
      'group',
      sql`vehicle_groups`,
      sql`id, name as label, '' as detail, null::float8 as lat, null::float8 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    geofence: kindQuery(
      'geofence',
      sql`geofences`,
      sql`id, name as label, kind as detail,
        (min_lat + max_lat) / 2 as lat, (min_lng + max_lng) / 2 as lng`,
      sql`tenant_id = ${tenantId}`,
      pattern,
      limit,
    ),
    poi: kindQuery(
      'poi',
      sql`interest_points`,
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
  const result = await sql<SearchRow & { rank: number }>`${union}`.execute(db);
  // Per kind: starting matches first; at most `limit`.
  const order = new Map(kinds.map((kind, i) => [kind, i]));
  const taken = new Map<SearchKind, number>();
  return result.rows
    .sort(
      (a, b) =>
        order.get(a.kind as DbSearchKind)! - order.get(b.kind as DbSearchKind)! || a.rank - b.rank,
    )
    .filter((row) => {
      const n = taken.get(row.kind) ?? 0;
      taken.set(row.kind, n + 1);
      return n < limit;
    })
    .map(({ rank: _rank, ...row }) => row);
}
