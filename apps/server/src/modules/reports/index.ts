// The public face of the reports module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { reportsPass, type ReportSenderDeps } from './report-sender.js';
export { nextSlotAfter, periodOf } from './report-slots.js';
export { reportRoutes } from './reports.routes.js';
