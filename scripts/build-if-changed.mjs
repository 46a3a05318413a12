#!/usr/bin/env node
// `npm start`'s build step: builds the web app and the server only when their sources changed
// since the last build. Each build's inputs are hashed (file paths and contents); the hash is
// stored beside its output (`dist/.inputs-hash`) after a successful build, so a restart with
// unchanged sources goes straight to the server. `RUMBO_FORCE_BUILD=1` (or `--force`) always
// builds. `--root <dir>` runs in another checkout (the tests).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders never hashed: outputs, dependencies, caches and browser tests. */
const SKIPPED = new Set(['node_modules', 'dist', '.vite', 'e2e', 'coverage', '.turbo']);
const SHARED = ['packages', 'package.json', 'package-lock.json', 'tsconfig.base.json'];

/** What each build reads (paths relative to the repository) and where it writes. */
export const TARGETS = [
  { name: 'web', workspace: '@rumbo/web', inputs: ['apps/web', ...SHARED], dist: 'apps/web/dist' },
  {
    name: 'server',
    workspace: '@rumbo/server',
    inputs: [
      'apps/server/src',
      'apps/server/package.json',
      'apps/server/tsup.config.ts',
      ...SHARED,
    ],
    dist: 'apps/server/dist',
  },
];

const HASH_FILE = '.inputs-hash';

function files(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED.has(entry.name) && !entry.name.endsWith('.test.ts'))
    .flatMap((entry) => files(root, join(path, entry.name)));
}

/** The hash of a target's inputs: every file's path and content, in a stable order. */
export function inputsHash(root, target) {
  const hash = createHash('sha256');
  for (const file of target.inputs.flatMap((input) => files(root, input)).sort()) {
    hash
      .update(file.split('\\').join('/'))
      .update('\0')
      .update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds each target whose inputs changed (or whose output is missing); returns the names of
 * the targets built.
 */
export function buildIfChanged({ root, force = false, log = console.log }) {
  const built = [];
  for (const target of TARGETS) {
    const started = performance.now();
    const hash = inputsHash(root, target);
    const stamp = join(root, target.dist, HASH_FILE);
    const previous = existsSync(stamp) ? readFileSync(stamp, 'utf8').trim() : '';
    if (!force && previous === hash) {
      log(
        `${target.name}: sources unchanged, build skipped (${Math.round(performance.now() - started)} ms to check)`,
      );
      continue;
    }
    log(`${target.name}: ${previous ? 'sources changed' : 'no previous build'}, building…`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    });
    if (result.status !== 0) throw new Error(`${target.name} build failed`);
    writeFileSync(stamp, `${hash}\n`);
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const rootAt = args.indexOf('--root');
  const root =
    rootAt >= 0 ? args[rootAt + 1] : join(fileURLToPath(new URL('.', import.meta.url)), '..');
  try {
    buildIfChanged({
      root,
      force: args.includes('--force') || process.env.RUMBO_FORCE_BUILD === '1',
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
