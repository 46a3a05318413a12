// The public face of the diagnostics module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { diagnosticsRoutes } from './diagnostics.routes.js';
export { fleetFaults } from './diagnostics.service.js';
