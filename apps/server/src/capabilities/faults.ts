// Fault episodes (domain.md §9): their table.

import { diagnosticsRoutes } from '../modules/diagnostics/index.js';
import { faultsSink } from '../pipeline/sinks/faults.sink.js';
import type { ServerCapability } from './capability.js';

export const faults: ServerCapability = {
  name: 'faults',
  sinks: () => [faultsSink],
  routes: ({ db }) => [{ plugin: diagnosticsRoutes({ db }), prefix: '/api/rest' }],
};
