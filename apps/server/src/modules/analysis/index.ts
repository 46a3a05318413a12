// The public face of the analysis module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { periodSums } from './analysis.repository.js';
export { analysisRoutes, analysisV2Routes, dashboardRoutes } from './analysis.routes.js';
export { selectVehicles } from './analysis.service.js';
export { ralentiAggregate, safetyDrive } from './analysis.service.js';
export { dashboardSummary } from './dashboard.service.js';
