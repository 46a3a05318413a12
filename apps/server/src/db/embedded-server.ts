import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Where the embedded database listens: a Unix socket directory (pg `host`) or a TCP port. */
export interface EmbeddedEndpoint {
  host: string;
  port: number;
}

/** The embedded database of this DATA_DIR is already served by a running process. */
export class EmbeddedInUseError extends Error {
  constructor(readonly socketPath: string) {
    super(
      `a running Rumbo server uses this data folder's database (${socketPath}); ` +
        'stop it first, or run the command while it runs so it is handed to that server',
    );
    this.name = 'EmbeddedInUseError';
  }
}

/** True when a process accepts connections on this Unix socket (a stale file answers false). */
export function isListening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
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
 * `socketDir` named as libpq expects, so `pg` connects with host = socketDir. `startFrom`: a
 * `dumpDataDir` tarball the database starts from instead of an empty cluster (the tests' migrated
 * snapshot, apps/server/test/global-setup.ts).
 */
export async function servePglite(
  storeDir: string | null,
  socketDir: string,
  startFrom?: string,
): Promise<RunningPglite> {
  const socketPath = join(socketDir, '.s.PGSQL.5432');
  // Another process serves this folder's database: never open a second copy of its files nor
  // take its socket (issue 21 item 9).
  if (socketPath.length <= MAX_SOCKET_PATH && (await isListening(socketPath)))
    throw new EmbeddedInUseError(socketPath);
  if (storeDir) mkdirSync(storeDir, { recursive: true });
  // pg_trgm: the search's trigram indexes (migration 0021-search, docs/decisions/0032-search.md).
  const db = await PGlite.create(storeDir ?? undefined, {
    extensions: { pg_trgm },
    ...(startFrom ? { loadDataDir: new Blob([readFileSync(startFrom)]) } : {}),
  });
  let server: PGLiteSocketServer;
  let endpoint: EmbeddedEndpoint;
  if (socketPath.length <= MAX_SOCKET_PATH) {
    mkdirSync(socketDir, { recursive: true });
    rmSync(socketPath, { force: true }); // stale: left by a process that died
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
