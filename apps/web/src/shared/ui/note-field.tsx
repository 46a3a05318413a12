import TextField from '@mui/material/TextField';

/**
 * A free-text note of at most `max` characters: its helper text counts the characters, or says
 * `tooLongText` once past the limit (the field then shows an error).
 */
export function NoteField({
  id,
  label,
  placeholder,
  value,
  onChange,
  max,
  tooLongText,
  disabled,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  tooLongText: string;
  disabled: boolean;
}) {
  const tooLong = value.length > max;
  return (
    <TextField
      id={id}
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      multiline
      minRows={2}
      fullWidth
      error={tooLong}
      helperText={tooLong ? tooLongText : `${value.length}/${max}`}
      disabled={disabled}
    />
  );
}
