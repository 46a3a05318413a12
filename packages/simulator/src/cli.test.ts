import { afterEach, describe, expect, it } from 'vitest';
import { runSimulatorCli } from './cli.js';
import { startOsmAndTestServer } from './test-support/osmand-test-server.js';
import { startTeltonikaTestServer } from './test-support/teltonika-test-server.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('rumbo simulate', () => {
  it('prints what it connects to and a status line until stopped', async () => {
    const teltonika = await startTeltonikaTestServer();
    const osmand = await startOsmAndTestServer();
    cleanups.push(
      () => teltonika.close(),
      () => osmand.close(),
    );
    const lines: string[] = [];
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 600);
    const code = await runSimulatorCli(
      [
        '--vehicles',
        '4',
        '--osmand-every',
        '2',
        '--backfill-days',
        '0.05',
        '--teltonika-port',
        String(teltonika.port),
        '--osmand-port',
        String(osmand.port),
        '--seed',
        'cli',
      ],
      { log: (line) => lines.push(line), signal: controller.signal, statusIntervalMs: 200 },
    );
    expect(code).toBe(0);
    expect(lines[0]).toBe(
      `Simulating 4 trucks (seed cli, speed-up 1×): 2 Teltonika → tcp://127.0.0.1:${teltonika.port}, ` +
        `2 OsmAnd → http://127.0.0.1:${osmand.port}`,
    );
    expect(lines.some((l) => /^Backfill: \d+ records in/.test(l))).toBe(true);
    expect(
      lines.filter((l) => /records sent \d+ acked \d+ .*connections \d\/4/.test(l)).length,
    ).toBeGreaterThan(1);
    expect(new Set(teltonika.logins).size).toBe(2);
    expect(osmand.positions.size).toBe(2);
  });

  it('refuses bad options with the usage text and exit code 2', async () => {
    const lines: string[] = [];
    const code = await runSimulatorCli(['--vehicles', '0'], { log: (l) => lines.push(l) });
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('invalid --vehicles 0');
    expect(lines.join('\n')).toContain('Usage: rumbo simulate');
    expect(await runSimulatorCli(['--nope'], { log: () => undefined })).toBe(2);
  });
});
