// The demo's alert list as a fleet manager sees it (issue 22): runs `rumbo serve --demo` (the
// server from source through tsx, or the build with SERVER_DIST) on a fresh PostgreSQL database
// with default settings until the history is backfilled, then prints alerts per truck per day by
// code, episodes told twice, trucks with suspected thefts and trips with a driver card.
// Run: npx tsx bench/demo-alerts.ts
// Env: DEMO_VEHICLES (50), DEMO_HISTORY_DAYS (14), BENCH_DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.js';
import {
  demoAlertFigures,
  formatDemoAlertFigures,
} from '../apps/server/test/demo-alert-figures.js';
import { DEMO_TENANT } from '../apps/server/src/modules/seed/seed.service.js';
import { freshPostgres } from './fleet-seed.js';
import { freePort } from './server-process.js';

const root = join(import.meta.dirname, '..');
const vehicles = process.env.DEMO_VEHICLES ?? '50';
const days = Number(process.env.DEMO_HISTORY_DAYS ?? 14);
const databaseUrl = await freshPostgres(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  'rumbo_bench_demo_alerts',
);
const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-demo-alerts-'));
const [port, teltonika, osmand] = [await freePort(), await freePort(), await freePort()];
const entry = process.env.SERVER_DIST
  ? [join(process.env.SERVER_DIST, 'cli.js')]
  : ['--import', 'tsx', join(root, 'apps/server/src/cli.ts')];
const started = performance.now();
const child = spawn(process.execPath, [...entry, 'serve'], {
  cwd: join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    TELTONIKA_PORT: String(teltonika),
    OSMAND_PORT: String(osmand),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    ADMIN_PASSWORD: 'bench-admin-password',
    DEMO: '1',
    DEMO_VEHICLES: vehicles,
    DEMO_HISTORY_DAYS: String(days),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const backfilled = new Promise<void>((resolve, reject) => {
  let rest = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('history backfilled')) resolve();
    }
  });
  child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});
await backfilled;
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
console.log(`demo backfilled in ${((performance.now() - started) / 1000).toFixed(0)} s`);

const database = await openDatabase({ url: databaseUrl, poolSize: 2 });
try {
  const tenant = await database.db
    .selectFrom('tenants')
    .select('id')
    .where('name', '=', DEMO_TENANT)
    .executeTakeFirstOrThrow();
  const history = await database.db
    .selectFrom('demo_history')
    .select(['history_from', 'history_until'])
    .executeTakeFirstOrThrow();
  const fromMs = new Date(history.history_from).getTime();
  const untilMs = new Date(history.history_until).getTime();
  const figures = await demoAlertFigures(database.db, tenant.id, fromMs, untilMs);
  console.log(formatDemoAlertFigures(figures));
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`database (dropped by the next run): ${databaseUrl}`);
