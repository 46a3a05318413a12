// The public face of the fleet module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { DeviceRegistry } from './device-registry.js';
export { addDeviceWithVehicle } from './fleet-cli.js';
export {
  ensureGroup,
  findDeviceByUniqueId,
  findVehicle,
  insertDevice,
  insertVehicle,
  listGroups,
  listTrailerKinds,
  listVehicleStates,
  listVehicles,
  plateTaken,
  seedTrailerKinds,
} from './fleet.repository.js';
export { fleetRoutes, lastPositionRoutes, trailerKindRoutes } from './fleet.routes.js';
