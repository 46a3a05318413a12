// The public face of the seed module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { DEMO_TENANT, SYSTEM_ADMIN, ensureUser, seed, seedBuiltins } from './seed.service.js';
