// Hourly rollups: their table.

import { rollupsSink } from '../pipeline/sinks/rollups.sink.js';
import type { ServerCapability } from './capability.js';

export const rollups: ServerCapability = {
  name: 'rollups',
  sinks: () => [rollupsSink],
};
