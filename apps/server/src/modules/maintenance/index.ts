// The public face of the maintenance module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { insertMissingAnchors, listPlans, writePlan } from './maintenance.repository.js';
export { insertAdditional, insertService } from './maintenance-records.repository.js';
export { maintenanceRoutes } from './maintenance.routes.js';
export { maintenancePass } from './maintenance.service.js';
export { forecastOf } from './maintenance-forecast.service.js';
