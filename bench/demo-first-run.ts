// First run of the demo as `npm start` runs it (the built server, `serve --demo`, a fresh data
// folder): time from the process start to /api/health and to every demo truck live (a last
// position), time to a complete history (stored, and recomputed into trips, stops, idle periods
// and rollups: the server logs "history backfilled"), bulk history throughput in records/s while
// it is stored, and the windows recomputed on the way; with RESTART=1 a warm restart after it (the
// same data folder): /api/health and every truck live again (a last report after the restart).
// The server's own figures: the drivers' placement (decision 0048; "kept" on a restart) and the
// fleet going live, after the process start.
// Run: npm run build -w @rumbo/server && npx tsx bench/demo-first-run.ts
// Env: DB=embedded|postgres (postgres: a fresh database next to BENCH_DATABASE_URL),
//      DEMO_VEHICLES (50), DEMO_HISTORY_DAYS (14), RESTART=1, SERVER_DIST (another build).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgres } from './fleet-seed.js';
import { freePort, startServer } from './server-process.js';

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
/** The server's demo lines of the current start: the placement, the fleet live. */
let placed: { kept: boolean; ms: number; atMs: number } | undefined;
let fleetLiveAt: number | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-first-run-'));
// The device ports too: another demo server on this machine must not take the trucks' records.
const devicePorts = {
  TELTONIKA_PORT: String(await freePort()),
  OSMAND_PORT: String(await freePort()),
};
const start = () =>
  startServer({
    dataDir,
    env: {
      DEMO_VEHICLES: String(vehicles),
      DEMO_HISTORY_DAYS: historyDays,
      LOG_LEVEL: 'info',
      ...devicePorts,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    onLog: (line) => {
      if (line.includes('window recomputed')) recomputes += 1;
      else if (line.includes('demo fleet: drivers placed')) {
        placed = {
          ...(JSON.parse(line) as { kept: boolean; ms: number }),
          atMs: performance.now(),
        };
      } else if (line.includes('demo fleet: live')) fleetLiveAt = performance.now();
      else if (line.includes('demo fleet: history backfilled') && !backfilled) {
        backfilled = { ...(JSON.parse(line) as Backfilled), atMs: performance.now() };
      }
    },
  });
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
/** The server's placement and fleet-live lines, after the process start. */
const serverFigures = (spawnedAt: number): string =>
  `drivers placed ${placed ? `${placed.kept ? 'kept' : 'computed'} in ${placed.ms} ms, ${s(placed.atMs - spawnedAt)}` : '—'}, ` +
  `fleet live ${fleetLiveAt ? s(fleetLiveAt - spawnedAt) : '—'} after the process start`;

const spawnedAt = performance.now();
const server = await start();
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
const firstServerFigures = serverFigures(spawnedAt);

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
console.log(`first run: ${firstServerFigures}`);

if (process.env.RESTART === '1') {
  placed = undefined;
  fleetLiveAt = undefined;
  const restartWallMs = Date.now();
  const restartedAt = performance.now();
  const again = await start();
  const againHealthAt = performance.now();
  const { token: token2 } = (await (
    await fetch(`${again.url}/api/auth/generate_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'demouser',
        password: 'demo1234',
        digest: 'DemoFirstRunBnch',
      }),
    })
  ).json()) as { token: string };
  let againLiveAt: number | undefined;
  while (!againLiveAt && performance.now() - againHealthAt < 120_000) {
    const response = await fetch(`${again.url}/api/rest/vehicle/last_position`, {
      headers: { token: token2, digest: 'DemoFirstRunBnch' },
    });
    const list = (await response.json()) as { lastConnection: string | null }[];
    const reported = (v: { lastConnection: string | null }) =>
      v.lastConnection !== null && Date.parse(v.lastConnection) >= restartWallMs - 1000;
    if (list.length >= vehicles && list.every(reported)) againLiveAt = performance.now();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await again.stop();
  console.log(
    `warm restart: /api/health ${s(againHealthAt - restartedAt)} after the process start; every ` +
      `truck live ${againLiveAt ? s(againLiveAt - againHealthAt) : 'not within 120 s'} after it; ` +
      serverFigures(restartedAt),
  );
}
rmSync(dataDir, { recursive: true, force: true });
