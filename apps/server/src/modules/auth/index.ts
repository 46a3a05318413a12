// The public face of the auth module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { authRoutes, authzRoutes, recoveryRoutes, v2AuthRoutes } from './auth.routes.js';
export { authenticate } from './auth.service.js';
export type { AuthDeps } from './auth.service.js';
export { LoginLimiter } from './login-limiter.js';
export { PrincipalCache } from './principal-cache.js';
export type { SessionEvents } from './session-events.js';
