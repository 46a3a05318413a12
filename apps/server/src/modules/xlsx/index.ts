// The public face of the xlsx module: all that the rest of the server may import from it.
// Anything else here is internal (eslint.config.js refuses a deep import; CONTRIBUTING.md).
export { xlsxRoutes } from './xlsx.routes.js';
export { generateExcelBase64 } from './xlsx.service.js';
