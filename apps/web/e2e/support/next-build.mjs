// The "new version" of the update-prompt test (update.spec.ts), made from the first build in a
// second instead of a second `vite build` (minutes on the CI's two cores; decision 0047). What
// changes between two real builds changes here too: the build id inside the entry chunk, so the
// chunk gets a new content-hashed name; every reference to that name (index.html, the other
// chunks, Vite's manifest, the service worker's precache list); the precache revisions (MD5 of
// the file, as Workbox computes them), so the service worker itself changes; and the `.br`/`.gz`
// copies of every file rewritten.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|json|webmanifest)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}

function hash(data, length) {
  return createHash('sha256').update(data).digest('base64url').slice(0, length);
}

/**
 * Writes `file` and its precompressed copies when the build made them (or `compress`): at low
 * levels, since only their being there and valid matters to the test.
 */
function write(file, text, compress = existsSync(`${file}.gz`) || existsSync(`${file}.br`)) {
  writeFileSync(file, text);
  if (!compress) return;
  const data = Buffer.from(text);
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 1 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  );
}

/**
 * Copies the build in `fromDir` (made with RUMBO_BUILD_ID = `fromId`) to `toDir` as the build
 * `toId` would be.
 */
export function makeNextBuild(fromDir, toDir, fromId, toId) {
  cpSync(fromDir, toDir, { recursive: true });
  const texts = () => walk(toDir).filter((file) => TEXT.test(file));
  const renamed = new Map();
  for (const file of texts()) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(fromId)) continue;
    const next = text.replaceAll(fromId, toId);
    const name = basename(file);
    const hashed = /^(.*-)([\w-]{8})(\.js)$/.exec(name);
    if (!hashed) throw new Error(`next build: the build id is in ${name}, which has no hash`);
    const nextName = `${hashed[1]}${hash(next, 8)}${hashed[3]}`;
    const compressed = existsSync(`${file}.gz`) || existsSync(`${file}.br`);
    for (const old of [file, `${file}.gz`, `${file}.br`]) rmSync(old, { force: true });
    write(join(dirname(file), nextName), next, compressed);
    renamed.set(name, nextName);
  }
  if (renamed.size === 0) throw new Error(`next build: build id ${fromId} not found in ${fromDir}`);
  for (const file of texts()) {
    const text = readFileSync(file, 'utf8');
    let next = text;
    for (const [from, to] of renamed) next = next.replaceAll(from, to);
    if (next !== text) write(file, next);
  }
  const swFile = join(toDir, 'sw.js');
  const sw = readFileSync(swFile, 'utf8').replace(
    /\{url:"([^"]+)",revision:"[0-9a-f]{32}"\}/g,
    (_, url) =>
      `{url:"${url}",revision:"${createHash('md5')
        .update(readFileSync(join(toDir, url)))
        .digest('hex')}"}`,
  );
  write(swFile, sw);
  return [...renamed].map(([from, to]) => `${from} → ${to}`).concat(relative(toDir, swFile));
}
