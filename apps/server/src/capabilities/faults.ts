// Fault episodes (domain.md §9): their table.

import { faultsSink } from '../pipeline/sinks/faults.sink.js';
import type { ServerCapability } from './capability.js';

export const faults: ServerCapability = {
  name: 'faults',
  sinks: () => [faultsSink],
};
