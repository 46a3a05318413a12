// The public face of the admin module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { checkActsOnUser } from './admin-grants.js';
export { adminRoutes } from './admin.routes.js';
