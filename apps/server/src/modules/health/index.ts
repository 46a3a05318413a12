// The public face of the health module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { healthRoutes } from './health.routes.js';
