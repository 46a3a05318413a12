import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { useAdminSave } from './use-admin-save';

/**
 * A create/edit dialog's form: validated by `schema` as the user types, saved with `save`,
 * closing on success and putting the server's field complaints on their fields.
 */
export function useAdminForm<F extends FieldValues, R>(options: {
  schema: z.ZodType<F, F>;
  defaultValues: F;
  save: (values: F) => Promise<R>;
  success: string;
  onClose: () => void;
  /** Where a 409 without details goes (a taken group name). */
  conflictField?: Path<F>;
}) {
  const form = useForm<F>({
    resolver: zodResolver(options.schema) as unknown as Resolver<F>,
    mode: 'onTouched',
    defaultValues: options.defaultValues as DefaultValues<F>,
  });
  const mutation = useAdminSave({
    mutationFn: options.save,
    success: options.success,
    onSuccess: options.onClose,
    fields: Object.keys(options.defaultValues),
    ...(options.conflictField ? { conflictField: options.conflictField } : {}),
    setFieldError: (field, message) => form.setError(field as Path<F>, { message }),
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit((values) => mutation.mutate(values))(event);
  return { form, mutation, onSubmit };
}
