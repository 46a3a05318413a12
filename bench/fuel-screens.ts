// The refill screen's call (issue 14, docs/decisions/0024-fuel-screens.md): GET
// /api/v2/fuel/events/{from}/{to}?codes[]=CRG&codes[]=DCS for 1,000 vehicles over 90 days (goal
// p95 ≤ 300 ms), its first page of 1,000 events with the period's totals and the station of each
// refill; and, for reference, the AdBlue screen's call and the consumption call over the same
// period. The server runs in this process (compose + listen) on a fresh PostgreSQL database (or the
// embedded one with BACKEND=embedded); events (a refill a day per vehicle, a suspected theft every
// 20 days, an AdBlue refill every 5, with their evidence), fuel-station POIs and indicator rows are
// seeded in bulk with SQL, as the sinks would have written them.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/fuel-screens.ts
//      (VEHICLES, DAYS, RUNS; BACKEND=embedded for PGlite)
import { sql } from 'kysely';
import { benchDatabase, percentile as pct, startInProcess } from './in-process-server.js';

const VEHICLES = Number(process.env.VEHICLES ?? 1_000);
const DAYS = Number(process.env.DAYS ?? 90);
const RUNS = Number(process.env.RUNS ?? 30);
const BACKEND = process.env.BACKEND ?? 'postgres';
const DAY = 86_400_000;
/** Today 00:00 at UTC−3 (the demo users' offset): the period ends there. */
const END = Math.floor((Date.now() - 3 * 3_600_000) / DAY) * DAY + 3 * 3_600_000;
const START = END - DAYS * DAY;

const bench = await benchDatabase(BACKEND, 'rumbo_bench_fuel');
const { db } = bench.database;

const seedStarted = performance.now();
await sql`
  insert into vehicles (tenant_id, plate, brand, model, model_year, tank_capacity_l, urea_capacity_l)
  select t.id, 'FUEL' || lpad(g::text, 5, '0'), 'Scania', 'R450', 2022, 600, 80
  from generate_series(0, ${VEHICLES} - 1) g, tenants t where t.name = 'Transportes Demo'`.execute(
  db,
);
// Every tenth vehicle has two tanks, one with a calibration table.
await sql`
  update vehicles set fuel_tanks = ${JSON.stringify([
    {
      capacityL: 400,
      calibration: [
        { pct: 10, litres: 36 },
        { pct: 50, litres: 200 },
        { pct: 90, litres: 364 },
      ],
    },
    { capacityL: 200, calibration: null },
  ])}::jsonb
  where plate like 'FUEL%' and id % 10 = 0`.execute(db);
// 500 fuel stations over the province; the refills happen at one of them (~100 m off).
await sql`
  insert into interest_points (tenant_id, type_id, nombre, radio_m, lat, lng)
  select t.id, (select id from interest_point_types where code = 'fuel' and tenant_id is null),
    'Estación ' || s, 50, -34 - (s % 25) * 0.1, -58 - (s / 25) * 0.1
  from generate_series(0, 499) s, tenants t where t.name = 'Transportes Demo'`.execute(db);
const samples = Array.from({ length: 10 }, (_, i) => `${60 + i * 60}:${200 + i * 20}`).join(',');
const events = (code: string, everyDays: number, hourUtc: number, litres: string) => sql`
  insert into events (tenant_id, vehicle_id, code, start_time, end_time, lat, lng, value, driver_code, data)
  select v.tenant_id, v.id, ${code},
    to_timestamp(${START / 1000} + d * 86400 + ${hourUtc} * 3600 + (v.id % 60) * 60),
    to_timestamp(${START / 1000} + d * 86400 + ${hourUtc} * 3600 + (v.id % 60) * 60 + 1500),
    -34 - ((v.id + d) % 500 % 25) * 0.1 + 0.0009, -58 - ((v.id + d) % 500 / 25) * 0.1,
    ${sql.raw(litres)}, 'D' || (v.id % 300),
    jsonb_build_object('levelBeforeL', 200, 'levelAfterL', 200 + ${sql.raw(litres)},
      'levelConfirmedL', 198 + ${sql.raw(litres)}, 'burntL', 0.4, 'samples', ${samples}::text,
      'stopStartMs', (${START}::float8 + d::float8 * 86400000 + ${hourUtc} * 3600000 + (v.id % 60) * 60000 - 300000)::float8)
  from vehicles v, generate_series(0, ${DAYS} - 1) d
  where v.plate like 'FUEL%' and (v.id + d) % ${everyDays} = 0`;
