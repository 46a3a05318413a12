// The server in the bench's own process (compose + listen) on a fresh database: PostgreSQL next to
// BENCH_DATABASE_URL, or the embedded one with BACKEND=embedded; migrated and seeded with the demo
// users, so a bench can fill tables in bulk with SQL before it starts the server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/database.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { composeApp } from '../apps/server/src/main/compose.js';
import { seed } from '../apps/server/src/modules/seed/seed.service.js';
import { freshPostgres } from './fleet-seed.js';
import { freePort } from './server-process.js';

/** A fresh, migrated and seeded database (`name`: the PostgreSQL database's name). */
export async function benchDatabase(backend: string, name: string) {
  const socketDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-db-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-bench-data-'));
  const database: DatabaseHandle =
    backend === 'embedded'
      ? await openDatabase({ embedded: { storeDir: null, socketDir } })
      : await openDatabase({
          url: await freshPostgres(
            process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
            name,
          ),
          poolSize: 10,
        });
  await migrate(database.db);
  await seed(database.db, { adminPassword: 'bench-admin-password', demo: true });
  return { database, dataDir, socketDir };
}

/** Starts the server on that database, signs `demouser` in; `close` stops both and cleans up. */
export async function startInProcess(
  bench: Awaited<ReturnType<typeof benchDatabase>>,
  digest: string,
) {
  const { database, dataDir, socketDir } = bench;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://rumbo.bench',
    SESSION_SECRET: 'x'.repeat(40),
    ALTCHA_HMAC_KEY: 'y'.repeat(40),
    SUPPORT_EMAIL: 'help@rumbo.bench',
    TELTONIKA_PORT: String(await freePort()),
    OSMAND_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
  });
  const app = await composeApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/auth/generate_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demouser', password: 'demo1234', digest }),
  });
  const { token } = (await login.json()) as { token: string };
  return {
    base,
    headers: { token, digest, 'content-type': 'application/json' },
    close: async () => {
      await app.close();
      await database.close();
      rmSync(socketDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The p-th percentile of some timings. */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
