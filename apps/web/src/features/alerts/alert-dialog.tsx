import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RouteIcon from '@mui/icons-material/Route';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { NoteAlert, NoteField, useNote } from '../../shared/ui/note-field';
import { useSaveMutation } from '../../shared/api/use-save-mutation';
import { PlaceMap } from '../../shared/map/place-map';
import { useServices } from '../../shared/services';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { episodeFacts } from './alert-details';
import { AlertIcon } from './alert-icons';
import { formatAlertValue, formatPlace, rowPlace, travelLink, type AlertRow } from './alert-rows';
import { acknowledgeEvent, alertKeys } from './alerts-api';
import { FactList } from '../../shared/ui/fact-list';
import { PhoneDialog } from '../../shared/ui/phone-dialog';

/** Max length of an acknowledgement comment (contracts `eventAcknowledgeInput`). */
const COMMENT_MAX = 500;

/** One alert: its place on a small map, its facts, travel consultation, acknowledgement. */
export function AlertDialog({
  row,
  f,
  onClose,
}: {
  row: AlertRow;
  f: FleetFormat;
  onClose: () => void;
}) {
  const { t, units, language } = f;
  const { api } = useServices();
  const comment = useNote(COMMENT_MAX);
  const acknowledge = useSaveMutation({
    invalidate: alertKeys.all,
    mutationFn: () => acknowledgeEvent(api, { id: row.id, comment: comment.value.trim() }),
    success: t('fleetAlerts.acknowledged'),
  });
  const value = formatAlertValue(row.code, row.value, units, language);
  const place = rowPlace(row);
  const coordinates = row.place ? formatPlace(row.lat, row.lng) : '';
  const facts: [string, string][] = [
    [t('fleetAlerts.columns.plate'), row.plate],
    [t('fleetAlerts.columns.driver'), row.driver ?? '—'],
    [t('fleetAlerts.columns.time'), f.dateTime(row.startTime) ?? '—'],
    ...(row.endTime !== null && row.endTime !== row.startTime
      ? ([[t('fleetAlerts.columns.end'), f.dateTime(row.endTime) ?? '—']] as [string, string][])
      : []),
    [t('fleetAlerts.columns.value'), value ?? '—'],
    ...episodeFacts(row.details, f),
    [t('fleetAlerts.columns.place'), place || '—'],
    ...(coordinates ? ([[t('fleetAlerts.coordinates'), coordinates]] as [string, string][]) : []),
    [t('fleet.common.group'), row.groupName ?? t('fleet.common.no_group')],
  ];

  return (
    <PhoneDialog
      onClose={() => {
        if (!acknowledge.isPending) onClose();
      }}
      maxWidth="md"
      labelledBy="alert-dialog-title"
      testId="alert-dialog"
    >
      <DialogTitle
        id="alert-dialog-title"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 2 }}
      >
        <AlertIcon code={row.code} color="action" />
        <Box component="span" sx={{ flex: 1, minWidth: 0 }}>
          {row.type}
        </Box>
        <Typography component="span" variant="body2" color="text.secondary">
          {row.code}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: '1.2fr 1fr' },
            alignItems: 'start',
          }}
        >
          {row.lat !== null && row.lng !== null ? (
            <PlaceMap
              lat={row.lat}
              lng={row.lng}
              label={t('fleetAlerts.place_map', { plate: row.plate })}
              sx={{ height: { xs: 220, md: 300 } }}
            />
          ) : (
            <Alert severity="info">{t('fleetAlerts.no_place')}</Alert>
          )}
          <Box>
            <FactList facts={facts} />
            <Button
              component={RouterLink}
              to={travelLink(row)}
              variant="outlined"
              startIcon={<RouteIcon />}
              sx={{ mt: 2 }}
              data-testid="alert-travel"
            >
              {t('fleetAlerts.open_travel')}
            </Button>
          </Box>
        </Box>
        <Box sx={{ mt: 3 }}>
          {row.acknowledged ? (
            <NoteAlert
              icon={<CheckCircleIcon />}
              severity="success"
              data-testid="alert-acknowledged"
              note={row.comment}
            >
              {t('fleetAlerts.acknowledged_by', {
                who: row.acknowledgedBy ?? '—',
                time: f.dateTime(row.acknowledgedAt) ?? '',
              })}
            </NoteAlert>
          ) : (
            <NoteField
              id="alert-comment"
              note={comment}
              textKey="fleetAlerts.comment"
              disabled={acknowledge.isPending}
            />
          )}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose} disabled={acknowledge.isPending}>
          {t('common.close')}
        </Button>
        {!row.acknowledged ? (
          <Button
            variant="contained"
            loading={acknowledge.isPending}
            disabled={comment.tooLong}
            onClick={() => acknowledge.mutate()}
            data-testid="alert-acknowledge"
          >
            {t('fleetAlerts.acknowledge')}
          </Button>
        ) : null}
      </DialogActions>
    </PhoneDialog>
  );
}
