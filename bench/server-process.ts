// Starts the built server (apps/server/dist) in its own process for a benchmark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** A free loopback port. */
export function freePort(): Promise<number> {
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

/** A running server and how long it took to answer /api/health. */
export interface BenchServer {
  url: string;
  dataDir: string;
  readyMs: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `rumbo serve` and waits until /api/health answers 200. */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; onLog?: (line: string) => void } = {},
): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'rumbo-bench-'));
  const started = performance.now();
  const profile = process.env.PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`]
    : [];
  const child = spawn(
    process.execPath,
    // SERVER_DIST: another build (e.g. a worktree of an older commit) to compare in one run.
    [
      // As `npm start` and the README run it (SERVER_NODE_FLAGS="" for V8's defaults).
      ...(process.env.SERVER_NODE_FLAGS ?? '--max-semi-space-size=64').split(' ').filter(Boolean),
      ...profile,
      join(process.env.SERVER_DIST ?? join(root, 'apps/server/dist'), 'cli.js'),
      'serve',
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-admin-password',
        DEMO: '1',
        DEMO_VEHICLES: '0',
        ...options.env,
      },
      stdio: ['ignore', options.onLog ? 'pipe' : 'inherit', 'inherit'],
    },
  );
  if (options.onLog && child.stdout) {
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) options.onLog?.(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    dataDir,
    readyMs,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
