import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pickLanguage, translations } from '@rumbo/contracts';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.js';
import { PUBLIC, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('lang');

/** `/api/lang/{kind}/{name}`: the strings of a view or component in the caller's language. */
export function langRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:kind/:name',
      route(
        PUBLIC,
        'Strings of a view or component (ES default; `?lang=en` or Accept-Language)',
        undefined,
        {
          params: z.object({
            kind: z.enum(['view', 'component']),
            name: z.string().regex(/^[\w-]{1,60}$/),
          }),
          querystring: z.object({ lang: z.enum(['es', 'en']).optional() }),
        },
      ),
      async (request, reply) => {
        const lang = request.query.lang ?? pickLanguage(request.headers['accept-language']);
        const group = translations[lang][request.params.kind] as Record<string, unknown>;
        const strings = Object.hasOwn(group, request.params.name)
          ? group[request.params.name]
          : undefined;
        if (strings === undefined) throw new DomainError('not_found');
        void reply.header('cache-control', 'public, max-age=300').header('content-language', lang);
        return strings;
      },
    );
  };
}
