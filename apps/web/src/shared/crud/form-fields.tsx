import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * The props of a form's registered text fields: `field(name, help)` gives id `<prefix>-<name>`,
 * the field's error, and its message (else `help`) as helper text.
 */
export function fieldPropsOf<F extends FieldValues>(
  form: { register: UseFormRegister<F>; formState: { errors: FieldErrors<F> } },
  prefix: string,
) {
  const { errors } = form.formState;
  return (name: Path<F>, help?: string) => {
    const message = errors[name]?.message;
    return {
      ...form.register(name),
      id: `${prefix}-${name}`,
      error: Boolean(errors[name]),
      helperText: (typeof message === 'string' ? message : undefined) ?? help,
    };
  };
}

/**
 * A form's select (a TextField with `select`) bound to `name`; `emptyOption` lets an empty value
 * show its option (the label stays up). Other TextField props pass through.
 */
export function SelectField<F extends FieldValues>(
  props: Omit<TextFieldProps, 'name' | 'error' | 'children'> & {
    control: Control<F>;
    name: Path<F>;
    id: string;
    /** The field's error message. */
    error?: string | undefined;
    help?: string;
    emptyOption?: boolean;
    children: ReactNode;
  },
) {
  const { control, name, error, help, emptyOption, children, ...rest } = props;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...rest}
          select
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(error)}
          helperText={error ?? help}
          {...(emptyOption
            ? { slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } } }
            : {})}
        >
          {children}
        </TextField>
      )}
    />
  );
}
