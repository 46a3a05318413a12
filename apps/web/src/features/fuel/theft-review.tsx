import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FuelEvent, FuelReviewStatus } from '@rumbo/contracts';
import { useState } from 'react';
import { NoteField } from '../../shared/ui/note-field';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { useServices } from '../../shared/services';
import { useReviewTheft } from './fuel-api';

/** Longest review note (contracts `fuelReviewBody`). */
const NOTE_MAX = 1000;

/**
 * A suspected theft's review: who confirmed or dismissed it, when and why; or the note and the two
 * choices while nobody has (a reviewed theft can be reviewed again: "change").
 */
export function TheftReview({ event, f }: { event: FuelEvent; f: FleetFormat }) {
  const { t } = f;
  const { snackbar } = useServices();
  const review = useReviewTheft();
  const [editing, setEditing] = useState(event.review === null);
  const [note, setNote] = useState(event.review?.note ?? '');
  const tooLong = note.length > NOTE_MAX;
  const submit = (status: FuelReviewStatus) =>
    review.mutate(
      { id: event.id, body: { status, note: note.trim() } },
      {
        onSuccess: () => {
          setEditing(false);
          snackbar.notify({ type: 'success', message: t(`fuel.review.done_${status}`) });
        },
        onError: (error) => {
          if (!isAborted(error))
            snackbar.notify({ type: 'error', message: errorMessage(error, t) });
        },
      },
    );

  return (
    <Box sx={{ mt: 2 }} data-testid="theft-review">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('fuel.review.title')}
      </Typography>
      {event.review && !editing ? (
        <Alert
          severity={event.review.status === 'confirmed' ? 'error' : 'info'}
          data-testid="theft-reviewed"
          action={
            <Button color="inherit" size="small" onClick={() => setEditing(true)}>
              {t('fuel.review.change')}
            </Button>
          }
        >
          {t(`fuel.review.reviewed_${event.review.status}`, {
            who: event.review.userName ?? '—',
            time: f.dateTime(event.review.at) ?? '',
          })}
          {event.review.note ? (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
              {event.review.note}
            </Typography>
          ) : null}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('fuel.review.hint')}
          </Typography>
          <NoteField
            id="theft-note"
            label={t('fuel.review.note')}
            placeholder={t('fuel.review.note_placeholder')}
            value={note}
            onChange={setNote}
            max={NOTE_MAX}
            tooLongText={t('fuel.review.note_too_long', { max: NOTE_MAX })}
            disabled={review.isPending}
          />
          <Box
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 1 }}
          >
            {event.review ? (
              <Button onClick={() => setEditing(false)} disabled={review.isPending}>
                {t('common.cancel')}
              </Button>
            ) : null}
            <Button
              variant="outlined"
              disabled={tooLong || review.isPending}
              loading={review.isPending && review.variables.body.status === 'dismissed'}
              onClick={() => submit('dismissed')}
              data-testid="theft-dismiss"
            >
              {t('fuel.review.dismiss')}
            </Button>
            <Button
              variant="contained"
              color="error"
              disabled={tooLong || review.isPending}
              loading={review.isPending && review.variables.body.status === 'confirmed'}
              onClick={() => submit('confirmed')}
              data-testid="theft-confirm"
            >
              {t('fuel.review.confirm')}
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}
