// The places job's SQL (docs/decisions/0031-places.md): facts whose place is still to be named,
// facts whose locality a configured engine may turn into a street address, and the engine's
// answers cached by rounded position and language.

import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Place } from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { EngineAddress } from './engine.js';

/** One position column pair of a fact table and where its place is stored. */
export interface PlaceColumn {
  table: string;
  /** Key columns and their SQL types (the update joins on them). */
  key: readonly (readonly [column: string, type: string])[];
  /** SQL giving the fact's tenant (a column, or a subquery for tables without one). */
  tenant: string;
  lat: string;
  lng: string;
  place: string;
  /** Whether the engine upgrades this column's localities to addresses (stops and trip ends). */
  engine: boolean;
}

/** Every stored position a screen shows, and the column of its place. */
export const PLACE_COLUMNS: readonly PlaceColumn[] = [
  {
    table: 'trips',
    key: [['id', 'integer']],
    tenant: 'tenant_id',
    lat: 'start_lat',
    lng: 'start_lng',
    place: 'start_place',
    engine: false,
  },
  {
    table: 'trips',
    key: [['id', 'integer']],
    tenant: 'tenant_id',
    lat: 'end_lat',
    lng: 'end_lng',
    place: 'end_place',
    engine: true,
  },
  {
    table: 'stops',
    key: [['id', 'integer']],
    tenant: 'tenant_id',
    lat: 'lat',
    lng: 'lng',
    place: 'place',
    engine: true,
  },
  {
    table: 'idle_periods',
    key: [['id', 'bigint']],
    tenant: 'tenant_id',
    lat: 'lat',
    lng: 'lng',
    place: 'place',
    engine: false,
  },
  {
    table: 'events',
    key: [
      ['vehicle_id', 'integer'],
      ['code', 'text'],
      ['start_time', 'timestamptz'],
    ],
    tenant: 'tenant_id',
    lat: 'lat',
    lng: 'lng',
    place: 'place',
    engine: false,
  },
  {
    table: 'faults',
    key: [['id', 'integer']],
    tenant: 'tenant_id',
    lat: 'start_lat',
    lng: 'start_lng',
    place: 'start_place',
    engine: false,
  },
  {
    table: 'planned_trip_progress',
    key: [
      ['planned_trip_id', 'integer'],
      ['kind', 'text'],
      ['stop_index', 'integer'],
      ['at', 'timestamptz'],
    ],
    tenant: '(select p.tenant_id from planned_trips p where p.id = planned_trip_id)',
    lat: 'lat',
    lng: 'lng',
    place: 'place',
    engine: false,
  },
];

/** A fact to name: its key values, tenant and position (and its place, for the engine). */
export interface PlaceTodo {
  key: unknown[];
  tenantId: number;
  lat: number;
  lng: number;
  place: Place | null;
}

interface TodoRow {
  k: unknown[];
  tenant_id: number;
  lat: number;
  lng: number;
  place: Place | null;
}

function todos(rows: TodoRow[]): PlaceTodo[] {
  return rows.map((r) => ({
    key: r.k,
    tenantId: r.tenant_id,
    lat: Number(r.lat),
    lng: Number(r.lng),
    place: r.place,
  }));
}

function keyArray(c: PlaceColumn): RawBuilder<unknown> {
  return sql.raw(`json_build_array(${c.key.map(([k]) => k).join(', ')})`);
}

/** Facts with a position and no place yet (oldest last: newest named first). */
export async function unnamed(
  db: Kysely<Database>,
  c: PlaceColumn,
  limit: number,
): Promise<PlaceTodo[]> {
  const { rows } = await sql<TodoRow>`
    select ${keyArray(c)} as k, ${sql.raw(c.tenant)} as tenant_id, ${sql.ref(c.lat)} as lat,
      ${sql.ref(c.lng)} as lng, null as place
    from ${sql.table(c.table)}
    where ${sql.ref(c.place)} is null and ${sql.ref(c.lat)} is not null
    limit ${limit}`.execute(db);
  return todos(rows);
}

/** Facts named by a locality the engine has not been asked about, newest first. */
export async function unaskedLocalities(
  db: Kysely<Database>,
  c: PlaceColumn,
  limit: number,
): Promise<PlaceTodo[]> {
  const { rows } = await sql<TodoRow>`
    select ${keyArray(c)} as k, ${sql.raw(c.tenant)} as tenant_id, ${sql.ref(c.lat)} as lat,
      ${sql.ref(c.lng)} as lng, ${sql.ref(c.place)} as place
    from ${sql.table(c.table)}
    where (${sql.ref(c.place)} ->> 'kind') = 'locality' and (${sql.ref(c.place)} ->> 'checked') is null
    order by ${sql.raw(c.key.map(([k]) => `${k} desc`).join(', '))}
    limit ${limit}`.execute(db);
  return todos(rows);
}

/** Stores places on facts in one statement. */
export async function storePlaces(
  db: Kysely<Database>,
  c: PlaceColumn,
  named: readonly { key: unknown[]; place: Place }[],
): Promise<void> {
  if (named.length === 0) return;
  const values = named.map(
    ({ key, place }) =>
      sql`(${sql.join([
        ...key.map((v, i) => sql`${v}::${sql.raw(c.key[i]![1])}`),
        sql`${JSON.stringify(place)}::jsonb`,
      ])})`,
  );
  const columns = [...c.key.map(([k]) => k), 'named_place'];
  await sql`
    update ${sql.table(c.table)} as t set ${sql.ref(c.place)} = v.named_place
    from (values ${sql.join(values)}) as v (${sql.raw(columns.join(', '))})
    where ${sql.join(
      c.key.map(([k]) => sql`t.${sql.ref(k)} = v.${sql.ref(k)}`),
      sql` and `,
    )}`.execute(db);
}

/** Cached engine answers for rounded positions in a language (key "latE4,lngE4"). */
export async function cachedAnswers(
  db: Kysely<Database>,
  keys: readonly [number, number][],
  lang: string,
): Promise<Map<string, EngineAddress | null>> {
  const found = new Map<string, EngineAddress | null>();
  if (keys.length === 0) return found;
  const { rows } = await sql<{ lat_e4: number; lng_e4: number; place: EngineAddress | null }>`
    select c.lat_e4, c.lng_e4, c.place from geocode_cache c
    join (values ${sql.join(keys.map(([a, b]) => sql`(${a}::integer, ${b}::integer)`))}) as k (lat_e4, lng_e4)
      on c.lat_e4 = k.lat_e4 and c.lng_e4 = k.lng_e4
    where c.lang = ${lang}`.execute(db);
  for (const r of rows) found.set(`${r.lat_e4},${r.lng_e4}`, r.place);
  return found;
}

/** Stores an engine's answer (null: it had none) for a rounded position and language. */
export async function cacheAnswer(
  db: Kysely<Database>,
  latE4: number,
  lngE4: number,
  lang: string,
  place: EngineAddress | null,
): Promise<void> {
  await db
    .insertInto('geocode_cache')
    .values({ lat_e4: latE4, lng_e4: lngE4, lang, place: place ? JSON.stringify(place) : null })
    .onConflict((oc) =>
      oc.columns(['lat_e4', 'lng_e4', 'lang']).doUpdateSet((eb) => ({
        place: eb.ref('excluded.place'),
        fetched_at: new Date(),
      })),
    )
    .execute();
}
