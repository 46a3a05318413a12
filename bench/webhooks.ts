// Webhooks (issue 27): the extra ingest CPU per record of the outbox sink with 10 endpoints taking
// every event kind, against none in the same run — the sink's collect (a map lookup per fact
// without endpoints) and its write in the batch's transaction (embedded PGlite, in this process:
// the database's own work is counted too; the transactions themselves are the pipeline's
// anyway, so their cost is taken off) — over the regression guard's fixed day, beside the
// detectors' step per record for scale; and the delivery rate: the jobs role's passes posting
// those events, signed, to a local node:http receiver.
// Run: npx tsx bench/webhooks.ts   (TRUCKS 10, BATCH 1000, ROUNDS 3, DELIVER_S 20 at most;
// BENCH_DATABASE_URL=postgres://… an empty database, else embedded PGlite)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { WEBHOOK_EVENT_KINDS } from '@rumbo/contracts';
import {
  DEFAULT_DETECTORS,
  DEFAULT_REDUCER_SETTINGS,
  initialDeviceState,
  step,
  type DeviceFact,
} from '@rumbo/telematics';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seed } from '../apps/server/src/modules/seed/seed.service.js';
import {
  deliverWebhooks,
  WebhookSubscriptionsCache,
} from '../apps/server/src/modules/webhooks/index.js';
import { webhooksSink } from '../apps/server/src/pipeline/sinks/webhooks.sink.js';
import { SinkSet } from '../apps/server/src/pipeline/sinks/sink.js';
import { fixedDay } from '../packages/telematics/perf/day.js';
import { median } from './detector-cost.js';

const TRUCKS = Number(process.env.TRUCKS ?? 10);
const BATCH = Number(process.env.BATCH ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const DELIVER_S = Number(process.env.DELIVER_S ?? 20);
const ENDPOINTS = 10;

/** CPU time (user + system) of `run`, in ns. */
async function cpuNs(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) * 1000;
}

const day = fixedDay(TRUCKS);
const records = day.reduce((n, t) => n + t.positions.length, 0);
let facts: DeviceFact[][] = [];
const stepNs = await cpuNs(() => {
  facts = day.map(({ positions, context }) => {
    let state = initialDeviceState(DEFAULT_DETECTORS);
    const out: DeviceFact[] = [];
    for (const p of positions) {
      const r = step(state, p, DEFAULT_REDUCER_SETTINGS, { context, detectors: DEFAULT_DETECTORS });
      state = r.state;
      out.push(...r.facts);
    }
    return out;
  });
});
const us = (ns: number) => `${(ns / 1000).toFixed(3)} µs`;
console.log(`Webhooks over the fixed day: ${TRUCKS} trucks, ${records} records`);
console.log(`detectors' step (for scale): ${us(stepNs / records)} CPU/record\n`);

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const port = (receiver.address() as AddressInfo).port;

const socketDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-db-'));
// BENCH_DATABASE_URL: an empty PostgreSQL database instead (its work is then another process's).
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { url } : { embedded: { storeDir: null, socketDir } });
const { db } = database;
try {
  await migrate(db);
  await seed(db, { adminPassword: 'bench-admin-password', demo: true });
  const tenantId = (
    await sql<{ id: number }>`select id from tenants where name = 'Transportes Demo'`.execute(db)
  ).rows[0]!.id;
  const subscriptions = new WebhookSubscriptionsCache();
  const sinks = new SinkSet([webhooksSink(subscriptions)]);
  const collect = () => {
    const batches: unknown[][][] = [];
    const before = process.cpuUsage();
    facts.forEach((list, t) => {
      const tag = { vehicleId: t + 1, tenantId };
      for (let k = 0; k < list.length; k += BATCH) {
        const rows = sinks.empty();
        for (const f of list.slice(k, k + BATCH)) sinks.collect(rows, tag, f);
        batches.push(rows);
      }
    });
    const used = process.cpuUsage(before);
    return { ns: ((used.user + used.system) * 1000) / records, batches };
  };
  /** The batches' transactions, each with the sink's write or without (the pipeline's anyway). */
  const writeNs = async (batches: unknown[][][], withSink: boolean) =>
    (await cpuNs(async () => {
      for (const batch of batches)
        await db
          .transaction()
          .execute((trx) => (withSink ? sinks.write(trx, [batch]) : Promise.resolve()));
    })) / records;

  // No endpoint: the tenant is not in the map; no row, no statement.
  const idle: number[] = [];
  const emptyTx: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const run = collect();
    idle.push(run.ns);
    emptyTx.push(await writeNs(run.batches, false));
  }
  const none = median(idle);
  console.log(`no endpoint:   collect ${us(none)} CPU/record, no statement`);

  // 10 endpoints taking every kind (every alert included). Only the first round's write inserts
  // (the others are replays, skipped by the outbox's key): the write is measured once.
  for (let i = 0; i < ENDPOINTS; i++)
    await db
      .insertInto('webhook_endpoints')
      .values({
        tenant_id: tenantId,
        url: `http://127.0.0.1:${port}/hook/${i}`,
        event_kinds: [...WEBHOOK_EVENT_KINDS],
        secret: `whsec_bench_${i}`,
      })
      .execute();
  await subscriptions.reload(db);
  const busy: number[] = [];
  let batches: unknown[][][] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const run = collect();
    busy.push(run.ns);
    batches = run.batches;
  }
  const write = Math.max(0, (await writeNs(batches, true)) - median(emptyTx));
  const events = Number(
    (await sql<{ n: string }>`select count(*) as n from webhook_outbox`.execute(db)).rows[0]!.n,
  );
  const deliveries = events * ENDPOINTS;
  const extra = median(busy) + write - none;
  console.log(
    `${ENDPOINTS} endpoints:  collect ${us(median(busy))} + write ${us(write)} CPU/record ` +
      `(${events} events, ${deliveries} deliveries queued)`,
  );
  console.log(
    `extra ingest CPU per record with ${ENDPOINTS} endpoints on: ${us(extra)} ` +
      `(${((extra / (stepNs / records)) * 100).toFixed(1)} % of the detectors' step)`,
  );

  // Deliveries: passes as the jobs role runs them, back to back, until all are sent.
  const policy = { allowHttp: true, allowPrivate: true };
  const start = process.hrtime.bigint();
  let sent = 0;
  while (sent < deliveries && Number(process.hrtime.bigint() - start) / 1e9 < DELIVER_S)
    sent += await deliverWebhooks({ db, clock: { nowMs: () => Date.now() }, policy, perPass: 500 });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `deliveries:    ${sent} in ${seconds.toFixed(1)} s = ${(sent / seconds).toFixed(0)} deliveries/s ` +
      `(${ENDPOINTS} endpoints in parallel, signed, receiver got ${received}; ${url ? 'PostgreSQL' : 'embedded PGlite'})`,
  );
} finally {
  await database.close();
  receiver.close();
  rmSync(socketDir, { recursive: true, force: true });
}
