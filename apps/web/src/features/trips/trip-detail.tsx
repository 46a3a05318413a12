import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PlannedTrip, PlannedTripDetail } from '@rumbo/contracts';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/error-message';
import { useServices } from '../../shared/services';
import { TripMap } from './trip-map';
import { dateTime, dateTimeShort, delayText, remainingText, type TripFormat } from './trip-rows';
import { TripChips } from './trip-chips';
import { deletePlannedTrip, usePlannedTrip, useTripMutation } from './trips-api';

function stopName(f: TripFormat, trip: PlannedTrip, i: number): string {
  const s = trip.stops[i]!;
  const role =
    i === 0
      ? f.t('trips.editor.origin')
      : i === trip.stops.length - 1
        ? f.t('trips.editor.destination')
        : f.t('trips.editor.waypoint', { n: i });
  return s.name ? `${role}: ${s.name}` : role;
}

function DetailBody({ trip, f }: { trip: PlannedTripDetail; f: TripFormat }) {
  const { t } = f;
  const deviations = trip.progress
    .filter((p) => p.kind === 'deviation' && p.lat !== null && p.lng !== null)
    .map((p) => [p.lng!, p.lat!] as const);
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
        gap: 2,
      }}
    >
      <Box sx={{ height: { xs: 300, md: 460 }, borderRadius: 1, overflow: 'hidden' }}>
        <TripMap
          route={trip.route}
          corridorM={trip.corridorM}
          stops={trip.stops}
          track={trip.track}
          deviations={deviations}
          fitKey={`detail-${trip.id}`}
          label={t('trips.detail.map_label')}
        />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
        <TripChips trip={trip} f={f} />
        <Typography variant="body2">
          {trip.vehicleName}
          {trip.driverName ? ` · ${trip.driverName}` : ''} · {t('trips.col.corridor')}{' '}
          {trip.corridorM} m
        </Typography>
        {trip.status === 'under_way' ? (
          <Typography variant="body2">
            {t('trips.col.eta')}: {dateTime(f, trip.eta)} · {t('trips.col.remaining')}:{' '}
            {remainingText(f, trip.remainingKm)} · {t('trips.col.delay')}:{' '}
            {delayText(f, trip.delayMin)}
          </Typography>
        ) : null}
        <Box sx={{ display: { xs: 'flex', sm: 'none' }, flexDirection: 'column', gap: 1 }}>
          {trip.stops.map((s, i) => (
            <Box key={i} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {stopName(f, trip, i)}
              </Typography>
              <Typography variant="body2">
                {t('trips.detail.planned')}: {dateTimeShort(f, s.plannedAt)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {i === 0
                  ? `${t('trips.detail.actual_departure')}: ${dateTimeShort(f, s.leftAt)}`
                  : `${t('trips.detail.actual_arrival')}: ${dateTimeShort(f, s.arrivedAt)}`}{' '}
                · {t('trips.detail.delay')}: {delayText(f, s.delayMin)}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ overflowX: 'auto', display: { xs: 'none', sm: 'block' } }}>
          <Table size="small" aria-label={t('trips.detail.title')} data-testid="trip-plan-actual">
            <TableHead>
              <TableRow>
                <TableCell>{t('trips.detail.stop')}</TableCell>
                <TableCell>{t('trips.detail.planned')}</TableCell>
                <TableCell>{t('trips.detail.actual_arrival')}</TableCell>
                <TableCell>{t('trips.detail.actual_departure')}</TableCell>
                <TableCell>{t('trips.detail.delay')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {trip.stops.map((s, i) => (
                <TableRow key={i}>
                  <TableCell>{stopName(f, trip, i)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dateTimeShort(f, s.plannedAt)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {dateTimeShort(f, s.arrivedAt)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTimeShort(f, s.leftAt)}</TableCell>
                  <TableCell
                    sx={{
                      whiteSpace: 'nowrap',
                      color: (s.delayMin ?? 0) > 10 ? 'warning.main' : undefined,
                    }}
                  >
                    {delayText(f, s.delayMin)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Typography variant="subtitle2">{t('trips.detail.progress')}</Typography>
        {trip.progress.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('trips.detail.no_progress')}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="trip-progress">
            {trip.progress.map((p, i) => (
              <ListItem key={i} disableGutters>
                <ListItemText
                  primary={t(`trips.detail.kind.${p.kind}`, { n: p.stopIndex ?? '' })}
                  secondary={p.place ? `${dateTime(f, p.at)} · ${p.place}` : dateTime(f, p.at)}
                  slotProps={{
                    primary: {
                      color: p.kind === 'deviation' || p.kind === 'late' ? 'error' : undefined,
                    },
                  }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

/** One trip: the plan against what the truck did, with edit and delete. */
export function TripDetailDialog({
  id,
  f,
  fullScreen,
  onClose,
  onEdit,
}: {
  id: number;
  f: TripFormat;
  fullScreen: boolean;
  onClose: () => void;
  onEdit: (trip: PlannedTrip) => void;
}) {
  const { t } = f;
  const { snackbar } = useServices();
  const trip = usePlannedTrip(id);
  const [confirming, setConfirming] = useState(false);
  const remove = useTripMutation((api, tripId: number) => deletePlannedTrip(api, tripId));
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} maxWidth="lg" fullWidth>
      <DialogTitle>{trip.data?.name ?? t('trips.detail.title')}</DialogTitle>
      <DialogContent>
        {trip.isPending ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label={t('trips.loading')} />
          </Box>
        ) : trip.isError ? (
          <Alert severity="error">{errorMessage(trip.error, t)}</Alert>
        ) : (
          <DetailBody trip={trip.data} f={f} />
        )}
        {confirming && trip.data ? (
          <Alert
            severity="warning"
            sx={{ mt: 2 }}
            action={
              <>
                <Button color="inherit" size="small" onClick={() => setConfirming(false)}>
                  {t('trips.cancel')}
                </Button>
                <Button
                  color="error"
                  size="small"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(id, {
                      onSuccess: () => {
                        snackbar.notify({ type: 'success', message: t('trips.deleted') });
                        onClose();
                      },
                      onError: (error) =>
                        snackbar.notify({ type: 'error', message: errorMessage(error, t) }),
                    })
                  }
                >
                  {t('trips.delete')}
                </Button>
              </>
            }
          >
            {t('trips.delete_confirm', { name: trip.data.name })}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button color="error" disabled={!trip.data} onClick={() => setConfirming(true)}>
          {t('trips.delete')}
        </Button>
        <Button disabled={!trip.data} onClick={() => trip.data && onEdit(trip.data)}>
          {t('trips.edit')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('trips.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
