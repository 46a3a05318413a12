import type { FastifySchema } from 'fastify';
import type { ZodType } from 'zod';

/** The 200 reply's schema, when the route declares one. */
type Reply<R> = R extends ZodType ? { response: { 200: R } } : object;

/** A route's schema: the module's tags, its summary, the rest of its schema, its 200 reply. */
export type RouteSchema<R, S> = { tags: string[]; summary: string } & S & Reply<R>;

/**
 * One route's options in one call, for the modules' `*.routes.ts`: `options` (config with the
 * views it serves, body limit…), the OpenAPI summary, the 200 reply's schema (`undefined`: not
 * declared), then the rest of its schema (params, querystring, body). Each module's routes share
 * their tags: `const route = routeSpec('api-keys')`. Fastify still infers the request's and the
 * reply's types from the zod schemas (fastify-type-provider-zod); a route whose replies are not
 * one 200 writes its options in full.
 */
export function routeSpec(...tags: string[]) {
  return <O extends object, R extends ZodType | undefined, S extends FastifySchema = object>(
    options: O,
    summary: string,
    reply: R,
    schema?: S,
  ): O & { schema: RouteSchema<R, S> } => ({
    ...options,
    schema: {
      tags,
      summary,
      ...(schema as S),
      ...((reply ? { response: { 200: reply } } : {}) as Reply<R>),
    },
  });
}

/** The options of a route anyone may call, without credentials. */
export const PUBLIC = { config: { auth: 'none' } } as const;

/** The options of a route every signed-in user may call, whatever their role's views. */
export const SIGNED_IN_USERS = { config: { views: 'signed-in' } } as const;
