import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { startEmbedded, type EmbeddedDatabase } from './embedded.js';
import type { Database } from './schema.js';

// int8 (bigserial, count) as JS numbers: our ids and counts stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/** The application's database handle and how to close it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  mode: 'embedded' | 'postgres';
  /** Plain pg pool for bulk paths Kysely does not cover (COPY). */
  pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Options: a PostgreSQL URL, or the embedded store directory (null = in memory) and optionally a
 * dump it starts from (servePglite's `startFrom`).
 */
export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { embedded: { storeDir: string | null; socketDir: string; startFrom?: string } };

/** Opens the database: PostgreSQL when a URL is given, otherwise embedded PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let embedded: EmbeddedDatabase | undefined;
  let pool: pg.Pool;
  if ('url' in options) {
    pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  } else {
    embedded = await startEmbedded(options.embedded);
    // PGlite is one backend: a single connection keeps transactions isolated.
    pool = new pg.Pool({
      host: embedded.endpoint.host,
      port: embedded.endpoint.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
    });
  }
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on the next query.
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    mode: embedded ? 'embedded' : 'postgres',
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await embedded?.close();
    },
  };
}

/** Embedded store location inside DATA_DIR. */
export function embeddedPaths(dataDir: string): { storeDir: string; socketDir: string } {
  return { storeDir: join(dataDir, 'pglite'), socketDir: join(dataDir, 'run') };
}

/** True when the database answers a trivial query. */
export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
