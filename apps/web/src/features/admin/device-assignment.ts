import type { Device, Vehicle } from '@rumbo/contracts';

/** The group ingest puts auto-registered devices' vehicles in (server: NEW_DEVICES_GROUP). */
export const NEW_DEVICES_GROUP = 'Nuevos';

/** Vehicles a device can be fitted to: those without a device, plus its current one; by plate. */
export function assignableVehicles(
  vehicles: readonly Vehicle[],
  currentVehicleId: number | null,
): Vehicle[] {
  return vehicles
    .filter((v) => v.deviceUniqueId === null || v.vehicleId === currentVehicleId)
    .sort((a, b) => a.plate.localeCompare(b.plate));
}

/**
 * True for the vehicle ingest made when an unknown device first connected: in "Nuevos", named
 * after the device, with nothing an administrator filled in.
 */
export function isPlaceholderVehicle(vehicle: Vehicle, device: Device): boolean {
  const named =
    vehicle.plate === device.uniqueId || vehicle.plate === `${device.uniqueId}-${device.protocol}`;
  return (
    device.autoRegistered &&
    vehicle.groupName === NEW_DEVICES_GROUP &&
    named &&
    !vehicle.brand &&
    !vehicle.model &&
    !vehicle.description &&
    !vehicle.vim
  );
}

/** Devices waiting for an administrator: auto-registered and still on their placeholder vehicle. */
export function isWaitingDevice(device: Device, vehicles: readonly Vehicle[]): boolean {
  if (!device.autoRegistered) return false;
  const vehicle = vehicles.find((v) => v.vehicleId === device.vehicleId);
  return !vehicle || vehicle.groupName === NEW_DEVICES_GROUP;
}

/** The later of two ISO instants (either may be missing). */
export function latestInstant(
  a: string | null | undefined,
  b: string | null | undefined,
): string | null {
  if (!a || !b) return a ?? b ?? null;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}
