import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROTOCOLS, protocolPortSetting, type DeviceProtocol } from '@rumbo/contracts';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set the client address through `X-Forwarded-For` (Fastify's `trustProxy`):
 * off by default; `true` (every peer: only when nothing but the proxy can reach the server); or a
 * comma list of proxy addresses and CIDRs. A hop count is refused: it can't tell the proxy from
 * a client that connects directly (Fastify 5 no longer honours one either).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): boolean | string[] => {
    const text = (value ?? '').trim().toLowerCase();
    if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
    if (text === 'true' || text === 'yes') return true;
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (/^\d+$/.test(text)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'a hop count is not accepted: list the proxy addresses (e.g. 10.0.0.2,10.1.0.0/16)',
      });
      return z.NEVER;
    }
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false or a comma list of proxy addresses and CIDRs (not ${bad.join(', ') || 'empty'})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

const envSchema = z.object({
  PORT: port(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Rumbo <no-reply@rumbo.local>'),
  PUBLIC_URL: z.url().optional(),
  SUPPORT_EMAIL: z.email().default('soporte@rumbo.local'),
  DEMO: bool,
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  SESSION_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
  ALTCHA_HMAC_KEY: z.string().min(32, 'must have at least 32 characters').optional(),
  WEB_DIR: z.string().optional(),
  MAP_STYLE_URL: z.string().default(''),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * `pretty`: one readable line per entry (pino-pretty); `json`: one JSON object per line. Unset:
   * pretty on a terminal, JSON otherwise (a pipe, a file, a log collector).
   */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  /** Requests a minute each API key may make (burst: a tenth of it, at least 10; issue 27). */
  API_KEY_RATE_PER_MIN: z.coerce.number().int().positive().default(600),
  /** Webhooks (issue 27): `http://` endpoints allowed (development); otherwise only `https://`. */
  WEBHOOKS_ALLOW_HTTP: bool,
  /** Webhooks to loopback, private, link-local or multicast addresses allowed (SSRF guard off). */
  WEBHOOKS_ALLOW_PRIVATE: bool,
  /** Webhooks: the first retry's delay in seconds; each next one doubles, up to an hour. */
  WEBHOOKS_RETRY_BASE_S: z.coerce.number().positive().max(3600).default(10),
  NATS_URL: z.string().optional(),
  /** Names of this cluster's NATS subjects and stream (several clusters may share a server). */
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,30}$/)
    .default('rumbo'),
  /** What this process does: any of api, ingest, pipeline, jobs (all by default). */
  ROLES: z
    .string()
    .default('api,ingest,pipeline,jobs')
    .transform((value) =>
      value
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['api', 'ingest', 'pipeline', 'jobs'])).min(1)),
  MQTT_URL: z.string().optional(),
  TELTONIKA_PORT: port(PROTOCOLS[0].defaultPort),
  OSMAND_PORT: port(PROTOCOLS[1].defaultPort),
  RETENTION_DAYS: z.coerce.number().int().positive().default(365),
  /**
   * Worker threads running the device ports (sockets, framing, decoding, acks) while this thread
   * runs the pipeline and the database (docs/decisions/0046-ingest-worker-threads.md). 0 (all on
   * one thread) by default: measured on a quiet machine, the extra thread hops cost more than the
   * second core gave back. At most 1: Node 20 cannot share a listening port between threads.
   */
  INGEST_WORKERS: z.coerce.number().int().min(0).max(1).default(0),
  /**
   * Group commit (decision 0055): while a batch commits, the longest the next one waits for more
   * devices' records before it goes on a free connection.
   */
  PIPELINE_FLUSH_MS: z.coerce.number().min(0).max(1000).default(2),
  /**
   * How often `/api/wslp` sends each tenant's changed vehicles (one frame per tick): one display
   * frame, so a record reaches the map within the issue's 35 ms p99 (decision 0059).
   */
  LIVE_TICK_MS: z.coerce.number().int().min(5).max(1000).default(16),
  INGEST_AUTO_REGISTER: bool,
  INGEST_AUTO_REGISTER_TENANT: z.string().default('Transportes Demo'),
  DEMO_VEHICLES: z.coerce.number().int().min(0).max(20000).default(50),
  DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /**
   * Whether the pipeline evaluates the alert rules (domain.md §10). On by default; `off` stores
   * trips, stops, idle and rollups only (the rules-on-versus-off ingest benchmark, a node that must
   * not raise alerts while an incident is examined). Records stay stored either way.
   */
  ALERT_RULES: z.enum(['on', 'off']).default('on'),
  /**
   * Reverse geocoder for street addresses (issue 23, docs/decisions/0031-places.md): the base URL
   * of a Nominatim (`/reverse?format=jsonv2`) or Photon (`/reverse`) server. Unset: places come
   * from the tenant's geofences and POIs and the embedded GeoNames localities only.
   */
  GEOCODER_URL: z.url().optional(),
  /** Requests per second to GEOCODER_URL (Nominatim's public policy is 1). */
  GEOCODER_RATE: z.coerce.number().positive().max(1000).default(1),
  /** Milliseconds a geocoder request may take before the embedded answer stands. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** Logs the age of live-feed entries when sent (for the latency benchmark). */
  LIVE_LATENCY_PROBE: bool,
});

