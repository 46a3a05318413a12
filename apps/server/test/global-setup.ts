// Once per run of the server project: a migrated database every test file starts from, instead of
// each file migrating its own (decision 0047). Embedded: a PGlite `dumpDataDir` tarball that
// `freshDatabase` loads; PostgreSQL (TEST_DATABASE_URL): a migrated database that
// `freshDatabase` copies with `CREATE DATABASE … TEMPLATE`. The provided names are declared in
// harness.ts, their reader.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { seed } from '../src/modules/seed/seed.service.js';

/** The seed every `testApp` runs (harness.ts): done once here, found done there. */
export const TEST_SEED = { adminPassword: 'admin-password', demo: true } as const;

/** Dumps the PGlite store at `storeDir` to `file` (a `dumpDataDir` tarball). */
async function dumpStore(storeDir: string, file: string): Promise<string> {
  const store = await PGlite.create(storeDir, { extensions: { pg_trgm } });
  const dump = await store.dumpDataDir('none');
  await store.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/** Two snapshots: migrated, and migrated and seeded (what `testApp` starts from). */
async function pgliteSnapshots(root: string): Promise<{ migrated: string; seeded: string }> {
  const storeDir = join(root, 'store');
  const paths = { storeDir, socketDir: join(root, 'run') };
  let handle = await openDatabase({ embedded: paths });
  await migrate(handle.db);
  await handle.close();
  const migrated = await dumpStore(storeDir, join(root, 'migrated.tar'));
  handle = await openDatabase({ embedded: paths });
  await seed(handle.db, TEST_SEED);
  await handle.close();
  const seeded = await dumpStore(storeDir, join(root, 'seeded.tar'));
  rmSync(storeDir, { recursive: true, force: true });
  return { migrated, seeded };
}

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** Opens the database `name` on the server of `adminUrl`, runs `work`, closes every connection. */
async function withDatabase(
  adminUrl: string,
  name: string,
  work: (handle: Awaited<ReturnType<typeof openDatabase>>) => Promise<unknown>,
): Promise<void> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Every connection closed afterwards: PostgreSQL copies a template nobody is connected to.
  const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await work(handle);
  } finally {
    await handle.close();
  }
}

/** Two templates: `name` migrated, `${name}_seeded` migrated and seeded. */
async function postgresTemplates(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `create database ${name}`);
  await withDatabase(adminUrl, name, (handle) => migrate(handle.db));
  await adminQuery(adminUrl, `create database ${name}_seeded template ${name}`);
  await withDatabase(adminUrl, `${name}_seeded`, (handle) => seed(handle.db, TEST_SEED));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = mkdtempSync(join(tmpdir(), 'rumbo-migrated-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const template = adminUrl ? `rumbo_template_${process.pid}` : '';
  await Promise.all([
    pgliteSnapshots(root).then(({ migrated, seeded }) => {
      project.provide('pgliteSnapshot', migrated);
      project.provide('pgliteSeededSnapshot', seeded);
    }),
    template ? postgresTemplates(adminUrl, template) : undefined,
  ]);
  project.provide('postgresTemplate', template);
  return async () => {
    rmSync(root, { recursive: true, force: true });
    if (template) {
      await adminQuery(adminUrl, `drop database if exists ${template}_seeded with (force)`);
      await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
    }
  };
}
