import type { RuntimeConfig } from '@rumbo/contracts';
import { defaultServiceAddresses } from '@rumbo/contracts/service-keys';

/** The configuration used when `config.json` cannot be read: every key under `/api/<key>`. */
export function defaultRuntimeConfig(): RuntimeConfig {
  return { services: defaultServiceAddresses(), supportEmail: '', mapStyleUrl: '', version: '' };
}

const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  Object.values(v as Record<string, unknown>).every((x) => typeof x === 'string');

/**
 * Checks `config.json` by hand (its schema is `runtimeConfigSchema`): zod stays out of the first
 * load. Missing or malformed fields keep their defaults.
 */
export function parseRuntimeConfig(data: unknown, fallback: RuntimeConfig): RuntimeConfig {
  if (typeof data !== 'object' || data === null) return fallback;
  const d = data as Record<string, unknown>;
  const text = (v: unknown, dflt: string) => (typeof v === 'string' ? v : dflt);
  return {
    services: { ...fallback.services, ...(isStringRecord(d.services) ? d.services : {}) },
    supportEmail: text(d.supportEmail, fallback.supportEmail),
    mapStyleUrl: text(d.mapStyleUrl, fallback.mapStyleUrl),
    version: text(d.version, fallback.version),
  };
}

/** Reads the runtime `config.json`; missing keys fall back to `/api/<key>`. */
export async function loadRuntimeConfig(fetchFn: typeof fetch): Promise<RuntimeConfig> {
  const fallback = defaultRuntimeConfig();
  try {
    const response = await fetchFn('/config.json', { cache: 'no-store' });
    if (!response.ok) return fallback;
    return parseRuntimeConfig(await response.json(), fallback);
  } catch {
    return fallback;
  }
}
