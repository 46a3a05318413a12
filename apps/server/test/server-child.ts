import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

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
