// Driving analysis from the indicator buckets (issue 13): GET /api/analysis/{from}/{to}/ for 1,000
// vehicles × 90 days (goal p95 ≤ 200 ms) and the safe-driving screen's six safety_drive calls for
// 1,000 vehicles (goal ≤ 300 ms together). The server runs in this process (compose + listen)
// on a fresh PostgreSQL database (or the embedded one with BACKEND=embedded); hourly and daily
// indicator rows and idle periods are seeded in bulk with SQL, as the sinks would have written them.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/analysis.ts
//      (VEHICLES, DAYS, HOURS per day, RUNS; BACKEND=embedded for PGlite)
import { sql } from 'kysely';
import { benchDatabase, percentile as pct, startInProcess } from './in-process-server.js';

const VEHICLES = Number(process.env.VEHICLES ?? 1_000);
const DAYS = Number(process.env.DAYS ?? 90);
const HOURS = Number(process.env.HOURS ?? 10);
const RUNS = Number(process.env.RUNS ?? 30);
const BACKEND = process.env.BACKEND ?? 'postgres';
const DAY = 86_400_000;
/** Today 00:00 at UTC−3 (the demo users' offset): the period ends there. */
const END = Math.floor((Date.now() - 3 * 3_600_000) / DAY) * DAY + 3 * 3_600_000;
const START = END - DAYS * DAY;

const bench = await benchDatabase(BACKEND, 'rumbo_bench_analysis');
const { db } = bench.database;

const seedStarted = performance.now();
await sql`
  insert into vehicles (tenant_id, plate, brand, model, model_year)
  select t.id, 'BENCH' || lpad(g::text, 5, '0'), 'Scania', 'R450', 2022
  from generate_series(0, ${VEHICLES} - 1) g, tenants t where t.name = 'Transportes Demo'`.execute(
  db,
);
// HOURS busy hours a day from 11:00 UTC per vehicle, one of 300 drivers; values vary by vehicle.
await sql`
  insert into vehicle_indicators (vehicle_id, bucket, driver_code, tenant_id, distance_km, fuel_l,
    engine_s, unknown_s, driving_s, idle_s, can_s, green_s, inertia_s, over60_s, cruise_s,
    torque_sum, torque_s, torque_high_s, kickdowns, excess_km, speeding_s, speeding10_s,
    hard_brakes, harsh_accels, harsh_corners)
  select v.id, to_timestamp(${START / 1000} + d * 86400 + (11 + h) * 3600), 'D' || (v.id % 300),
    v.tenant_id, 60 + (v.id % 20), 19 + (v.id % 7), 3500, (v.id % 5) * 20, 3000, 300 + (v.id % 9) * 30,
    3000, 1500 + (v.id % 13) * 60, 150 + (v.id % 11) * 10, 2400, (v.id % 17) * 90,
    3400 * (30 + v.id % 25), 3400, (v.id % 8) * 40, (v.id + d + h) % 3 / 2, (v.id % 10) * 0.4,
    (v.id % 6) * 15, (v.id % 4) * 5, (v.id + d * 7 + h) % 9 / 8, (v.id + h) % 7 / 6, 0
  from vehicles v, generate_series(0, ${DAYS} - 1) d, generate_series(0, ${HOURS} - 1) h
  where v.plate like 'BENCH%'`.execute(db);
await sql`
  insert into vehicle_indicators_daily
  select vehicle_id, date_trunc('day', bucket at time zone 'UTC') at time zone 'UTC', driver_code,
    min(tenant_id), sum(distance_km), sum(fuel_l), sum(engine_s), sum(unknown_s), sum(driving_s),
    sum(idle_s), sum(can_s), sum(green_s), sum(inertia_s), sum(over60_s), sum(cruise_s),
    sum(torque_sum), sum(torque_s), sum(torque_high_s), sum(kickdowns), sum(excess_km),
    sum(speeding_s), sum(speeding10_s), sum(hard_brakes), sum(harsh_accels), sum(harsh_corners)
  from vehicle_indicators group by 1, 2, 3`.execute(db);
