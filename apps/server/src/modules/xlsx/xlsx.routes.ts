import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { DEFAULT_USER_CONFIG, generateExcelBody } from '@rumbo/contracts';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { principalOf } from '../../kernel/request-context.js';
import { findUserById } from '../users/index.js';
import { generateExcelBase64 } from './xlsx.service.js';
import { routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('xlsx');

/** `/api/xlsx`: Excel export of a table definition. */
export function xlsxRoutes(db: Kysely<Database>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/generate_excel/:kind',
      route(
        { config: { views: 'signed-in' }, bodyLimit: 64 * 1024 * 1024 },
        'Build an .xlsx from {title, columns, rows}: dates as date cells in the user time zone, durations and numbers as numbers; answered as base64 text',
        undefined,
        {
          params: z.object({ kind: z.string().regex(/^[\w-]{1,60}$/) }),
          querystring: z.object({ format: z.literal('base64').default('base64') }),
          body: generateExcelBody,
        },
      ),
      async (request, reply) => {
        const { tenantId, userId } = principalOf(request);
        const config = (await findUserById(db, tenantId, userId))?.config ?? DEFAULT_USER_CONFIG;
        void reply.type('text/plain; charset=utf-8');
        return reply.send(
          generateExcelBase64(request.body, {
            timeZone: request.body.timeZone ?? config.timeZone,
            language: request.body.language ?? config.idioma,
          }),
        );
      },
    );
  };
}
