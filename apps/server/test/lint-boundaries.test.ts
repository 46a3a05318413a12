import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's import boundaries (CONTRIBUTING.md, "Where things live") hold because eslint
// refuses a file that crosses one. This lints small sources as if they stood at a path of the
// server, with the repository's own `no-restricted-imports` blocks (eslint.config.js): the
// type-aware rules are left out, since they would build the whole TypeScript project per run.

const ROOT = join(import.meta.dirname, '../../..');
const SERVER = join(ROOT, 'apps/server/src');
let eslint: ESLint;

beforeAll(async () => {
  const url = pathToFileURL(join(ROOT, 'eslint.config.js')).href;
  const { default: config } = (await import(url)) as { default: Linter.Config[] };
  const importBlocks = config.filter(
    (block) => block.files && block.rules && 'no-restricted-imports' in block.rules,
  );
  expect(importBlocks.length).toBeGreaterThan(20);
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...importBlocks,
    ],
  });
});

/** The boundary messages eslint gives `source` standing at `path` (under apps/server/src). */
async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(SERVER, path) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.fatal)
    .map((message) => message.message);
}

describe('server import boundaries', () => {
  it("refuses a module's import of another module's internal file, and takes its face", async () => {
    const deep = "import { findVehicle } from '../fleet/fleet.repository.js';\nfindVehicle;\n";
    expect(await refusals('modules/history/lint-fixture.ts', deep)).toEqual([
      expect.stringContaining('through its face only'),
    ]);
    const face = "import { findVehicle } from '../fleet/index.js';\nfindVehicle;\n";
    expect(await refusals('modules/history/lint-fixture.ts', face)).toEqual([]);
    const own = "import { vehiclePositions } from './history.repository.js';\nvehiclePositions;\n";
    expect(await refusals('modules/history/lint-fixture.ts', own)).toEqual([]);
  });

  it('refuses a deep import into a module from outside the modules', async () => {
    const deep = "import { listDrivers } from '../modules/drivers/drivers.repository.js';\n";
    for (const folder of ['realtime', 'main', 'pipeline', 'jobs', 'places', 'demo', 'http']) {
      expect(await refusals(`${folder}/lint-fixture.ts`, deep), folder).not.toEqual([]);
    }
    const face = "import { listDrivers } from '../modules/drivers/index.js';\n";
    expect(await refusals('realtime/lint-fixture.ts', face)).toEqual([]);
    const fromTop = "import { seed } from './modules/seed/seed.service.js';\n";
    expect(await refusals('lint-fixture.ts', fromTop)).toEqual([
      expect.stringContaining('through its face only'),
    ]);
  });

  it('lets modules import the kernel, never http/ beyond its error answers', async () => {
    const kernel = "import { principalOf } from '../../kernel/request-context.js';\n";
    expect(await refusals('modules/fuel/lint-fixture.ts', kernel)).toEqual([]);
    const app = "import { buildApp } from '../../http/app.js';\n";
    expect(await refusals('modules/fuel/lint-fixture.ts', app)).toEqual([
      expect.stringContaining('Modules never import http/'),
    ]);
    const upward = "import { buildApp } from '../http/app.js';\n";
    expect(await refusals('kernel/lint-fixture.ts', upward)).toEqual([
      expect.stringContaining('kernel/'),
    ]);
  });

  it('keeps @rumbo/simulator to the demo and the CLI', async () => {
    const simulator = "import { createFleet } from '@rumbo/simulator';\n";
    expect(await refusals('modules/fleet/lint-fixture.ts', simulator)).toEqual([
      expect.stringContaining('simulator'),
    ]);
    expect(await refusals('realtime/lint-fixture.ts', simulator)).not.toEqual([]);
    expect(await refusals('demo/lint-fixture.ts', simulator)).toEqual([]);
    expect(await refusals('cli.ts', simulator)).toEqual([]);
  });
});
