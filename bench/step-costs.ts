// Each step's cost per record over the regression guard's fixed day (50 simulated trucks, one
// day, every alert rule on, tanks known: packages/telematics/perf/day.ts; decision 0045):
// - each detector: the whole default chain minus the chain without it (µs per record);
// - each sink: its `collect` over the day's facts, and its `write` of them on embedded PGlite
//   (in batches of BATCH records' facts, one transaction each), per record of the day.
// Pure CPU for the detectors; the writes include PGlite's own work. The guard counts the chain's
// instructions; this bench says which step to look at when it grows.
// Run: npx tsx bench/step-costs.ts   (ROUNDS 5, the first a warm-up; TRUCKS 50; BATCH 1000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import {
  DEFAULT_DETECTORS,
  DEFAULT_REDUCER_SETTINGS,
  initialDeviceState,
  step,
  type DetectorChain,
  type DeviceFact,
} from '@rumbo/telematics';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seed } from '../apps/server/src/modules/seed/seed.service.js';
import { defaultSinks } from '../apps/server/src/pipeline/sinks/index.js';
import { SinkSet } from '../apps/server/src/pipeline/sinks/sink.js';
import { fixedDay, type TruckDay } from '../packages/telematics/perf/day.js';
import { median } from './detector-cost.js';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const TRUCKS = Number(process.env.TRUCKS ?? 50);
const BATCH = Number(process.env.BATCH ?? 1000);

/**
 * CPU ns per record of the day through `chain` (the process's user + system time, so that the
 * other processes of a shared machine do not count); with `keep`, the facts per truck and per
 * record index too. The timed runs keep none: holding a day's facts made the collector's work,
 * not the detectors', decide the differences.
 */
function runChain(day: readonly TruckDay[], chain: DetectorChain, keep = false) {
  let records = 0;
  let count = 0;
  const facts: DeviceFact[][][] = [];
  const cpu0 = process.cpuUsage();
  for (const { positions, context } of day) {
    let state = initialDeviceState(chain);
    const perRecord: DeviceFact[][] = [];
    for (const p of positions) {
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context, detectors: chain });
      state = r.state;
      if (keep) perRecord.push(r.facts);
      else count += r.facts.length;
    }
    facts.push(perRecord);
    records += positions.length;
  }
  const cpu = process.cpuUsage(cpu0);
  return { ns: ((cpu.user + cpu.system) * 1000) / records, facts, count };
}

const day = fixedDay(TRUCKS);
const records = day.reduce((n, t) => n + t.positions.length, 0);
const us = (ns: number) => `${(ns / 1000).toFixed(3).padStart(7)} µs`;
console.log(`Step costs over the fixed day: ${TRUCKS} trucks, ${records} records\n`);

// Detectors: each chain without one detector right after a run of the whole chain (their order
// swapped every round), and the difference of each pair: a whole chain timed once per round and
// subtracted from every other run carried its own noise into every detector's figure (several
// came out negative on a loaded machine).
const without = DEFAULT_DETECTORS.map((d) => DEFAULT_DETECTORS.filter((x) => x !== d));
const full: number[] = [];
const diffs: number[][] = without.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  without.forEach((chain, i) => {
    const first = round % 2 === 0;
    const a = first ? runChain(day, DEFAULT_DETECTORS).ns : 0;
    const b = runChain(day, chain).ns;
    const whole = first ? a : runChain(day, DEFAULT_DETECTORS).ns;
    if (round === 0) return;
    full.push(whole);
    diffs[i]!.push(whole - b);
  });
}
const fullNs = median(full);
console.log(
  `Detectors (CPU; whole chain ${us(fullNs)}/record; each the median of ${ROUNDS - 1} paired differences):`,
);
DEFAULT_DETECTORS.forEach((d, i) =>
  console.log(`  ${d.name.padEnd(22)} ${us(median(diffs[i]!))}/record`),
);
const sum = diffs.reduce((n, d) => n + median(d), 0);
console.log(`  (sum of the detectors ${us(sum)}/record; the rest is the reducer's own work)`);

// Sinks: collect and write, each sink alone, on a fresh embedded database.
const { facts } = runChain(day, DEFAULT_DETECTORS, true);
const socketDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-db-'));
const database = await openDatabase({ embedded: { storeDir: null, socketDir } });
const { db } = database;
try {
  await migrate(db);
  await seed(db, { adminPassword: 'bench-admin-password', demo: true });
  const tenantId = (
    await sql<{ id: number }>`select id from tenants where name = 'Transportes Demo'`.execute(db)
  ).rows[0]!.id;
  const vehicleIds = (
    await sql<{ id: number }>`insert into vehicles (tenant_id, plate)
      select ${tenantId}, 'SC' || lpad(g::text, 5, '0') from generate_series(1, ${TRUCKS}) g
      returning id`.execute(db)
  ).rows.map((r) => r.id);
  console.log(
    `\nSinks (per record of the day; write: embedded PGlite, batches of ${BATCH} records):`,
  );
  for (const sink of defaultSinks().sinks) {
    const one = new SinkSet([sink]);
    // Collect: every fact of the day, batch by batch, as the pipeline does.
    const batches: unknown[][][] = [];
    const collect: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      batches.length = 0;
      const t0 = process.hrtime.bigint();
      facts.forEach((perRecord, t) => {
        const tag = { vehicleId: vehicleIds[t]!, tenantId };
        for (let k = 0; k < perRecord.length; k += BATCH) {
          const rows = one.empty();
          for (const list of perRecord.slice(k, k + BATCH))
            for (const f of list) one.collect(rows, tag, f);
          batches.push(rows);
        }
      });
      if (round > 0) collect.push(Number(process.hrtime.bigint() - t0) / records);
    }
    const rows = batches.reduce((n, b) => n + b[0]!.length, 0);
    // Write: once (a second write of the same rows would measure conflicts, not inserts).
    const t0 = process.hrtime.bigint();
    for (const batch of batches) await db.transaction().execute((trx) => one.write(trx, [batch]));
    const writeNs = Number(process.hrtime.bigint() - t0) / records;
    console.log(
      `  ${sink.name.padEnd(16)} collect ${us(median(collect))}  write ${us(writeNs)}  (${rows} rows)`,
    );
  }
} finally {
  await database.close();
  rmSync(socketDir, { recursive: true, force: true });
}
