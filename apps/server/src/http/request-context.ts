import type { Language } from '@rumbo/contracts';
import type { Principal } from '../modules/auth/auth.service.js';

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
    /** A view the caller's role must allow (403 otherwise). */
    view?: string;
  }
}

/** The principal of a route that requires sign-in (the hook guarantees it). */
export function principalOf(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new Error('route requires auth but no principal was resolved');
  return request.principal;
}
