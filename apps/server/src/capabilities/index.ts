// The server's list of capabilities (capability.ts): the one file a new capability edits on the
// server. The order is the sinks' write order.

import { alerts } from './alerts.js';
import type { ServerCapability } from './capability.js';
import { drivingTimes } from './driving-times.js';
import { faults } from './faults.js';
import { fuel } from './fuel.js';
import { idle } from './idle.js';
import { indicators } from './indicators.js';
import { plannedTrips } from './planned-trips.js';
import { rollups } from './rollups.js';
import { trips } from './trips.js';
import { vehicle } from './vehicle.js';
import { webhooks } from './webhooks.js';
import { zones } from './zones.js';

export * from './capability.js';

/** Every capability of the server, in write order. */
export const SERVER_CAPABILITIES: readonly ServerCapability[] = Object.freeze([
  vehicle,
  trips,
  idle,
  rollups,
  indicators,
  alerts,
  faults,
  fuel,
  zones,
  plannedTrips,
  drivingTimes,
  webhooks,
]);