await events('CRG', 1, 13, '(150 + (v.id + d) % 200)').execute(db);
await events('DCS', 20, 4, '(30 + (v.id + d) % 60)').execute(db);
await events('AUR', 5, 14, '(20 + (v.id + d) % 40)').execute(db);
await sql`
  insert into vehicle_indicators (vehicle_id, bucket, driver_code, tenant_id, distance_km, fuel_l,
    engine_s, driving_s, idle_s)
  select v.id, to_timestamp(${START / 1000} + d * 86400 + (11 + h) * 3600), 'D' || (v.id % 300),
    v.tenant_id, 60 + (v.id % 20), 19 + (v.id % 7), 3500, 3000, 300 + (v.id % 9) * 30
  from vehicles v, generate_series(0, ${DAYS} - 1) d, generate_series(0, 9) h
  where v.plate like 'FUEL%'`.execute(db);
await sql`
  insert into vehicle_indicators_daily (vehicle_id, bucket, driver_code, tenant_id, distance_km,
    fuel_l, engine_s, driving_s, idle_s)
  select vehicle_id, date_trunc('day', bucket at time zone 'UTC') at time zone 'UTC', driver_code,
    min(tenant_id), sum(distance_km), sum(fuel_l), sum(engine_s), sum(driving_s), sum(idle_s)
  from vehicle_indicators group by 1, 2, 3`.execute(db);
await sql`vacuum analyze`.execute(db);
const counts = (
  await sql<{ code: string; n: number }>`
    select code, count(*)::int4 as n from events group by code order by code`.execute(db)
).rows;
const seedS = (performance.now() - seedStarted) / 1000;

const server = await startInProcess(bench, 'FuelScreensBench');
const { base, headers } = server;

/** `runs` timed GETs of `path` after 3 warm-up calls; the last answer's size and body. */
async function measure(path: string, runs: number) {
  let body = '';
  const ms: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    body = await response.text();
    if (!response.ok) throw new Error(`${path} ${response.status}: ${body.slice(0, 200)}`);
    if (i >= 3) ms.push(performance.now() - t0);
  }
  return { ms, body };
}

const refill = await measure(`/api/v2/fuel/events/${START}/${END}?codes[]=CRG&codes[]=DCS`, RUNS);
const answer = JSON.parse(refill.body) as {
  total: number;
  events: { station: unknown }[];
};
const withStation = answer.events.filter((e) => e.station !== null).length;
const lastPage = await measure(
  `/api/v2/fuel/events/${START}/${END}?codes[]=CRG&codes[]=DCS&page=${Math.max(1, Math.ceil(answer.total / 1000))}`,
  Math.ceil(RUNS / 3),
);
const adBlue = await measure(`/api/v2/fuel/adblue/${START}/${END}`, Math.ceil(RUNS / 3));
const consumption = await measure(`/api/v2/fuel/consumption/${START}/${END}`, Math.ceil(RUNS / 3));

await server.close();
const f = (x: number) => x.toFixed(0);
const line = (name: string, r: { ms: number[]; body: string }) =>
  `  ${name}: p50 ${f(pct(r.ms, 50))} ms, p95 ${f(pct(r.ms, 95))} ms, ${(r.body.length / 1024).toFixed(0)} KiB (${r.ms.length} runs)`;
console.log(
  `fuel screens (${BACKEND}): ${VEHICLES} vehicles × ${DAYS} days, events ${counts.map((c) => `${c.code} ${c.n}`).join(', ')}, 500 stations; seeded in ${seedS.toFixed(1)} s\n` +
    `${line(`refill screen GET /v2/fuel/events CRG+DCS, first page of ${answer.events.length} of ${answer.total} (${withStation} with a station)`, refill)} — goal p95 ≤ 300 ms\n` +
    `${line('the same, last page', lastPage)}\n` +
    `${line('AdBlue GET /v2/fuel/adblue', adBlue)}\n` +
    `${line('consumption GET /v2/fuel/consumption (with balances)', consumption)}`,
);
process.exit(0);
