import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Where the embedded database listens: a Unix socket directory (pg `host`) or a TCP port. */
export interface EmbeddedEndpoint {
  host: string;
  port: number;
}

/** A running PGlite served over the Postgres wire protocol. */
export interface RunningPglite {
  endpoint: EmbeddedEndpoint;
  stop(): Promise<void>;
}

// Unix socket paths are limited to 107 bytes; beyond that an OS-chosen loopback port is used.
const MAX_SOCKET_PATH = 100;

/**
 * Opens PGlite (in `storeDir`, or in memory when null) and serves it on a Unix socket in
 * `socketDir` named as libpq expects, so `pg` connects with host = socketDir.
 */
export async function servePglite(
  storeDir: string | null,
  socketDir: string,
): Promise<RunningPglite> {
  if (storeDir) mkdirSync(storeDir, { recursive: true });
  // pg_trgm: the search's trigram indexes (migration 0021-search, docs/decisions/0032-search.md).
  const db = await PGlite.create(storeDir ?? undefined, { extensions: { pg_trgm } });
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  let server: PGLiteSocketServer;
  let endpoint: EmbeddedEndpoint;
  if (socketPath.length <= MAX_SOCKET_PATH) {
    mkdirSync(socketDir, { recursive: true });
    rmSync(socketPath, { force: true });
    server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
    await server.start();
    endpoint = { host: socketDir, port: 5432 };
  } else {
    const port = await freePort();
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 4 });
    await server.start();
    endpoint = { host: '127.0.0.1', port };
  }
  return {
    endpoint,
    async stop() {
      await server.stop();
      // CHECKPOINT flushes everything to the store before the files are closed.
      await db.exec('CHECKPOINT');
      await db.close();
    },
  };
}

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
