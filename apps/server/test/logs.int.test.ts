import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPasswordNotice, logFormat, serverLogger } from '../src/lib/logger.js';
import { testApp } from './harness.js';

/** Collects the JSON log lines the server writes. */
function lines() {
  const entries: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        entries.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { entries, stream };
}

describe('server logs', () => {
  const debug = lines();
  const info = lines();
  let debugApp: Awaited<ReturnType<typeof testApp>>;
  let infoApp: Awaited<ReturnType<typeof testApp>>;
  beforeAll(async () => {
    debugApp = await testApp('embedded', { logger: { level: 'debug', stream: debug.stream } });
    infoApp = await testApp('embedded', { logger: { level: 'info', stream: info.stream } });
  });
  afterAll(async () => {
    await debugApp.close();
    await infoApp.close();
  });

  it('logs each request at debug, and none at info', async () => {
    for (const app of [debugApp.app, infoApp.app]) {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    const requestLines = (entries: Record<string, unknown>[]) =>
      entries.filter((e) => e.url === '/api/health' || e.msg === 'incoming request');
    expect(requestLines(debug.entries)).toEqual([
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        method: 'GET',
        url: '/api/health',
        statusCode: 200,
      }),
    ]);
    expect(requestLines(info.entries)).toEqual([]);
  });

  it('is readable on a terminal and JSON elsewhere or with LOG_FORMAT=json', () => {
    expect(logFormat(undefined, true)).toBe('pretty');
    expect(logFormat(undefined, false)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
    expect(serverLogger({ LOG_LEVEL: 'info', LOG_FORMAT: undefined }, false)).toEqual({
      level: 'info',
    });
    const pretty = serverLogger({ LOG_LEVEL: 'warn', LOG_FORMAT: undefined }, true) as {
      level: string;
      stream?: unknown;
    };
    expect(pretty.level).toBe('warn');
    expect(pretty.stream).toBeDefined();
  });

  it('prints the generated password on its own, in a box, not in a JSON line', () => {
    const notice = adminPasswordNotice('sysadmin', 'Fnj902vRZ9UJmPYu');
    const rows = notice.split('\n');
    expect(rows).toContain(rows.find((row) => row.includes('password: Fnj902vRZ9UJmPYu')));
    expect(rows.filter((row) => row.includes('Fnj902vRZ9UJmPYu'))).toHaveLength(1);
    expect(rows.some((row) => row.startsWith('┌') && row.endsWith('┐'))).toBe(true);
    expect(notice).not.toContain('{');
  });
});
