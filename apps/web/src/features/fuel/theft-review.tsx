import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { FuelEvent, FuelReviewStatus } from '@rumbo/contracts';
import { useState } from 'react';
import { NoteAlert, NoteField, useNote } from '../../shared/ui/note-field';
import { isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import type { FleetFormat } from '../../shared/fleet/fleet-format';
import { useServices } from '../../shared/services';
import { useReviewTheft } from './fuel-api';

/** Longest review note (contracts `fuelReviewBody`). */
const NOTE_MAX = 1000;

/** The two answers to a suspected theft, in the order they show. */
const REVIEW_CHOICES: { status: FuelReviewStatus; action: string; contained: boolean }[] = [
  { status: 'dismissed', action: 'dismiss', contained: false },
  { status: 'confirmed', action: 'confirm', contained: true },
];

/**
 * A suspected theft's review: who confirmed or dismissed it, when and why; or the note and the two
 * choices while nobody has (a reviewed theft can be reviewed again: "change").
 */
export function TheftReview({ event, f }: { event: FuelEvent; f: FleetFormat }) {
  const { t } = f;
  const { snackbar } = useServices();
  const review = useReviewTheft();
  const [editing, setEditing] = useState(event.review === null);
  const note = useNote(NOTE_MAX, event.review?.note ?? '');
  const submit = (status: FuelReviewStatus) =>
    review.mutate(
      { id: event.id, body: { status, note: note.value.trim() } },
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
        <NoteAlert
          severity={event.review.status === 'confirmed' ? 'error' : 'info'}
          data-testid="theft-reviewed"
          action={
            <Button color="inherit" size="small" onClick={() => setEditing(true)}>
              {t('fuel.review.change')}
            </Button>
          }
          note={event.review.note}
        >
          {t(`fuel.review.reviewed_${event.review.status}`, {
            who: event.review.userName ?? '—',
            time: f.dateTime(event.review.at) ?? '',
          })}
        </NoteAlert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('fuel.review.hint')}
          </Typography>
          <NoteField
            id="theft-note"
            note={note}
            textKey="fuel.review.note"
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
            {REVIEW_CHOICES.map(({ status, action, contained }) => (
              <Button
                key={status}
                variant={contained ? 'contained' : 'outlined'}
                color={contained ? 'error' : undefined}
                disabled={note.tooLong || review.isPending}
                loading={review.isPending && review.variables.body.status === status}
                onClick={() => submit(status)}
                data-testid={`theft-${action}`}
              >
                {t(`fuel.review.${action}`)}
              </Button>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
