import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { PlannedTrip } from '@rumbo/contracts';
import { statusColor, type TripFormat } from './trip-rows';

/** The trip's state as chips: status, late or on time, off route, deviations. */
export function TripChips({ trip, f }: { trip: PlannedTrip; f: TripFormat }) {
  const { t } = f;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size="small" color={statusColor(trip)} label={t(`trips.status.${trip.status}`)} />
      {trip.late ? (
        <Chip size="small" color="warning" label={t('trips.late')} data-testid="trip-late" />
      ) : null}
      {trip.offRoute ? <Chip size="small" color="error" label={t('trips.off_route')} /> : null}
      {trip.deviations > 0 ? (
        <Chip
          size="small"
          variant="outlined"
          color="error"
          label={`DDR × ${trip.deviations}`}
          data-testid="trip-deviations"
        />
      ) : null}
    </Stack>
  );
}
