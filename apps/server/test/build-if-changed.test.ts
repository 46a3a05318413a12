import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start`'s build step (scripts/build-if-changed.mjs) run in a small fake checkout whose
// two workspaces' "build" scripts count how often they ran.
const script = fileURLToPath(new URL('../../../scripts/build-if-changed.mjs', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'rumbo-build-skip-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(path: string, text: string) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

function workspace(dir: string, name: string) {
  const build = `node -e "const f=require('fs');f.mkdirSync('dist',{recursive:true});f.appendFileSync('../../builds.log','${name}\\\\n')"`;
  write(`${dir}/package.json`, JSON.stringify({ name, version: '0.0.0', scripts: { build } }));
}

function start(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [script, '--root', root], {
    encoding: 'utf8',
    env: { ...process.env, RUMBO_FORCE_BUILD: '', ...env },
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

const builds = () => readFileSync(join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean);

describe('npm start build step', () => {
  write('package.json', JSON.stringify({ private: true, workspaces: ['apps/*'] }));
  workspace('apps/web', '@rumbo/web');
  workspace('apps/server', '@rumbo/server');
  write('apps/web/src/main.tsx', 'export const a = 1;\n');
  write('apps/server/src/cli.ts', 'export const b = 1;\n');
  write('packages/contracts/src/index.ts', 'export const c = 1;\n');
  write('builds.log', '');

  it('builds both apps the first time, then skips both while nothing changed', () => {
    start();
    expect(builds()).toEqual(['@rumbo/web', '@rumbo/server']);
    const again = start();
    expect(again).toMatch(/web: sources unchanged, build skipped/);
    expect(again).toMatch(/server: sources unchanged, build skipped/);
    expect(builds()).toHaveLength(2);
  });

  it('rebuilds only the app whose sources changed; a shared package rebuilds both', () => {
    write('apps/web/src/main.tsx', 'export const a = 2;\n');
    start();
    expect(builds().slice(2)).toEqual(['@rumbo/web']);
    write('packages/contracts/src/index.ts', 'export const c = 2;\n');
    start();
    expect(builds().slice(3)).toEqual(['@rumbo/web', '@rumbo/server']);
    start();
    expect(builds()).toHaveLength(5);
  });

  it('rebuilds when the output is gone or RUMBO_FORCE_BUILD=1', () => {
    rmSync(join(root, 'apps/server/dist'), { recursive: true });
    start();
    expect(builds().slice(5)).toEqual(['@rumbo/server']);
    start({ RUMBO_FORCE_BUILD: '1' });
    expect(builds().slice(6)).toEqual(['@rumbo/web', '@rumbo/server']);
  });
});
