import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '../src/cli.ts');

describe('rumbo command line', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-cli-'));
  const rumbo = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('adds a tenant, a user and a device with its vehicle, and refuses bad input', async () => {
    expect((await rumbo('tenant', 'add', 'Transportes Norte')).stdout).toContain(
      'tenant "Transportes Norte"',
    );
    const user = await rumbo(
      'user',
      'add',
      '--tenant',
      'Transportes Norte',
      '--username',
      'jperez1',
      '--email',
      'j@norte.test',
      '--role',
      'viewer',
      '--password',
      'secret12',
    );
    expect(user.stdout).toContain('user "jperez1" created');
    const device = await rumbo(
      'device',
      'add',
      '--imei',
      '352094081234567',
      '--plate',
      'AE123CD',
      '--model',
      'FMC650',
      '--tenant',
      'Transportes Norte',
    );
    expect(device.stdout).toContain('device 352094081234567 → vehicle AE123CD');
    await expect(
      rumbo(
        'user',
        'add',
        '--tenant',
        'Transportes Norte',
        '--username',
        'ab',
        '--email',
        'x@y.test',
        '--password',
        'secret12',
      ),
    ).rejects.toMatchObject({ code: 2 });
    expect((await rumbo('migrate')).stdout).toContain('up to date');
  }, 120_000);
});
