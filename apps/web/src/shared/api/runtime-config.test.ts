import { runtimeConfigSchema } from '@rumbo/contracts';
import { describe, expect, it } from 'vitest';
import { defaultRuntimeConfig, parseRuntimeConfig } from './runtime-config';

describe('runtime config.json', () => {
  it('defaults every key to /api/<key>', () => {
    const config = defaultRuntimeConfig();
    expect(config.services.auth).toBe('/api/auth');
    expect(config.services.wslp).toBe('/api/wslp');
  });

  it('takes the served addresses and keeps defaults for missing keys', () => {
    const config = parseRuntimeConfig(
      { services: { v2: 'https://v2.test' }, supportEmail: 'help@rumbo.test', version: '1.2.0' },
      defaultRuntimeConfig(),
    );
    expect(runtimeConfigSchema.safeParse(config).success).toBe(true);
    expect(config.services.v2).toBe('https://v2.test');
    expect(config.services.rest).toBe('/api/rest');
    expect(config.supportEmail).toBe('help@rumbo.test');
    expect(config.mapStyleUrl).toBe('');
  });

  it('ignores a malformed file', () => {
    expect(parseRuntimeConfig('nope', defaultRuntimeConfig())).toEqual(defaultRuntimeConfig());
    expect(parseRuntimeConfig({ services: { a: 1 } }, defaultRuntimeConfig()).services.a).toBe(
      undefined,
    );
  });
});
