// Live devices while the demo backfill runs: the server starts in demo mode (DEMO_VEHICLES trucks,
// DEMO_HISTORY_DAYS of history submitted in bulk in the background), and LIVE_DEVICES extra devices
// (generator in its own process) send one record per second each, waiting for each ack as devices
// do. Prints their ack latency p50 / p99 / max while the backfill runs, and after it.
// Run: npm run build -w @rumbo/server && npx tsx bench/demo-live-during-backfill.ts
// Env: DB=embedded|postgres (postgres needs BENCH_DATABASE_URL), DEMO_VEHICLES (50),
//      DEMO_HISTORY_DAYS (14), LIVE_DEVICES (100), MEASURE_S (180: most seconds measured during
//      the backfill), AFTER_S (15: measured after it, when it ended)
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { freshPostgres } from './fleet-seed.js';
import { freePort, startServer } from './server-process.js';

const db = process.env.DB ?? 'embedded';
const vehicles = process.env.DEMO_VEHICLES ?? '50';
const historyDays = process.env.DEMO_HISTORY_DAYS ?? '14';
const liveDevices = Number(process.env.LIVE_DEVICES ?? 100);
const afterS = Number(process.env.AFTER_S ?? 15);
const measureS = Number(process.env.MEASURE_S ?? 180);

const databaseUrl =
  db === 'postgres'
    ? await freshPostgres(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        'rumbo_bench_demo',
      )
    : undefined;

let backfillStartedMs: number | undefined;
let backfill: { atMs: number; records: number; seconds: number } | undefined;
let recomputes = 0;
/** Set once the measurement ends: the server's shutdown lines no longer count. */
let isMeasured = false;
const teltonikaPort = await freePort();
const server = await startServer({
  env: {
    DEMO: '1',
    DEMO_VEHICLES: vehicles,
    DEMO_HISTORY_DAYS: historyDays,
    INGEST_AUTO_REGISTER: '1',
    TELTONIKA_PORT: String(teltonikaPort),
    OSMAND_PORT: String(await freePort()),
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  onLog: (line) => {
    if (line.includes('demo fleet: backfilling history')) backfillStartedMs = performance.now();
    else if (line.includes('window recomputed')) recomputes += 1;
    else if (process.env.VERBOSE && line.includes('"level":50')) console.error(line.slice(0, 400));
    else if (line.includes('demo fleet: history backfilled') && !isMeasured) {
      const entry = JSON.parse(line) as { records: number; seconds: number };
      backfill = { atMs: performance.now(), records: entry.records, seconds: entry.seconds };
    }
  },
});

type Progress = { type: string; latencies?: number[]; connected: number };
const generator = fork(join(import.meta.dirname, 'ingest-generator.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    PORT: String(teltonikaPort),
    DEVICES: String(liveDevices),
    IMEI_PREFIX: '3577',
    RECORDS_PER_PACKET: '1',
    LIVE: '1',
    PACKET_INTERVAL_MS: '1000',
    REPORT_LATENCIES: '1',
    DURATION_S: '7200',
  },
});
const during: number[] = [];
const after: number[] = [];
generator.on('message', (message: Progress) => {
  if (message.type !== 'progress' || !message.latencies) return;
  if (backfillStartedMs === undefined) return;
  (backfill ? after : during).push(...message.latencies);
});

while (backfillStartedMs === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
const measureUntil = backfillStartedMs + measureS * 1000;
while (!backfill && performance.now() < measureUntil)
  await new Promise((resolve) => setTimeout(resolve, 500));
const measuredS = (performance.now() - backfillStartedMs) / 1000;
if (!backfill) isMeasured = true;
if (backfill) await new Promise((resolve) => setTimeout(resolve, afterS * 1000));
generator.send({ type: 'stop' });
await new Promise((resolve) => generator.once('exit', resolve));
await server.stop();

function summary(values: number[]): string {
  if (values.length === 0) return 'no acks';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  const over1s = sorted.filter((v) => v > 1000).length;
  return (
    `p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms ` +
    `(${sorted.length} acks, ${over1s} over 1 s)`
  );
}

console.log(
  backfill
    ? `demo ${db}: ${vehicles} trucks, ${historyDays} day(s) of history: ${backfill.records} records backfilled in ` +
        `${backfill.seconds} s while live; ${recomputes} windows recomputed`
    : `demo ${db}: ${vehicles} trucks, ${historyDays} day(s) of history: backfill still running after ` +
        `${measuredS.toFixed(0)} s (measured that long); ${recomputes} windows recomputed so far`,
);
console.log(
  `${liveDevices} live devices (1 record/s each), ack latency during backfill: ${summary(during)}`,
);
if (backfill)
  console.log(
    `${liveDevices} live devices, ack latency in the ${afterS} s after it: ${summary(after)}`,
  );
