import { sql, type Kysely } from 'kysely';
import accounts from './migrations/0001-accounts.sql';
import fleet from './migrations/0002-fleet.sql';
import type { Database } from './schema.js';

/** Every migration, in order. Names never change once released. */
export const MIGRATIONS: readonly { name: string; sql: string }[] = [
  { name: '0001-accounts', sql: accounts },
  { name: '0002-fleet', sql: fleet },
];

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
      for (const migration of MIGRATIONS) {
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
