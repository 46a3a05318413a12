import { isViewAllowed } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/use-translation';
import { useSession } from '../services';
import { ActivityLabel } from './activity';
import { useDrivingTimes } from './driving-times-api';
import { LeftBarCell } from './left-bar';

/**
 * The driving left (before the break, today) of the drivers whose cards are in a truck, for the
 * vehicle popup: the fleet's list is fetched once and kept live, so opening popups costs nothing.
 * Shown only to roles with the driving-times screen and when a card has data.
 */
export function PopupDrivingLeft({ vehicleId }: { vehicleId: number }) {
  const { t } = useTranslation();
  const allowed = useSession((s) => isViewAllowed(s.views ?? undefined, 'driver-driving-times'));
  const list = useDrivingTimes({ enabled: allowed });
  const drivers = (list.data?.drivers ?? []).filter(
    (d) => d.idvehiculo === vehicleId && d.activity !== 'unknown',
  );
  if (!allowed || drivers.length === 0) return null;
  return (
    <Box data-testid="popup-driving-left" sx={{ mb: 1.5, display: 'grid', gap: 1 }}>
      {drivers.map((d) => (
        <Box key={d.codigo} sx={{ display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {t('drivingTimes.popup_title', { driver: d.nombre || d.codigo })}
            </Typography>
            <ActivityLabel kind={d.activity} />
          </Box>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <LeftBarCell row={d} kind="break" label />
            <LeftBarCell row={d} kind="day" label />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
