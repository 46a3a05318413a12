// The public face of the drivers module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export {
  driverNamesByCode,
  findDriver,
  insertDriversIfAbsent,
  listDrivers,
} from './drivers.repository.js';
export { driverRoutes } from './drivers.routes.js';
