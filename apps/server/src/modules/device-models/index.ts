// The public face of the device-models module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { DeviceModelCatalog } from './device-models.catalog.js';
export { deviceModelRoutes } from './device-models.routes.js';
