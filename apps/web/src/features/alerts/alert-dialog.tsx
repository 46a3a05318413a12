import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RouteIcon from '@mui/icons-material/Route';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { NoteField } from '../../shared/ui/note-field';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
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
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeEvent(api, { id: row.id, comment: comment.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: alertKeys.all });
      snackbar.notify({ type: 'success', message: t('fleetAlerts.acknowledged') });
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
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
  const tooLong = comment.length > COMMENT_MAX;

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
            <Alert icon={<CheckCircleIcon />} severity="success" data-testid="alert-acknowledged">
              {t('fleetAlerts.acknowledged_by', {
                who: row.acknowledgedBy ?? '—',
                time: f.dateTime(row.acknowledgedAt) ?? '',
              })}
              {row.comment ? (
                <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
                  {row.comment}
                </Typography>
              ) : null}
            </Alert>
          ) : (
            <NoteField
              id="alert-comment"
              label={t('fleetAlerts.comment')}
              placeholder={t('fleetAlerts.comment_placeholder')}
              value={comment}
              onChange={setComment}
              max={COMMENT_MAX}
              tooLongText={t('fleetAlerts.comment_too_long', { max: COMMENT_MAX })}
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
            disabled={tooLong}
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
