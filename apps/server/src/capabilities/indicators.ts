// Driving indicators (issue 13) and kickdowns: their tables.

import { indicatorsSink } from '../pipeline/sinks/indicators.sink.js';
import { kickdownsSink } from '../pipeline/sinks/kickdowns.sink.js';
import type { ServerCapability } from './capability.js';

export const indicators: ServerCapability = {
  name: 'indicators',
  sinks: () => [indicatorsSink, kickdownsSink],
};
