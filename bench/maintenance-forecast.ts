// Maintenance forecast (issue 15): the forecast of 1,000 vehicles × 10 plan items (goal ≤ 100 ms),
// as GET /api/maintenance/forecast computes it — the covered pairs with their anchors (latest
// service or initial anchor), the vehicles' counters and their 28/90-day usage from the daily
// rollups, then the arithmetic per pair — on a fresh PostgreSQL database and on the embedded one.
// The job stores each vehicle's daily rates (they change once a day); the forecast reads them. Also
// the first request before any pass, one job pass, and the arithmetic alone. Seeded in bulk with SQL: one plan of 10 items on one group holding
// every vehicle, 90 days of daily rollups per vehicle, a service per vehicle naming 5 items.
// Run: npx tsx bench/maintenance-forecast.ts   (VEHICLES, ITEMS, RUNS; BACKEND=embedded|postgres|both)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { forecastItem } from '../packages/telematics/src/index.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import {
  coveredPairs,
  forecastVehicles,
} from '../apps/server/src/modules/maintenance/maintenance-forecast.repository.js';
import { insertMissingAnchors } from '../apps/server/src/modules/maintenance/maintenance.repository.js';
import {
  forecastOf,
  maintenancePass,
} from '../apps/server/src/modules/maintenance/maintenance.service.js';
import { seed } from '../apps/server/src/modules/seed/seed.service.js';
import { freshPostgres } from './fleet-seed.js';

const VEHICLES = Number(process.env.VEHICLES ?? 1_000);
const ITEMS = Number(process.env.ITEMS ?? 10);
const RUNS = Number(process.env.RUNS ?? 30);
const BACKENDS =
  (process.env.BACKEND ?? 'both') === 'both' ? ['embedded', 'postgres'] : [process.env.BACKEND!];
