import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import { forwardRef, type ChangeEventHandler, type FocusEventHandler, type ReactNode } from 'react';

export interface TextInputProps {
  id: string;
  name?: string;
  label: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  endAdornment?: ReactNode;
  inputProps?: InputBaseComponentProps;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
}

/**
 * An outlined text field built from its parts. MUI's TextField also brings Select, Menu and
 * Popover along, which the signed-out screens do not need.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { id, label, error, helperText, endAdornment, readOnly, inputProps, ...rest },
  ref,
) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth error={error}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputRef={ref}
        endAdornment={endAdornment}
        readOnly={readOnly}
        inputProps={{ ...inputProps, 'aria-describedby': helperId }}
        {...rest}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
