// The public face of the maintenance module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export {
  insertAdditional,
  insertMissingAnchors,
  insertService,
  listPlans,
  writePlan,
} from './maintenance.repository.js';
export { maintenanceRoutes } from './maintenance.routes.js';
export { maintenancePass } from './maintenance.service.js';
