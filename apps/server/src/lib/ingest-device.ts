import type { DeviceProtocol } from '@rumbo/contracts';
import type { FuelTank } from '@rumbo/telematics';
/** A device as ingest needs it. */
export interface IngestDevice {
  id: number;
  uniqueId: string;
  tenantId: number;
  vehicleId: number | null;
  protocol: DeviceProtocol;
  /** Device model name; its IO table comes from the device model catalog at decode time. */
  model: string | null;
  speedLimitKmh: number | null;
  /** The vehicle's fuel and AdBlue tank capacities, litres (the fuel detector, issue 14). */
  tankCapacityL?: number | null;
  ureaCapacityL?: number | null;
  /** The tank model (capacities, calibration tables); absent: one linear tank of `tankCapacityL`. */
  fuelTanks?: readonly FuelTank[] | null;
}

/** What a submission became once durably handled. */
export interface SubmitResult {
  /** Records stored (or already stored before: duplicates are durable too). */
  accepted: number;
  /** Records refused for good (time far in the future, coordinates out of range, unstorable). */
  rejected: number;
}
