import type { Language } from '@rumbo/contracts';
import type { RouteViews } from './route-views.js';
import type { Principal } from './principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by the auth hook on every route that requires it. */
    principal: Principal | null;
    /** The caller's language, from Accept-Language (Spanish by default). */
    lang: Language;
  }
  interface FastifyContextConfig {
    /** 'none' for public routes; everything else requires valid credentials. */
    auth?: 'none' | 'required';
    /** A view the caller's role must allow (403 otherwise): the same as `views: [view]`. */
    view?: string;
    /**
     * The views the route serves: the caller's role must allow one (403 otherwise); 'signed-in'
     * for every signed-in user. A signed-in route without `view` or `views` fails at start-up
     * (http/route-views.ts).
     */
    views?: RouteViews;
  }
}

/** The principal of a route that requires sign-in (the hook guarantees it). */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('route requires auth but no principal was resolved');
  return request.principal;
}
