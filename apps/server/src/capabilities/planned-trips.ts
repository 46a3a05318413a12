// Planned trips (issue 15): the plans' progress table, and the vehicle's plan now, which the route
// detector follows.

import type { VehicleContext } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import { plannedTripRoutes } from '../modules/planned-trips/index.js';
import { plannedTripsSink } from '../pipeline/sinks/planned-trips.sink.js';
import { fieldInput, type ServerCapability } from './capability.js';

/** A vehicle's planned trip now (issue 15: the route detector follows it), from memory. */
export interface PlannedTripsProvider {
  plannedTripFor(device: IngestDevice): VehicleContext['plannedTrip'];
}

declare module './capability.js' {
  interface VehicleSources {
    /** The plans in progress (modules/planned-trips/planned-trips-cache.ts). */
    plannedTrips?: PlannedTripsProvider;
  }
}

export const plannedTrips: ServerCapability = {
  name: 'planned-trips',
  sinks: () => [plannedTripsSink],
  // Every pipeline node reloads the plans it follows at once (bus, like geofences).
  routes: ({ db, bus }) => [
    {
      plugin: plannedTripRoutes({ db, onChanged: () => bus.publishPlannedTripsChanged() }),
      prefix: '/api/v2',
    },
  ],
  input: ({ plannedTrips }) =>
    plannedTrips && fieldInput('plannedTrip', (device) => plannedTrips.plannedTripFor(device)),
};
