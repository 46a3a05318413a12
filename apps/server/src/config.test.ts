import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('lists every bad variable in one message', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        SUPPORT_EMAIL: 'nope',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'SUPPORT_EMAIL'])
        expect(message).toContain(name);
    }
  });

  it('applies defaults and generates secrets into DATA_DIR once', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.PORT).toBe(8080);
    expect(first.PUBLIC_URL).toBe('http://localhost:8080');
    expect(first.DEMO).toBe(false);
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    const second = loadConfig({ DATA_DIR: dataDir, DEMO: '1' });
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(second.ALTCHA_HMAC_KEY).toBe(first.ALTCHA_HMAC_KEY);
    expect(second.DEMO).toBe(true);
    expect(Object.isFrozen(second)).toBe(true);
  });

  it('trusts no proxy by default, and only the addresses and CIDRs TRUST_PROXY lists', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-config-'));
    const parse = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: dataDir, ...(TRUST_PROXY === undefined ? {} : { TRUST_PROXY }) })
        .TRUST_PROXY;
    expect(parse()).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(parse(' 10.0.0.0/8, fd00::/8 ,loopback')).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['2', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', ',']) {
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() => parse('1')).toThrow(/hop count/);
  });
});
