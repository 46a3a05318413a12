import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { connect as natsConnect } from '@nats-io/transport-node';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { ensureUser, seed } from '../src/modules/seed/seed.service.js';
import { composeApp, type AppDeps } from '../src/main/compose.js';
import { TEST_SEED } from './global-setup.js';
import type { Clock } from '../src/lib/clock.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite snapshot (a `dumpDataDir` tarball) of test/global-setup.ts. */
    pgliteSnapshot: string;
    /** The same, seeded as `testApp` seeds (global-setup.ts `TEST_SEED`). */
    pgliteSeededSnapshot: string;
    /**
     * Its migrated PostgreSQL database to copy (and `${postgresTemplate}_seeded`, seeded), or ''
     * without TEST_DATABASE_URL.
     */
    postgresTemplate: string;
  }
}

/** Whether a NATS server answers at `url` (the NATS tests are skipped without one). */
export async function natsReachable(url: string): Promise<boolean> {
  try {
    const nc = await natsConnect({ servers: url, timeout: 1000 });
    await nc.close();
    return true;
  } catch {
    return false;
  }
}

/** Database back-ends the suite runs against: embedded always, PostgreSQL when configured. */
export function testBackends(): ('embedded' | 'postgres')[] {
  return process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
}

/** A clock tests can move forward. */
export function fakeClock(startMs = Date.now()): Clock & { advance(ms: number): void } {
  let now = startMs;
  return { nowMs: () => now, advance: (ms) => (now += ms) };
}

/**
 * A fresh, migrated database of the given kind; `close` drops it. It starts from the migrated
 * (or, with `seeded`, migrated and seeded) snapshot or template of test/global-setup.ts when the
 * project made one (`migrate` then finds nothing to do), otherwise it is migrated here.
 */
export async function freshDatabase(
  backend: 'embedded' | 'postgres',
  { seeded = false }: { seeded?: boolean } = {},
): Promise<DatabaseHandle> {
  if (backend === 'embedded') {
    const socketDir = mkdtempSync(join(tmpdir(), 'rumbo-db-'));
    const startFrom = inject(seeded ? 'pgliteSeededSnapshot' : 'pgliteSnapshot');
    const handle = await openDatabase({
      embedded: { storeDir: null, socketDir, ...(startFrom ? { startFrom } : {}) },
    });
    return migratedThen(handle, () => rmSync(socketDir, { recursive: true, force: true }));
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `rumbo_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const base = inject('postgresTemplate');
  const template = base && seeded ? `${base}_seeded` : base;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  return migratedThen(handle, async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
}

/** Migrates `handle` (nothing to do from a snapshot); its `close` then runs `after`. */
async function migratedThen(
  handle: DatabaseHandle,
  after: () => void | Promise<void>,
): Promise<DatabaseHandle> {
  await migrate(handle.db);
  const close = handle.close.bind(handle);
  return {
    ...handle,
    async close() {
      await close();
      await after();
    },
  };
}

/** Settings for tests: a temp DATA_DIR and fixed secrets. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-data-'));
  return loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://rumbo.test',
    SESSION_SECRET: 'x'.repeat(40),
    ALTCHA_HMAC_KEY: 'y'.repeat(40),
    SUPPORT_EMAIL: 'help@rumbo.test',
    ...overrides,
  });
}

/** Settings of a whole server in the test's process: the demo on the loopback, any free ports, quiet. */
export const LOCAL_DEMO_SERVER = {
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  TELTONIKA_PORT: '0',
  OSMAND_PORT: '0',
  DEMO: '1',
};

/** A seeded app on a fresh database (demo tenant included). */
export async function testApp(
  backend: 'embedded' | 'postgres',
  deps: Partial<Omit<AppDeps, 'database'>> = {},
): Promise<{
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}> {
  // Starts seeded (the global setup seeded the snapshot); seeding again finds it done.
  const database = await freshDatabase(backend, { seeded: true });
  const config = deps.config ?? testConfig();
  await seed(database.db, TEST_SEED);
  const app = await composeApp({ ...deps, config, database });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}

/** A digest as the web app makes one. */
export function newDigest(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, 'x') + 'ABCDEFGH';
}

/** Signs in through the HTTP API; returns the headers later calls carry. */
export async function signInHeaders(
  app: FastifyInstance,
  username = 'demouser',
  password = 'demo1234',
): Promise<{ token: string; digest: string; iss: number }> {
  const digest = newDigest();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/generate_token?with_claim=true',
    payload: { username, password, digest },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const body = response.json<{ token: string; iss: number }>();
  return { token: body.token, digest, iss: body.iss };
}

/** Listens on a free local port; answers the port. */
export async function listenOnFreePort(ctx: Awaited<ReturnType<typeof testApp>>): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

/** Another tenant's administrator (`norteadmin` / `norte1234` in Transportes Norte), for the tests
 * that keep one tenant's data from another. */
export async function addOutsiderAdmin(db: DatabaseHandle['db']): Promise<void> {
  await ensureUser(db, {
    tenant: 'Transportes Norte',
    username: 'norteadmin',
    email: 'a@norte.test',
    role: 'admin',
    password: 'norte1234',
  });
}
