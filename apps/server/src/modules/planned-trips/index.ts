// The public face of the planned-trips module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { PlannedTripsCache } from './planned-trips-cache.js';
export { insertPlans, listPlans, plateKey, vehiclesByPlate } from './planned-trips.repository.js';
export { plannedTripRoutes } from './planned-trips.routes.js';