const DAY = 86_400_000;
const TODAY = Math.floor(Date.now() / DAY) * DAY;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function run(backend: string): Promise<void> {
  const socketDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-db-'));
  const database =
    backend === 'embedded'
      ? await openDatabase({ embedded: { storeDir: null, socketDir } })
      : await openDatabase({
          url: await freshPostgres(
            process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
            'rumbo_bench_maintenance',
          ),
          poolSize: 5,
        });
  const { db } = database;
  try {
    await migrate(db);
    await seed(db, { adminPassword: 'bench-admin-password', demo: true });
    const started = performance.now();
    const tenantId = (
      await sql<{ id: number }>`select id from tenants where name = 'Transportes Demo'`.execute(db)
    ).rows[0]!.id;
    const groupId = (
      await sql<{ id: number }>`insert into vehicle_groups (tenant_id, name)
        values (${tenantId}, 'Bench') returning id`.execute(db)
    ).rows[0]!.id;
    await sql`
      insert into vehicles (tenant_id, plate, group_id)
      select ${tenantId}, 'MB' || lpad(g::text, 5, '0'), ${groupId}
      from generate_series(0, ${VEHICLES} - 1) g`.execute(db);
    await sql`
      insert into vehicle_state (vehicle_id, tenant_id, fix_time, status, odometer_km, engine_hours,
        service_distance_km, updated_at)
      select id, tenant_id, now(), 'moving', 200000 + id * 37 % 500000, 4000 + id % 3000,
        id % 40000, now()
      from vehicles where group_id = ${groupId}`.execute(db);
    await sql`
      insert into vehicle_indicators_daily (vehicle_id, bucket, driver_code, tenant_id, distance_km,
        engine_s)
      select v.id, to_timestamp(${TODAY / 1000} - d * 86400), '', v.tenant_id,
        case when d % 7 in (5, 6) then 0 else 300 + v.id % 200 end, 8 * 3600
      from vehicles v, generate_series(0, 89) d where v.group_id = ${groupId}`.execute(db);
    const planId = (
      await sql<{ id: number }>`insert into maintenance_plans (tenant_id, name)
        values (${tenantId}, 'Bench') returning id`.execute(db)
    ).rows[0]!.id;
    await sql`
      insert into maintenance_items (tenant_id, plan_id, position, kind, name, interval_km,
        interval_hours, interval_days)
      select ${tenantId}, ${planId}, g, 'other', 'Item ' || g,
        case when g % 3 <> 2 then 10000 * (g + 1) end,
        case when g % 3 = 1 then 250 * (g + 1) end,
        case when g % 2 = 0 or g % 3 = 2 then 90 * (g + 1) end
      from generate_series(0, ${ITEMS} - 1) g`.execute(db);
    await sql`insert into maintenance_plan_groups (plan_id, group_id)
      values (${planId}, ${groupId})`.execute(db);
    await insertMissingAnchors(db, tenantId, new Date(TODAY - 30 * DAY).toISOString().slice(0, 10));
    await sql`
      insert into maintenance_services (tenant_id, vehicle_id, day, odometer_km, engine_hours)
      select tenant_id, id, (now() - (id % 200) * interval '1 day')::date,
        150000 + id * 37 % 500000, 3500 + id % 3000
      from vehicles where group_id = ${groupId}`.execute(db);
    await sql`
      insert into maintenance_service_items (service_id, item_id)
      select s.id, i.id from maintenance_services s, maintenance_items i
      where i.plan_id = ${planId} and i.position % 2 = 1`.execute(db);
    await sql`analyze`.execute(db);
    const seededMs = performance.now() - started;

    const deps = { db };
    // Before any job pass: the rates are computed from the rollups in the request.
    const coldStarted = performance.now();
    await forecastOf(deps, tenantId);
    const coldMs = performance.now() - coldStarted;
    // One job pass (counters, today's rates, anchors, notices), as every 10 minutes.
    const passStarted = performance.now();
    const notices = (await maintenancePass(deps)).length;
    const passMs = performance.now() - passStarted;
    let rows = 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i += 1) {
      const t0 = performance.now();
      rows = (await forecastOf(deps, tenantId)).length;
      if (i >= 3) times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    // Where the time goes: the two queries alone.
    const part = async (fn: () => Promise<unknown>) => {
      const own: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const t0 = performance.now();
        await fn();
        own.push(performance.now() - t0);
      }
      return quantile(
        own.sort((a, b) => a - b),
        0.5,
      ).toFixed(1);
    };
    const pairsMs = await part(() => coveredPairs(db, tenantId));
    const vehiclesMs = await part(() => forecastVehicles(db, tenantId));
    console.log(
      `${backend.padEnd(8)} forecast of ${VEHICLES} vehicles × ${ITEMS} items (${rows} rows): ` +
        `p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, ` +
        `min ${times[0]!.toFixed(1)} ms over ${RUNS} runs (goal ≤ 100 ms; seeded in ${(seededMs / 1000).toFixed(1)} s); ` +
        `p50 of its parts: pairs and anchors ${pairsMs} ms, vehicles with counters and rates ${vehiclesMs} ms; ` +
        `before the first job pass (rates from the rollups) ${coldMs.toFixed(0)} ms; ` +
        `one job pass ${passMs.toFixed(0)} ms (${notices} notices)`,
    );
  } finally {
    await database.close();
    rmSync(socketDir, { recursive: true, force: true });
  }
}

// The arithmetic alone: 10,000 items.
{
  const t0 = performance.now();
  let overdue = 0;
  for (let round = 0; round < 20; round += 1) {
    for (let i = 0; i < VEHICLES * ITEMS; i += 1) {
      const f = forecastItem({
        intervalKm: 30_000,
        intervalHours: i % 3 === 0 ? 500 : null,
        intervalDays: 365,
        anchorDayMs: TODAY - (i % 400) * DAY,
        anchorKm: 100_000,
        anchorHours: 2_000,
        currentKm: 100_000 + (i % 35_000),
        currentHours: 2_000 + (i % 600),
        kmPerDay: 350,
        hoursPerDay: 7,
        todayMs: TODAY,
      });
      if (f.status === 'overdue') overdue += 1;
    }
  }
  const perRound = (performance.now() - t0) / 20;
  console.log(
    `arithmetic alone: ${VEHICLES * ITEMS} items in ${perRound.toFixed(2)} ms (${overdue / 20} overdue)`,
  );
}
for (const backend of BACKENDS) await run(backend);
