/**
 * The vehicle popup of spec §2 — shared by every screen that lists or draws vehicles.
 *
 * API (stable):
 * - `openVehiclePopup(events, vehicleId)`: asks the shell to open the popup (the `vehicle-popup`
 *   application event of spec §2). `useOpenVehiclePopup()` returns the same as a one-argument
 *   function bound to the app's event bus: `const open = useOpenVehiclePopup(); open(42);`.
 *   The shell's `VehiclePopupHost` (app/shell) listens and renders the one popup of the app.
 * - `<VehiclePopup vehicleId={42} open onClose={…} />`: the dialog itself, for a screen that wants
 *   to control it directly. It must be rendered inside the shell's QueryClientProvider.
 *
 * The popup loads the vehicle (`GET /vehicles/vehicles/{id}`, shown at once from the vehicles list
 * when cached) and its last info from `GET /rest/vehicle/last_position` (query key
 * `fleetQueryKeys.lastPosition`, refreshed every 60 s).
 */
import { useCallback } from 'react';
import { useServices } from '../../services';
import type { AppEvents } from '../../ui/app-events';

export { VehiclePopup, type VehiclePopupProps } from './vehicle-popup';
export { COPY_CHECK_MS, vehiclePopupRows, type PopupField, type PopupRow } from './popup-format';

/** Opens the vehicle popup through the application event bus. */
export function openVehiclePopup(events: AppEvents, vehicleId: number): void {
  events.emit('vehicle-popup', { vehicleId });
}

/** `open(vehicleId)` bound to the app's event bus. */
export function useOpenVehiclePopup(): (vehicleId: number) => void {
  const { events } = useServices();
  return useCallback((vehicleId: number) => openVehiclePopup(events, vehicleId), [events]);
}
