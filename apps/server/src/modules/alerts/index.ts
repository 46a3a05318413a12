// The public face of the alerts module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { alertsRestRoutes, alertsV2Routes } from './alerts.routes.js';
export type { AlertRoutesDeps } from './alerts.routes.js';
export {
  AlertCatalogue,
  AlertDispatcher,
  AlertSettingsCache,
  detectSilences,
} from './alerts.service.js';
export type { AlertsPart } from './alerts.service.js';
export { findEvents } from './alert-events.repository.js';
