import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  defaultServiceAddresses,
  healthReply,
  runtimeConfigSchema,
  type RuntimeConfig,
} from '@rumbo/contracts';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { isReachable } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { PUBLIC, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('health');

/** The runtime configuration the web app reads at start. */
export function runtimeConfig(config: Config): RuntimeConfig {
  return {
    services: defaultServiceAddresses(),
    supportEmail: config.SUPPORT_EMAIL,
    mapStyleUrl: config.MAP_STYLE_URL,
    version: config.VERSION,
  };
}

/** `GET /api/health` and `GET /config.json`. */
export function healthRoutes(deps: {
  db: Kysely<Database>;
  config: Config;
  mode: 'embedded' | 'postgres';
  startedAtMs: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { auth: 'none' },
        schema: {
          tags: ['health'],
          summary: 'Database reachability and version',
          response: { 200: healthReply, 503: healthReply },
        },
      },
      async (_request, reply) => {
        const reachable = await isReachable(deps.db);
        const body = {
          status: reachable ? ('ok' as const) : ('degraded' as const),
          version: deps.config.VERSION,
          database: { reachable, mode: deps.mode },
          uptimeS: Math.round((Date.now() - deps.startedAtMs) / 1000),
        };
        return reply.status(reachable ? 200 : 503).send(body);
      },
    );
    app.get(
      '/config.json',
      route(PUBLIC, 'Runtime configuration of the web app', runtimeConfigSchema),
      async (_request, reply) => {
        void reply.header('cache-control', 'no-cache');
        return runtimeConfig(deps.config);
      },
    );
  };
}
