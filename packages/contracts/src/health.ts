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

export { SERVICE_KEYS, SOCKET_KEYS, defaultServiceAddresses } from './service-keys.js';
