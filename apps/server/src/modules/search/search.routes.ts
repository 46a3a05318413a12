import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuery, searchReply } from '@rumbo/contracts';
import { principalOf } from '../../kernel/request-context.js';
import { search, type SearchDeps } from './search.service.js';
import { SIGNED_IN_USERS, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('search');

/**
 * `GET /api/v2/search?q=…&limit=…` (not in the spec: docs/decisions/0032-search.md): the top
 * bar's search. Any signed-in user; each kind of result only for roles that can open it.
 */
export function searchRoutes(deps: SearchDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // The top bar's search is every signed-in user's; each kind is answered only to roles
    // that can open it (search.service.ts).
    app.get(
      '/search',
      route(
        SIGNED_IN_USERS,
        "Vehicles, drivers, groups, geofences, points of interest and localities matching a text (the caller's tenant, what the role may open)",
        searchReply,
        { querystring: searchQuery },
      ),
      (request) => {
        const principal = principalOf(request);
        return search(deps, principal, request.query, request.lang);
      },
    );
  };
}
