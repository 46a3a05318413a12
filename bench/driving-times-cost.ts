// Driving times (issue 26). 1. The driver-activity detector's CPU µs per record in the chain: the
// whole default chain minus the chain without it, over simulated FMB640 records whose tachograph
// working state (IO 184) and card follow the truck (drive when moving, work when stopped with the
// ignition on, rest when off) where the simulator sends none; and its step alone. 2. The
// driving-times screen's call, `GET /api/v2/driving-times` as its service computes it, for DRIVERS
// drivers × DAYS_HISTORY days of activities seeded in bulk (goal p95 ≤ 200 ms), on PGlite and
// PostgreSQL.
// Run: npx tsx bench/driving-times-cost.ts   (TRUCKS, DAYS, ROUNDS; DRIVERS, DAYS_HISTORY, RUNS;
//      BACKEND=embedded|postgres|both; PART=detector|api|both)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  DEFAULT_REDUCER_SETTINGS,
  driverActivityDetector,
  toSample,
  type Sample,
} from '../packages/telematics/src/index.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { DrivingTimesCache } from '../apps/server/src/modules/driving-times/driving-times.cache.js';
import { drivingTimesList } from '../apps/server/src/modules/driving-times/driving-times.service.js';
import { seed } from '../apps/server/src/modules/seed/seed.service.js';
import { DAYS, ROUNDS, TRUCKS, compareChains, median, workloads } from './detector-cost.js';
import { freshPostgres } from './fleet-seed.js';

const PART = process.env.PART ?? 'both';
const DRIVERS = Number(process.env.DRIVERS ?? 1_000);
const DAYS_HISTORY = Number(process.env.DAYS_HISTORY ?? 21);
const RUNS = Number(process.env.RUNS ?? 20);
const BACKENDS =
  (process.env.BACKEND ?? 'both') === 'both' ? ['embedded', 'postgres'] : [process.env.BACKEND!];
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

function detectorPart(): void {
  const loads = workloads();
  for (const [i, w] of loads.entries())
    for (const p of w.positions) {
      if (p.attributes.driver1WorkingState !== undefined) continue;
      p.attributes.driver1WorkingState =
        p.ignition === false ? 0 : (p.wheelSpeedKmh ?? p.speedKmh ?? 0) > 3 ? 3 : 2;
      p.driverCode ??= `ARG00000${String(i).padStart(8, '0')}`;
    }
  const r = compareChains(loads, [driverActivityDetector], (f) => f.type === 'driver-activity');
  const prepared = loads.map((w) =>
    w.positions.map((p) => toSample(p, [], DEFAULT_REDUCER_SETTINGS)),
  );
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const t0 = process.hrtime.bigint();
    let n = 0;
    for (const samples of prepared) {
      let slice = driverActivityDetector.initial;
      let prev: Sample | undefined;
      for (const sample of samples) {
        slice = driverActivityDetector.step(
          slice,
          { sample, prev, isGap: false },
          {},
          DEFAULT_REDUCER_SETTINGS,
        ).slice;
        prev = sample;
        n++;
      }
    }
    if (round > 0) times.push(Number(process.hrtime.bigint() - t0) / n);
  }
  console.log(
    `driver activities: ${TRUCKS} trucks × ${DAYS} days = ${r.records} records, ${r.facts} activity facts\n` +
      `  whole chain                ${r.fullUs.toFixed(2)} µs/record\n` +
      `  without activity detector  ${r.baseUs.toFixed(2)} µs/record\n` +
      `  activity detector          ${(r.fullUs - r.baseUs).toFixed(3)} µs/record (median of ${ROUNDS - 1} rounds after a warm-up; goal ≤ 1)\n` +
      `  activity detector alone    ${(median(times) / 1000).toFixed(3)} µs/record (its step only, samples prepared)`,
  );
}

