import type { Vehicle } from '@rumbo/contracts';

/**
 * Whether a vehicle can never have CAN-bus (FMS) data — odometer, engine hours, urea — because
 * its device is a phone (OsmAnd: position only). Its tables and popup say so instead of leaving
 * the cells blank. Unknown (no device, an older server) counts as "may have CAN".
 */
export function lacksCanData(vehicle: Pick<Vehicle, 'deviceProtocol'> | null | undefined): boolean {
  return vehicle?.deviceProtocol === 'osmand';
}
