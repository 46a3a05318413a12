// The public face of the fuel module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { saveTanks } from './fuel.repository.js';
export { fuelRoutes, fuelTankRoutes } from './fuel.routes.js';
export { fuelEvents } from './fuel.service.js';
