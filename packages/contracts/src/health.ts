import { z } from 'zod';

/** `GET /api/health`. */
export const healthReply = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ reachable: z.boolean(), mode: z.enum(['embedded', 'postgres']) }),
  uptimeS: z.number(),
});
export type HealthReply = z.infer<typeof healthReply>;

/** Runtime `config.json` served to the web app. */
export const runtimeConfigSchema = z.object({
  services: z.record(z.string(), z.string()),
  supportEmail: z.string(),
  mapStyleUrl: z.string(),
  version: z.string(),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Service keys of the specification, each served under `/api/<key>`. */
export const SERVICE_KEYS = [
  'auth',
  'authz',
  'rest',
  'xlsx',
  'lang',
  'vehicles',
  'analysis',
  'lp',
  'driver',
  'v2',
] as const;
export const SOCKET_KEYS = ['ws', 'wslp'] as const;
