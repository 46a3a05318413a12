import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../../..');
const CLI = join(REPO_ROOT, 'apps/server/dist/cli.js');

export interface ServerOptions {
  port: number;
  dataDir: string;
  webDir: string;
  env?: Record<string, string>;
  logFile: string;
}

export interface RunningRumbo {
  url: string;
  stop(): Promise<void>;
}

/** Starts the real built server (`node apps/server/dist/cli.js serve`) and waits for /api/health. */
export async function startRumbo(options: ServerOptions): Promise<RunningRumbo> {
  const url = `http://localhost:${options.port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child: ChildProcess = spawn(process.execPath, [CLI, 'serve'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      WEB_DIR: options.webDir,
      PUBLIC_URL: url,
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  child.once('exit', () => (exited = true));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`the server exited during start; see ${options.logFile}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health in 90 s; see ${options.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          log.end();
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}
