#!/usr/bin/env node
// Browser tests: builds the web app and the server, makes the "new version" of the
// update-prompt test from the web build (apps/web/e2e/support/next-build.mjs), then runs
// Playwright with the system Chromium. Without Chromium the tests are skipped, loudly, and the
// run still passes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeNextBuild } from '../apps/web/e2e/support/next-build.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const line = '!'.repeat(78);
  console.log(
    `\n${line}\n!!!  BROWSER TESTS SKIPPED: no Chromium at ${chromium}\n!!!  Install it (apt-get install chromium) or set CHROMIUM_PATH, then run npm run test:e2e.\n${line}\n`,
  );
  process.exit(0);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const skipBuild = process.env.RUMBO_E2E_SKIP_BUILD === '1';
const nextWebDir = join(mkdtempSync(join(tmpdir(), 'rumbo-web-next-')), 'dist');
if (!skipBuild) {
  const buildId = `e2e-${Date.now()}`;
  run('npm', ['run', 'build'], { RUMBO_BUILD_ID: `${buildId}-a` });
  makeNextBuild('apps/web/dist', nextWebDir, `${buildId}-a`, `${buildId}-b`);
}

run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  CHROMIUM_PATH: chromium,
  RUMBO_E2E_PORT: String(await freePort()),
  ...(skipBuild ? {} : { RUMBO_E2E_NEXT_WEB_DIR: nextWebDir }),
});
