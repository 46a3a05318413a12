// Geofences and POIs (issue 12): the vehicle's zones through the tenant's spatial index.

import type { PlaceLookup } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import { fieldInput, type ServerCapability } from './capability.js';

/** A vehicle's geofences and POIs from the composition root's index (issue 12), from memory. */
export interface PlacesProvider {
  placesFor(device: IngestDevice): PlaceLookup | undefined;
}

declare module './capability.js' {
  interface VehicleSources {
    /** The geofence index (modules/geofences/places-cache.ts). */
    places?: PlacesProvider;
  }
}

export const zones: ServerCapability = {
  name: 'zones',
  input: ({ places }) => places && fieldInput('places', (device) => places.placesFor(device)),
};
