// `npm start` → /api/health 200, as a user restarts the demo: a first start (creates DATA_DIR),
// then restarts with unchanged sources (the build is skipped) and with RUMBO_FORCE_BUILD=1 (what
// every start did before: `npm run build` first). Run: node bench/restart-to-health.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.PORT ?? 18_480);
const runs = Number(process.env.RUNS ?? 2);
const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-restart-'));
const root = new URL('..', import.meta.url).pathname;

async function startToHealth(extraEnv) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      TELTONIKA_PORT: '0',
      OSMAND_PORT: '0',
      DATA_DIR: dataDir,
      DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '1',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  // The last lines of its errors, told when the start fails.
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors = (errors + String(chunk)).slice(-4000);
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) {
      throw new Error(`npm start exited with ${child.exitCode}:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  // The server stops after npm: wait until its whole process group is gone (it closes its
  // embedded database last; the next start would find the data folder still in use).
  for (;;) {
    try {
      process.kill(-child.pid, 0);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } catch {
      break;
    }
  }
  return seconds;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const first = await startToHealth({});
  const skipped = [];
  const forced = [];
  for (let i = 0; i < runs; i++) {
    skipped.push(await startToHealth({}));
    forced.push(await startToHealth({ RUMBO_FORCE_BUILD: '1' }));
  }
  const list = (values) => values.map((v) => v.toFixed(1)).join(', ');
  console.log(`first start (may build): ${first.toFixed(1)} s`);
  console.log(
    `restart, sources unchanged (build skipped): median ${median(skipped).toFixed(1)} s [${list(skipped)}]`,
  );
  console.log(
    `restart, build forced (as every start before): median ${median(forced).toFixed(1)} s [${list(forced)}]`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
