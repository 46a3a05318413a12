// What the bus carries between roles: the types live with the bus, so it imports no producer.
// The pipeline produces live updates and committed facts; the API nodes and alerts consume them.

import type { DeviceFact, LiveStatus } from '@rumbo/telematics';

/** Whose fact it is: the reducer knows no ids, the pipeline adds them. */
export interface VehicleTag {
  vehicleId: number;
  tenantId: number;
}

/** The moving part of a vehicle's live info, as the pipeline publishes it. */
export interface LiveUpdate {
  fixTimeMs: number;
  lat: number;
  lng: number;
  speedKmh: number | null;
  heading: number | null;
  status: LiveStatus;
  odometerKm: number | null;
  engineHours: number | null;
  ureaLevelPct: number | null;
  driverCode: string | null;
  engineOn: boolean | undefined;
}

/** A derived fact as committed, with whose it is. */
export interface CommittedFact {
  tag: VehicleTag;
  fact: DeviceFact;
}
