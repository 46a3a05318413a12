// First run of the demo as `npm start` runs it (the built server, `serve --demo`, a fresh data
// folder): time from the process start to /api/health and to every demo truck live (a last
// position), time to a complete history (stored, and recomputed into trips, stops, idle periods
// and rollups: the server logs "history backfilled"), bulk history throughput in records/s while
// it is stored, and the windows recomputed on the way.
// Run: npm run build -w @rumbo/server && npx tsx bench/demo-first-run.ts
// Env: DB=embedded|postgres (postgres: a fresh database next to BENCH_DATABASE_URL),
//      DEMO_VEHICLES (50), DEMO_HISTORY_DAYS (14).
import { freshPostgres } from './fleet-seed.js';
import { startServer } from './server-process.js';

const db = process.env.DB ?? 'embedded';
const vehicles = Number(process.env.DEMO_VEHICLES ?? 50);
const historyDays = process.env.DEMO_HISTORY_DAYS ?? '14';

const databaseUrl =
  db === 'postgres'
    ? await freshPostgres(
        process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
        'rumbo_bench_first_run',
      )
    : undefined;

interface Backfilled {
  records: number;
  seconds: number;
  storedSeconds: number;
  recordsPerSecond: number;
}
let backfilled: (Backfilled & { atMs: number }) | undefined;
let recomputes = 0;
const spawnedAt = performance.now();
const server = await startServer({
  env: {
    DEMO_VEHICLES: String(vehicles),
    DEMO_HISTORY_DAYS: historyDays,
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  onLog: (line) => {
    if (line.includes('window recomputed')) recomputes += 1;
    else if (line.includes('demo fleet: history backfilled') && !backfilled) {
      backfilled = { ...(JSON.parse(line) as Backfilled), atMs: performance.now() };
    }
  },
});
const healthAt = performance.now();

const login = await fetch(`${server.url}/api/auth/generate_token`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest: 'DemoFirstRunBnch' }),
});
const { token } = (await login.json()) as { token: string };
const headers = { token, digest: 'DemoFirstRunBnch' };
let liveAt: number | undefined;
while (!liveAt && performance.now() - healthAt < 120_000) {
  const response = await fetch(`${server.url}/api/rest/vehicle/last_position`, { headers });
  const list = (await response.json()) as { lat: number | null }[];
  if (list.length >= vehicles && list.every((v) => v.lat !== null)) liveAt = performance.now();
  else await new Promise((resolve) => setTimeout(resolve, 100));
}
while (!backfilled && performance.now() - healthAt < 900_000) {
  await new Promise((resolve) => setTimeout(resolve, 500));
}
await server.stop();

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `demo first run (${db}, ${vehicles} trucks, ${historyDays} days): /api/health ${s(healthAt - spawnedAt)} ` +
    `after the process start; every truck live ${liveAt ? s(liveAt - healthAt) : 'not within 120 s'} after it`,
);
console.log(
  backfilled
    ? `history: ${backfilled.records} records stored ${backfilled.storedSeconds} s and complete ` +
        `(recomputed) ${s(backfilled.atMs - healthAt)} after /api/health; bulk throughput ` +
        `${backfilled.recordsPerSecond} records/s; ${recomputes} windows recomputed`
    : `history: not complete within 15 min (${recomputes} windows recomputed)`,
);
