// Alert events (domain.md §10): the events table, filtered by the tenant's settings, and the
// vehicle's alert settings (speed levels, known drivers, harsh source, reefer) its rules read.

import type { ReducerSettings, VehicleContext } from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import { eventsSink } from '../pipeline/sinks/events.sink.js';
import { fieldInput, type ServerCapability } from './capability.js';

/**
 * A vehicle's own settings, looked up by the composition root (the alerts module's cached
 * settings: tenant → group → vehicle), so the pipeline imports no module. Both are called per
 * batch and must answer from memory.
 */
export interface VehicleSettingsProvider {
  /** What the alert rules need: enabled speed levels, known driver codes, reefer set-points. */
  alertsFor(device: IngestDevice): VehicleContext['alerts'];
  /** The reducer settings with the vehicle's thresholds over `base`. */
  settingsFor(device: IngestDevice, base: ReducerSettings): ReducerSettings;
}

declare module './capability.js' {
  interface VehicleSources {
    /** The alerts module's cached settings (tenant → group → vehicle). */
    vehicleSettings?: VehicleSettingsProvider;
  }
}

export const alerts: ServerCapability = {
  name: 'alerts',
  sinks: (options) => [eventsSink(options.events)],
  input: ({ vehicleSettings }) =>
    vehicleSettings && fieldInput('alerts', (device) => vehicleSettings.alertsFor(device)),
};
