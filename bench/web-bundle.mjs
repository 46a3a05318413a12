// Web bundle figures. First, the login route as a fresh browser sees it: the real built server
// serves the built web app, a new Chromium profile (empty cache, service workers allowed) opens
// /auth/login, and every script it downloads is counted (gzip -9 of the file): the page's
// modules and preloads, the service-worker registration chunk, and the worker's own scripts
// (sw.js, workbox-*.js) — not the files the worker precaches afterwards in the background.
// Then the static figures from the Vite manifest: each route's chunks, the build, the precache.
//   npm run build && node bench/web-bundle.mjs [distDir]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startBuiltServer } from './built-server.mjs';

const dist = resolve(process.argv[2] ?? 'apps/web/dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build -w @rumbo/web" first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The scripts a fresh browser downloads to show /auth/login (paths under dist), or the reason
 * they could not be measured.
 */
async function freshBrowserLogin() {
  if (!existsSync(CHROMIUM_PATH)) return { skipped: `no Chromium at ${CHROMIUM_PATH}` };
  let server;
  let browser;
  try {
    server = await startBuiltServer(dist);
    const { url } = server;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // A new context is a fresh profile: empty HTTP cache, no service worker installed yet.
    const context = await browser.newContext({
      serviceWorkers: 'allow',
      viewport: { width: 1440, height: 900 },
    });
    const scripts = new Set();
    let lastScriptAt = Date.now();
    context.on('request', (request) => {
      const { origin, pathname } = new URL(request.url());
      if (origin !== url) return;
      // The worker's own scripts count; what it precaches afterwards does not.
      const fromWorker = request.serviceWorker() !== null;
      const isWorkerScript = /^\/(sw\.js|workbox-[\w-]+\.js)$/.test(pathname);
      const isScript = request.resourceType() === 'script' || /\.m?js$/.test(pathname);
      if (fromWorker ? isWorkerScript : isScript || isWorkerScript) {
        scripts.add(pathname);
        lastScriptAt = Date.now();
      }
    });
    const page = await context.newPage();
    await page.goto(`${url}/auth/login`);
    await page.waitForSelector('#username', { state: 'visible', timeout: 60_000 });
    // The registration chunk loads after the screen; the worker's scripts with the install.
    const workerScript = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return new URL(registration.active?.scriptURL ?? '/sw.js').pathname;
    });
    scripts.add(workerScript);
    // Whatever the worker imports (workbox-*.js), in case the request was not reported.
    for (const m of readFileSync(join(dist, workerScript), 'utf8').matchAll(
      /["'](\.\/workbox-[\w-]+)(?:\.js)?["']/g,
    )) {
      scripts.add(`/${m[1].slice(2)}.js`);
    }
    while (Date.now() - lastScriptAt < 1500) await new Promise((r) => setTimeout(r, 250));
    await context.close();
    const files = [...scripts]
      .map((path) => path.slice(1))
      .filter((f) => existsSync(join(dist, f)));
    return { files };
  } catch (error) {
    return { skipped: error.message };
  } finally {
    await browser?.close();
    server?.stop();
  }
}

/** Every chunk a manifest entry loads statically (its own file, its imports, their CSS). */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...files];
}

function report(title, keys) {
  const files = closure(keys);
  const js = files.filter((f) => f.endsWith('.js'));
  const css = files.filter((f) => f.endsWith('.css'));
  const jsGz = js.reduce((n, f) => n + gz(f), 0);
  const jsRaw = js.reduce((n, f) => n + statSync(join(dist, f)).size, 0);
  const cssGz = css.reduce((n, f) => n + gz(f), 0);
  console.log(
    `${title}: ${kb(jsGz)} gzipped JS in ${js.length} files (${kb(jsRaw)} raw), CSS ${kb(cssGz)} gzipped`,
  );
  return jsGz;
}

