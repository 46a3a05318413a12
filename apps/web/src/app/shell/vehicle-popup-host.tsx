import { useEffect, useState } from 'react';
import { VehiclePopup } from '../../shared/fleet/vehicle-popup';
import { useServices } from '../../shared/services';

/**
 * Hosts the vehicle popup (shared/fleet/vehicle-popup), opened by a `vehicle-popup` app event
 * carrying a vehicle id.
 */
export function VehiclePopupHost() {
  const { events } = useServices();
  const [vehicleId, setVehicleId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      events.on('vehicle-popup', ({ vehicleId: id }) => {
        setVehicleId(id);
        setOpen(true);
      }),
    [events],
  );
  // The id stays while the dialog fades out, so its content does not blank mid-transition.
  return <VehiclePopup vehicleId={vehicleId} open={open} onClose={() => setOpen(false)} />;
}
