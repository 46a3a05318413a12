// Time to an interactive login form with a cold cache, in headless Chromium (playwright-core),
// against the real built server serving the built web app.
//   npm run build && node bench/web-login-tti.mjs [runs]
// Prints each run and the median, on localhost and with a simulated 4G link.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  REPO_ROOT,
  SERVER_CLI,
  startBuiltServer,
} from './built-server.mjs';

const webDir = join(REPO_ROOT, 'apps/web/dist');
const runs = Number(process.argv[2] ?? 7);
for (const [what, path] of [
  ['server build', SERVER_CLI],
  ['web build', join(webDir, 'index.html')],
  ['Chromium', CHROMIUM_PATH],
]) {
  if (!existsSync(path)) {
    console.error(`Missing ${what} (${path}): run "npm run build" first.`);
    process.exit(1);
  }
}

const server = await startBuiltServer(webDir);
const { url } = server;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

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
  server.stop();
}