async function apiPart(backend: string): Promise<void> {
  const socketDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-db-'));
  const database =
    backend === 'embedded'
      ? await openDatabase({ embedded: { storeDir: null, socketDir } })
      : await openDatabase({
          url: await freshPostgres(
            process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
            'rumbo_bench_driving_times',
          ),
          poolSize: 5,
        });
  const { db } = database;
  try {
    await migrate(db);
    await seed(db, { adminPassword: 'bench-admin-password', demo: true });
    const tenantId = (
      await sql<{ id: number }>`select id from tenants where name = 'Transportes Demo'`.execute(db)
    ).rows[0]!.id;
    const nowMs = Date.now();
    const t0 = performance.now();
    // One truck per driver; each day: 4 h 30 drive, 45 min rest, 4 h drive, 30 min work, 14 h 15 rest.
    await sql`insert into vehicles (tenant_id, plate)
      select ${tenantId}, 'DTB' || g from generate_series(1, ${DRIVERS}) g`.execute(db);
    await sql`insert into drivers (tenant_id, nombre, code)
      select ${tenantId}, 'Driver ' || g, 'DTBENCH' || lpad(g::text, 9, '0') from generate_series(1, ${DRIVERS}) g`.execute(
      db,
    );
    const pattern: [string, number][] = [
      ['drive', 270],
      ['rest', 45],
      ['drive', 240],
      ['work', 30],
      ['rest', 855],
    ];
    let offset = 0;
    for (const [kind, minutes] of pattern) {
      const open = kind === 'rest' && offset + minutes === 1440;
      await sql`insert into driver_activities (tenant_id, card, vehicle_id, slot, kind, start_time, end_time)
        select ${tenantId}, 'DTBENCH' || lpad(v.n::text, 9, '0'), v.id, 1, ${kind},
          to_timestamp((${nowMs}::float8 - (d + 1) * 86400000 + ${offset} * 60000 + (v.n % 60) * 60000) / 1000.0),
          case when ${open} and d = 0 then null
            else to_timestamp((${nowMs}::float8 - (d + 1) * 86400000 + ${offset + minutes} * 60000 + (v.n % 60) * 60000) / 1000.0) end
        from (select id, row_number() over (order by id) as n from vehicles where plate like 'DTB%') v,
          generate_series(0, ${DAYS_HISTORY - 1}) d`.execute(db);
      offset += minutes;
    }
    await sql`analyze driver_activities`.execute(db);
    const rows = (await sql<{ n: string }>`select count(*) as n from driver_activities`.execute(db))
      .rows[0]!.n;
    const seededS = (performance.now() - t0) / 1000;
    // As an API node answers it: its memory loaded by the first call (timed apart), then kept.
    const cache = new DrivingTimesCache();
    const times: number[] = [];
    let drivers = 0;
    let firstMs = 0;
    let uncachedMs = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const start = performance.now();
      const list = await drivingTimesList(db, tenantId, { nowMs: Date.now(), lang: 'es', cache });
      if (i > 0) times.push(performance.now() - start);
      else firstMs = performance.now() - start;
      drivers = list.drivers.length;
    }
    {
      const start = performance.now();
      await drivingTimesList(db, tenantId, { nowMs: Date.now(), lang: 'es' });
      uncachedMs = performance.now() - start;
    }
    times.sort((a, b) => a - b);
    console.log(
      `GET /api/v2/driving-times (${backend}): ${drivers} drivers, ${rows} activity rows (${DAYS_HISTORY} days, seeded in ${seededS.toFixed(1)} s)\n` +
        `  p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${RUNS} calls after a first (goal p95 ≤ 200 ms)\n` +
        `  first call (loads the memory) ${firstMs.toFixed(0)} ms; without the memory ${uncachedMs.toFixed(0)} ms`,
    );
  } finally {
    await database.close();
    rmSync(socketDir, { recursive: true, force: true });
  }
}

if (PART !== 'api') detectorPart();
if (PART !== 'detector') for (const backend of BACKENDS) await apiPart(backend);
