// The top-bar search (issue 23 item 3; goal ≤ 50 ms server time): GET /api/v2/search for a tenant
// of 10,000 vehicles and 50,000 drivers and places (40,000 drivers, 5,000 geofences, 5,000 points
// of interest) seeded in bulk with SQL, on the embedded database and on PostgreSQL. Prints p50/p95
// of the request (HTTP on 127.0.0.1, so the server's time plus a loopback round trip) and of the
// service call alone, over a mix of queries: 2 and 3 characters, plates, chassis, names with and
// without accents, card codes, places, localities, misses. Also the first call (localities read).
// Run: npx tsx bench/search.ts   (VEHICLES, DRIVERS, PLACES, RUNS; BACKEND=embedded|postgres|both)
import { sql } from 'kysely';
import { search } from '../apps/server/src/modules/search/search.service.js';
import { benchDatabase, percentile, startInProcess } from './in-process-server.js';

const VEHICLES = Number(process.env.VEHICLES ?? 10_000);
const DRIVERS = Number(process.env.DRIVERS ?? 40_000);
const PLACES = Number(process.env.PLACES ?? 10_000);
const RUNS = Number(process.env.RUNS ?? 20);
const BACKENDS =
  (process.env.BACKEND ?? 'both') === 'both' ? ['embedded', 'postgres'] : [process.env.BACKEND!];

const QUERIES = [
  'ab',
  'ro',
  'jua',
  'per',
  'AB123',
  'af 47',
  'XB12345',
  'juan perez',
  'Juán Pérez 12',
  'gonzalez',
  'ARG00000123',
  'depósito',
  'deposito rosario 4',
  'ypf',
  'estacion ruta 9',
  'villa maria',
  'san lorenzo',
  'cordoba',
  'zzqx',
  'no existe nada así',
];

const NAMES = ['Juan', 'María', 'Carlos', 'Lucía', 'Jorge', 'Ana', 'Diego', 'Sofía', 'Martín'];
const SURNAMES = ['Pérez', 'González', 'Rodríguez', 'Fernández', 'López', 'Martínez', 'Gómez'];
const PLACE_WORDS = ['Depósito', 'Estación YPF', 'Cliente', 'Planta', 'Taller', 'Parador'];
const TOWNS = ['Rosario', 'Córdoba', 'Villa María', 'San Lorenzo', 'Junín', 'Pergamino'];

/** The GeoNames localities are read once per process: only the first backend's first call does. */
let localitiesRead = false;

async function run(backend: string): Promise<void> {
  const bench = await benchDatabase(backend, 'rumbo_bench_search');
  const { db } = bench.database;
  const tenantId = (
    await sql<{ id: number }>`select id from tenants where name = 'Transportes Demo'`.execute(db)
  ).rows[0]!.id;
  const started = performance.now();
  const list = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);
  await sql`insert into vehicles (tenant_id, plate, vim)
    select ${tenantId},
      chr(65 + g % 26) || chr(65 + (g / 26) % 26) || lpad((g % 1000)::text, 3, '0')
        || chr(65 + (g / 7) % 26) || chr(65 + (g / 13) % 26) || '-' || g,
      '9BM' || lpad((g * 7919 % 100000000000000)::text, 14, '0')
    from generate_series(1, ${VEHICLES}) g`.execute(db);
  await sql`insert into drivers (tenant_id, nombre, apellido, code)
    select ${tenantId}, (${list(NAMES)})[1 + g % ${NAMES.length}],
      (${list(SURNAMES)})[1 + (g * 7) % ${SURNAMES.length}] || ' ' || g,
      'ARG' || lpad(g::text, 13, '0')
    from generate_series(1, ${DRIVERS}) g`.execute(db);
  await sql`insert into geofences (tenant_id, name, kind, geom, radius_m, color,
      min_lng, min_lat, max_lng, max_lat, vertex_count)
    select ${tenantId},
      (${list(PLACE_WORDS)})[1 + g % ${PLACE_WORDS.length}] || ' '
        || (${list(TOWNS)})[1 + (g / 7) % ${TOWNS.length}] || ' ' || g,
      'circle', '{"type":"Point","coordinates":[-60.6,-32.9]}', 300, '#ff0000',
      -60.61, -32.91, -60.59, -32.89, 1
    from generate_series(1, ${PLACES / 2}) g`.execute(db);
  await sql`insert into interest_points (tenant_id, nombre, radio_m, lat, lng)
    select ${tenantId},
      (${list(PLACE_WORDS)})[1 + g % ${PLACE_WORDS.length}] || ' Ruta ' || (g % 40) || ' '
        || (${list(TOWNS)})[1 + (g / 5) % ${TOWNS.length}],
      200, -32.9 + (g % 100) / 100.0, -60.6 + (g % 77) / 100.0
    from generate_series(1, ${PLACES / 2}) g`.execute(db);
  await sql`analyze`.execute(db);
  console.log(`${backend}: seeded`);
  const seededS = (performance.now() - started) / 1000;

  const server = await startInProcess(bench, 'SearchBenchDigst');
  const call = async (q: string) => {
    const t0 = performance.now();
    const response = await fetch(
      `${server.base}/api/v2/search?q=${encodeURIComponent(q)}&limit=5`,
      { headers: server.headers },
    );
    if (!response.ok) throw new Error(`${q}: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { hits: unknown[] };
    return { ms: performance.now() - t0, hits: body.hits.length };
  };
  const first = await call('villa maria');
  const firstWhat = localitiesRead ? 'localities read by an earlier run' : 'GeoNames read';
  localitiesRead = true;
  const http: number[] = [];
  const service: number[] = [];
  const views = Object.fromEntries(
    ['map-fleet-location', 'driver-admin', 'fleet-vehicles', 'geofence-admin'].map((v) => [
      v,
      true,
    ]),
  );
  let hits = 0;
  for (let r = 0; r < RUNS; r++) {
    for (const q of QUERIES) {
      const answer = await call(q);
      http.push(answer.ms);
      hits += answer.hits;
      const t0 = performance.now();
      await search({ db }, { tenantId, views }, { q, limit: 5 }, 'es');
      service.push(performance.now() - t0);
    }
  }
  const perQuery: string[] = [];
  for (const q of QUERIES) {
    const times: number[] = [];
    for (let r = 0; r < 5; r++) times.push((await call(q)).ms);
    perQuery.push(`${q}: ${percentile(times, 50).toFixed(1)}`);
  }
  await server.close();
  console.log(
    `${backend}: ${VEHICLES} vehicles, ${DRIVERS} drivers, ${PLACES} geofences and POIs seeded in ${seededS.toFixed(1)} s; ` +
      `first call (${firstWhat}) ${first.ms.toFixed(0)} ms`,
  );
  console.log(
    `  GET /api/v2/search over ${http.length} calls (${QUERIES.length} queries × ${RUNS}, ${(hits / http.length).toFixed(1)} hits each): ` +
      `p50 ${percentile(http, 50).toFixed(1)} ms, p95 ${percentile(http, 95).toFixed(1)} ms, max ${percentile(http, 100).toFixed(1)} ms; ` +
      `service alone p50 ${percentile(service, 50).toFixed(1)} ms, p95 ${percentile(service, 95).toFixed(1)} ms`,
  );
  console.log(`  per query, p50 ms of 5: ${perQuery.join(' | ')}`);
}

for (const backend of BACKENDS) await run(backend);
