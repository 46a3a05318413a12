import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The migrations folder: beside this file in source, copied next to the bundle when built. */
function migrationsDir(): string {
  for (const candidate of [join(here, 'migrations'), join(here, 'db/migrations')]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

/** Every migration (plain .sql files), in name order. Names never change once released. */
export function loadMigrations(): { name: string; sql: string }[] {
  const dir = migrationsDir();
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      name: file.replace(/\.sql$/, ''),
      sql: readFileSync(join(dir, file), 'utf8'),
    }));
}

// Arbitrary constant: serialises concurrent migrators on one PostgreSQL.
const MIGRATION_LOCK = 7_270_701;

/** Applies pending migrations, each in its own transaction; returns the names applied. */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        name text primary key, applied_at timestamptz not null default now())`.execute(conn);
      const done = await sql<{ name: string }>`select name from schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((row) => row.name));
      const ran: string[] = [];
      for (const migration of loadMigrations()) {
        if (applied.has(migration.name)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await sql`insert into schema_migrations (name) values (${migration.name})`.execute(trx);
        });
        ran.push(migration.name);
      }
      return ran;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