// The login route as a fresh browser sees it.
const fresh = await freshBrowserLogin();
let loginGz = null;
if (fresh.files) {
  const isWorker = (f) => /^(sw\.js|workbox-[\w-]+\.js)$/.test(f);
  const rows = fresh.files.map((f) => ({ f, g: gz(f), raw: statSync(join(dist, f)).size }));
  const sum = (list, key) => list.reduce((n, r) => n + r[key], 0);
  const page = rows.filter((r) => !isWorker(r.f));
  const worker = rows.filter((r) => isWorker(r.f));
  loginGz = sum(page, 'g');
  console.log(
    `Login route, fresh browser (/auth/login, every script the page downloads, service-worker ` +
      `registration included): ${kb(loginGz)} gzipped JS in ${page.length} files (${kb(sum(page, 'raw'))} raw)`,
  );
  console.log(
    `  + the service worker's own scripts (${worker.map((r) => r.f).join(', ')}): ${kb(sum(worker, 'g'))} ` +
      `-> ${kb(loginGz + sum(worker, 'g'))} with them`,
  );
  for (const r of rows.sort((a, b) => b.g - a.g)) {
    console.log(`  ${r.f.padEnd(48)} ${kb(r.g).padStart(9)}`);
  }
} else {
  console.log(`Login route, fresh browser: not measured (${fresh.skipped})`);
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
// The stored language's strings for the signed-out screens (Spanish by default) load beside it.
const es = Object.keys(manifest).filter((k) => /sign-in-strings[\\/]es$/.test(k));
const staticLoginGz = report(
  '\nLogin route from the manifest (entry + login screen + ES strings)',
  [entry, 'src/features/auth/login-page.tsx', ...es],
);
loginGz ??= staticLoginGz;
report('Entry chunk only', [entry]);
report('Signed-in home (entry + shell + dashboard)', [
  entry,
  'src/app/shell/shell-layout.tsx',
  'src/features/home/home-page.tsx',
]);

// Every lazily loaded screen of the route table: what opening it costs (entry + shell for /app
// routes + the screen's own chunks), the map route (MapLibre) among them. A screen shared by
// several routes (the placeholder) is counted once, under its first route.
const tableSource = readFileSync(resolve(dist, '../src/app/routes/route-table.ts'), 'utf8');
const screens = [];
for (const m of tableSource.matchAll(
  /(?:path: '([^']+)'|view\(\s*'([^']+)'|placeholder: ScreenLoader =)(?:(?!path: |view\()[^])*?\(\)\s*=>\s*import\('\.\.\/\.\.\/([^']+)'\)/g,
)) {
  const route = m[1] ?? (m[2] ? `/app/${m[2]}` : '/app/… (placeholder)');
  const key = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, '') === `src/${m[3]}`);
  if (key && !key.includes('shell-layout') && !screens.some((s) => s.key === key)) {
    screens.push({ route, key });
  }
}
console.log(
  '\nPer route (gzipped JS a cold visit loads: entry + shell for /app + screen; map screens + MapLibre worker):',
);
const routeRows = [];
const workerFile = Object.values(manifest)
  .map((c) => c.file)
  .find((f) => /maplibre-gl-worker.*\.mjs$/.test(f));
const workerGz = workerFile ? gz(workerFile) : 0;
for (const { route, key } of screens) {
  const keys = [entry, key];
  if (route.startsWith('/app')) {
    keys.push('src/app/shell/shell-layout.tsx');
  }
  const files = closure(keys).filter((f) => f.endsWith('.js'));
  const before = new Set(closure(keys.filter((k) => k !== key)));
  // A map screen also starts MapLibre's worker (a separate .mjs asset, not an import).
  const worker = files.some((f) => f.includes('configure-maplibre')) ? workerGz : 0;
  routeRows.push({
    route,
    total: files.reduce((n, f) => n + gz(f), 0) + worker,
    screen: files.filter((f) => !before.has(f)).reduce((n, f) => n + gz(f), 0) + worker,
  });
}
for (const r of routeRows.sort((a, b) => b.total - a.total)) {
  console.log(
    `  ${r.route.padEnd(44)} ${kb(r.total).padStart(10)}   (screen's own ${kb(r.screen)})`,
  );
}
const mapRoute = routeRows.find((r) => r.route === '/app/map/current_location');
if (mapRoute)
  console.log(`Map route (/app/map/current_location): ${kb(mapRoute.total)} gzipped JS`);

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}
const everything = walk(dist).filter((f) => !f.includes(`${join(dist, '.vite')}`));
// The .br/.gz siblings are for the server to send precompressed; they are counted apart.
const all = everything.filter((f) => !/\.(br|gz)$/.test(f));
const siblings = everything.filter((f) => /\.(br|gz)$/.test(f));
const totalRaw = all.reduce((n, f) => n + statSync(f).size, 0);
const totalGz = all.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
const allJs = all.filter((f) => /\.m?js$/.test(f));
const jsGz = allJs.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
console.log(
  `Total build: ${all.length} files, ${kb(totalRaw)} raw, ${kb(totalGz)} gzipped (JS ${allJs.length} files, ${kb(jsGz)} gzipped); ` +
    `plus ${siblings.length} precompressed .br/.gz siblings (${kb(siblings.reduce((n, f) => n + statSync(f).size, 0))})`,
);

// Workbox writes its precache list into sw.js as {url:"…",revision:…} entries.
const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
const urls = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
const precacheRaw = urls.reduce(
  (n, u) => n + (existsSync(join(dist, u)) ? statSync(join(dist, u)).size : 0),
  0,
);
const precacheGz = urls.reduce(
  (n, u) =>
    n +
    (existsSync(join(dist, u)) ? gzipSync(readFileSync(join(dist, u)), { level: 9 }).length : 0),
  0,
);
console.log(
  `Service-worker precache: ${urls.length} entries, ${kb(precacheRaw)} raw, ${kb(precacheGz)} gzipped`,
);
console.log(`Largest files (gzipped):`);
for (const f of allJs
  .map((f) => ({ f: relative(dist, f), g: gzipSync(readFileSync(f), { level: 9 }).length }))
  .sort((a, b) => b.g - a.g)
  .slice(0, 6)) {
  console.log(`  ${f.f.padEnd(48)} ${kb(f.g)}`);
}
// Issue 25 lowered the budget from 150 KB to 120 KB (decision 0045).
const BUDGET_KB = 120;
console.log(
  `\nTarget: login route <= ${BUDGET_KB} KB gzipped JS (${fresh.files ? 'fresh browser' : 'manifest'}) -> ` +
    `${loginGz <= BUDGET_KB * 1024 ? 'met' : 'NOT met'} (${kb(loginGz)})`,
);