await sql`
  insert into idle_periods (tenant_id, vehicle_id, start_time, end_time, duration_s, lat, lng, fuel_l, fuel_source)
  select v.tenant_id, v.id, to_timestamp(${START / 1000} + d * 86400 + 12 * 3600 + k * 10000),
    to_timestamp(${START / 1000} + d * 86400 + 12 * 3600 + k * 10000 + 300 + (v.id % 10) * 60),
    300 + (v.id % 10) * 60, -33, -60, 0.3, 'counter'
  from vehicles v, generate_series(0, ${DAYS} - 1) d, generate_series(0, 2) k
  where v.plate like 'BENCH%'`.execute(db);
await sql`analyze`.execute(db);
const counted = await sql<{
  n: number;
}>`select count(*)::int4 as n from vehicle_indicators`.execute(db);
const seedS = (performance.now() - seedStarted) / 1000;

const server = await startInProcess(bench, 'AnalysisBenchDgt');
const { base, headers } = server;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

// GET /analysis over the 90 days.
let rows = 0;
const analysis = async () => {
  const response = await fetch(`${base}/api/analysis/${START}/${END}/`, { headers });
  if (!response.ok) throw new Error(`analysis ${response.status}: ${await response.text()}`);
  rows = ((await response.json()) as unknown[]).length;
};
for (let i = 0; i < 3; i++) await analysis();
const analysisMs: number[] = [];
for (let i = 0; i < RUNS; i++) analysisMs.push(await timed(analysis));

// The safe-driving screen: fleet, filtered (half the fleet), four previous periods of 14 days.
const L = 14 * DAY;
const ids = (
  await db.selectFrom('vehicles').select('id').where('plate', 'like', 'BENCH%').execute()
).map((v) => v.id);
const bodies = [
  { from: END - L, to: END },
  { from: END - L, to: END, vehicles: ids.slice(0, ids.length / 2) },
  ...[1, 2, 3, 4].map((k) => ({ from: END - L - k * L, to: END - k * L })),
];
const safety = (body: object) => async () => {
  const response = await fetch(`${base}/api/v2/vehicle/safety_drive`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`safety_drive ${response.status}: ${await response.text()}`);
  await response.json();
};
const sixParallel: number[] = [];
const sixSerial: number[] = [];
for (let i = 0; i < 2; i++) await Promise.all(bodies.map((b) => safety(b)()));
for (let i = 0; i < Math.ceil(RUNS / 3); i++) {
  sixParallel.push(await timed(() => Promise.all(bodies.map((b) => safety(b)()))));
  sixSerial.push(
    await timed(async () => {
      for (const b of bodies) await safety(b)();
    }),
  );
}
// Idle aggregate of the 90 days.
const ralentiMs: number[] = [];
for (let i = 0; i < 10; i++)
  ralentiMs.push(
    await timed(async () => {
      const r = await fetch(`${base}/api/v2/event/ralenti_agg`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ from: START, to: END }),
      });
      await r.json();
    }),
  );

await server.close();
const f = (x: number) => x.toFixed(0);
console.log(
  `driving analysis (${BACKEND}): ${VEHICLES} vehicles × ${DAYS} days × ${HOURS} h = ${counted.rows[0]!.n} hourly rows (+ daily copies, ${VEHICLES * DAYS * 3} idle periods) seeded in ${seedS.toFixed(1)} s\n` +
    `  GET /analysis 90 days, ${rows} rows: p50 ${f(pct(analysisMs, 50))} ms, p95 ${f(pct(analysisMs, 95))} ms (${RUNS} runs; goal p95 ≤ 200 ms)\n` +
    `  safety_drive × 6 (14-day periods, fleet + half + 4 previous): together ${f(pct(sixParallel, 50))} ms in parallel (p95 ${f(pct(sixParallel, 95))}), ${f(pct(sixSerial, 50))} ms one after another (goal ≤ 300 ms)\n` +
    `  ralenti_agg 90 days: p50 ${f(pct(ralentiMs, 50))} ms`,
);
process.exit(0);
