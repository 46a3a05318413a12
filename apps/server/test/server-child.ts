import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

// The server as a child process (`src/cli.ts serve` under tsx), for the tests that kill it -9.

const serverDir = join(import.meta.dirname, '..');

/** A TCP port free on the loopback at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `serve` with `env` and waits until `/api/health` answers on `httpPort` (else kills it). */
export async function startServerChild(
  env: Record<string, string>,
  httpPort: number,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(serverDir, 'src/cli.ts'), 'serve'],
    {
      env: { ...process.env, ...env },
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < timeoutMs / 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${httpPort}/api/health`)).ok) return child;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

/** Runs `statements` one after the other on the PostgreSQL server of TEST_DATABASE_URL. */
async function onPostgresServer(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const statement of statements) await admin.query(statement);
  await admin.end();
}

/** Drops the database `name` next to TEST_DATABASE_URL, if there is one. */
export function dropPostgres(name: string): Promise<void> {
  return onPostgresServer(`drop database if exists ${name} with (force)`);
}

/** The database `name` next to TEST_DATABASE_URL, made again empty: answers its URL. */
export async function recreatePostgres(name: string): Promise<string> {
  await onPostgresServer(`drop database if exists ${name} with (force)`, `create database ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Settings of a child server on `databaseUrl` and `dataDir` listening on the loopback, each port
 * (HTTP, Teltonika, OsmAnd) free: answers them with the ports.
 */
export async function childServerEnv(databaseUrl: string, dataDir: string) {
  const [httpPort, devicePort, osmandPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(httpPort),
    HOST: '127.0.0.1',
    TELTONIKA_PORT: String(devicePort),
    OSMAND_PORT: String(osmandPort),
  };
  return { env, httpPort, devicePort, osmandPort };
}
