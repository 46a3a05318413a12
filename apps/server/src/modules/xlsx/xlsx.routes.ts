import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateExcelBody } from '@rumbo/contracts';
import { z } from 'zod';
import { generateExcelBase64 } from './xlsx.service.js';

/** `/api/xlsx`: Excel export of a table definition. */
export function xlsxRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/generate_excel/:kind',
      {
        config: { views: 'signed-in' },
        bodyLimit: 64 * 1024 * 1024,
        schema: {
          tags: ['xlsx'],
          summary: 'Build an .xlsx from {title, columns, rows}; answered as base64 text',
          params: z.object({ kind: z.string().regex(/^[\w-]{1,60}$/) }),
          querystring: z.object({ format: z.literal('base64').default('base64') }),
          body: generateExcelBody,
        },
      },
      async (request, reply) => {
        void reply.type('text/plain; charset=utf-8');
        return reply.send(generateExcelBase64(request.body));
      },
    );
  };
}
