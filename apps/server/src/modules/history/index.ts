// The public face of the history module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { vehiclePositions } from './history.repository.js';
export { historyRoutes } from './history.routes.js';
export { vehicleTrips } from './history.repository.js';
