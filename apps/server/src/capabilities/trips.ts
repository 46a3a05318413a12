// Trips and stops (domain.md §3): their tables.

import { stopsSink } from '../pipeline/sinks/stops.sink.js';
import { tripsSink } from '../pipeline/sinks/trips.sink.js';
import type { ServerCapability } from './capability.js';

export const trips: ServerCapability = {
  name: 'trips',
  sinks: () => [tripsSink, stopsSink],
};
