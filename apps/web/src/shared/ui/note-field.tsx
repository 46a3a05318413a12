import Alert, { type AlertProps } from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation';

/** A free-text note of at most `max` characters being written: its value and whether it is too long. */
export function useNote(max: number, initial = '') {
  const [value, setValue] = useState(initial);
  return { value, setValue, max, tooLong: value.length > max };
}

export type Note = ReturnType<typeof useNote>;

/**
 * A note's field: its helper text counts the characters, or says `<textKey>_too_long` once past
 * the limit (the field then shows an error). Label `<textKey>`, placeholder `<textKey>_placeholder`.
 */
export function NoteField({
  id,
  note,
  textKey,
  disabled,
}: {
  id: string;
  note: Note;
  textKey: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { value, max, tooLong } = note;
  return (
    <TextField
      id={id}
      label={t(textKey)}
      placeholder={t(`${textKey}_placeholder`)}
      value={value}
      onChange={(event) => note.setValue(event.target.value)}
      multiline
      minRows={2}
      fullWidth
      error={tooLong}
      helperText={tooLong ? t(`${textKey}_too_long`, { max }) : `${value.length}/${max}`}
      disabled={disabled}
    />
  );
}

/** What was done about something (who, when: `children`) and the note written then, if any. */
export function NoteAlert({
  note,
  children,
  ...alert
}: Omit<AlertProps, 'children'> & { note: string | null; children: ReactNode }) {
  return (
    <Alert {...alert}>
      {children}
      {note ? (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}>
          {note}
        </Typography>
      ) : null}
    </Alert>
  );
}
