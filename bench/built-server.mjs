// The real built server (apps/server/dist) serving a built web app, on a free port with a
// temporary DATA_DIR, for the browser benchmarks (web-bundle, web-login-tti).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..');
export const SERVER_CLI = join(REPO_ROOT, 'apps/server/dist/cli.js');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless Chromium flags of the browser benchmarks. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer().once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** Starts `rumbo serve` on the web files in `webDir` and waits for /api/health. */
export async function startBuiltServer(webDir) {
  if (!existsSync(SERVER_CLI))
    throw new Error(`no server build (${SERVER_CLI}): run "npm run build"`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [SERVER_CLI, 'serve'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'rumbo-bench-web-')),
      WEB_DIR: webDir,
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const stop = () => server.kill('SIGTERM');
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 400) {
      stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, stop };
}