/**
 * The `<ID>_PORT` settings of the listening protocols (all but MQTT), read beside the others: the
 * list's `defaultPort` when it has one, else off until set.
 */
const optionalPort = z.coerce.number().int().min(0).max(65535).optional();
const listening = PROTOCOLS.filter((protocol) => protocol.transport !== 'mqtt');
const portProtocol = new Map(listening.map((p) => [protocolPortSetting(p.id), p.id]));
const protocolPorts = z.object(
  Object.fromEntries(
    listening.map((p) => [
      protocolPortSetting(p.id),
      'defaultPort' in p ? port(p.defaultPort) : optionalPort,
    ]),
  ),
);

/** The parsed `<ID>_PORT` settings by protocol id. */
function protocolPortsOf(
  settings: Record<string, number | undefined>,
): Partial<Record<DeviceProtocol, number>> {
  const byProtocol: Partial<Record<DeviceProtocol, number>> = {};
  for (const [setting, value] of Object.entries(settings)) {
    const id = portProtocol.get(setting);
    if (id && value !== undefined) byProtocol[id] = value;
  }
  return byProtocol;
}

/** Every setting of the server, parsed once. */
export type Config = Readonly<
  Omit<z.infer<typeof envSchema>, 'SESSION_SECRET' | 'ALTCHA_HMAC_KEY'> & {
    SESSION_SECRET: string;
    ALTCHA_HMAC_KEY: string;
    PUBLIC_URL: string;
    WEB_DIR: string;
    VERSION: string;
    /**
     * The listening port of each protocol with one in the list (packages/contracts/src/protocols.ts),
     * from its `<ID>_PORT` setting or the list's default: `TELTONIKA_PORT`, `OSMAND_PORT`, and one
     * per protocol added later (`QUECLINK_PORT`…) with no edit here.
     */
    PROTOCOL_PORTS: Readonly<Partial<Record<DeviceProtocol, number>>>;
  }
>;

/** Thrown with one message naming every bad or missing variable. */
export class ConfigError extends Error {}

const here = dirname(fileURLToPath(import.meta.url));

function readVersion(): string {
  for (const candidate of ['../package.json', '../../package.json']) {
    const file = join(here, candidate);
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@rumbo/server' && pkg.version) return pkg.version;
    }
  }
  return '0.0.0';
}

/** Reads a secret from DATA_DIR, creating it on first start. */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets', name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Parses the environment into a frozen Config, or throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const ports = protocolPorts.safeParse(env);
  if (!parsed.success || !ports.success) {
    const issues = [...(parsed.error?.issues ?? []), ...(ports.error?.issues ?? [])];
    const lines = issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  const dataDir = resolve(value.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return Object.freeze({
    ...value,
    DATA_DIR: dataDir,
    PUBLIC_URL: (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: value.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session-secret'),
    ALTCHA_HMAC_KEY: value.ALTCHA_HMAC_KEY ?? loadOrCreateSecret(dataDir, 'altcha-hmac-key'),
    WEB_DIR: resolve(value.WEB_DIR ?? join(here, '../../web/dist')),
    VERSION: readVersion(),
    PROTOCOL_PORTS: Object.freeze(protocolPortsOf(ports.data)),
  });
}
