// The public face of the geofences module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export {
  insertGeofence,
  insertInterestPoint,
  listGeofences,
  listInterestPointTypes,
  listInterestPoints,
} from './geofences.repository.js';
export { geofenceV2Routes, interestPointRoutes } from './geofences.routes.js';
export { PlacesCache } from './places-cache.js';
