import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/services';

/**
 * Hosts the vehicle popup, opened by a `vehicle-popup` app event carrying a vehicle id. The
 * popup's details (plate, chassis, last info…) arrive with the fleet screens.
 */
export function VehiclePopupHost() {
  const { t } = useTranslation();
  const { events } = useServices();
  const [vehicleId, setVehicleId] = useState<number | null>(null);
  useEffect(() => events.on('vehicle-popup', ({ vehicleId: id }) => setVehicleId(id)), [events]);
  return (
    <Dialog
      open={vehicleId !== null}
      onClose={() => setVehicleId(null)}
      aria-labelledby="vehicle-popup-title"
      slotProps={{ paper: { sx: { width: 420 } } }}
    >
      <DialogTitle id="vehicle-popup-title">{t('component.vehicle_popup.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">
          {t('component.vehicle_popup.vehicle', { id: vehicleId ?? '' })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setVehicleId(null)}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
