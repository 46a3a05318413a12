// Time to an interactive login form with a cold cache, in headless Chromium (playwright-core),
// against the real built server serving the built web app.
//   npm run build && node bench/web-login-tti.mjs [runs]
// Prints each run and the median, on localhost and with a simulated 4G link.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'apps/server/dist/cli.js');
const webDir = join(root, 'apps/web/dist');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.argv[2] ?? 7);
for (const [what, path] of [
  ['server build', cli],
  ['web build', join(webDir, 'index.html')],
  ['Chromium', executablePath],
]) {
  if (!existsSync(path)) {
    console.error(`Missing ${what} (${path}): run "npm run build" first.`);
    process.exit(1);
  }
}

const port = await new Promise((ok) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => ok(p));
  });
});
const server = spawn(process.execPath, [cli, 'serve'], {
  env: {
    PATH: process.env.PATH,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'rumbo-bench-tti-')),
    WEB_DIR: webDir,
    TELTONIKA_PORT: '0',
    OSMAND_PORT: '0',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${url}/api/health`)).ok) break;
  } catch {
    // starting
  }
  if (i > 400) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({
  executablePath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--no-first-run',
  ],
});

/** One cold load: a new context (empty cache, no service worker), cache disabled too. */
async function measure(network) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) await cdp.send('Network.emulateNetworkConditions', network);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await page.goto(`${url}/auth/login`, { waitUntil: 'commit' });
  // Interactive: the username field is shown and enabled, and the start-up loader has let go.
  await page.waitForFunction(
    () => {
      const input = document.querySelector('#username');
      const loader = document.getElementById('loader');
      return (
        input instanceof HTMLInputElement &&
        !input.disabled &&
        input.offsetParent !== null &&
        (!loader || loader.classList.contains('done'))
      );
    },
    undefined,
    { timeout: 60_000, polling: 'raf' },
  );
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return { ms, bytes };
}

const profiles = {
  localhost: null,
  // ~4G: 40 ms latency, 9 Mbit/s down, 3 Mbit/s up.
  '4G (simulated)': {
    offline: false,
    latency: 40,
    downloadThroughput: 1_125_000,
    uploadThroughput: 375_000,
  },
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  await measure(null); // warm the server, not the browser: each run below has its own empty cache
  for (const [name, network] of Object.entries(profiles)) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measure(network));
    const times = results.map((r) => r.ms);
    console.log(
      `${name}: median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}, runs ${runs}); ` +
        `${(median(results.map((r) => r.bytes)) / 1024).toFixed(1)} KB transferred`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
