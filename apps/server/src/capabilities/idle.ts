// Idle periods (domain.md §4): their table.

import { idleSink } from '../pipeline/sinks/idle.sink.js';
import type { ServerCapability } from './capability.js';

export const idle: ServerCapability = {
  name: 'idle',
  sinks: () => [idleSink],
};
