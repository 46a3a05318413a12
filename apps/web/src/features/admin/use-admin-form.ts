import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import type { ApiClient } from '../../shared/api/http-client';
import { fieldPropsOf } from '../../shared/crud/form-fields';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
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

/**
 * The form of a create/edit dialog of `entity` (null: a new one): `useAdminForm` saving with
 * `create` or `update`, confirming with `saved`/`created`; `field(name, help)` gives the props of
 * a text field with id `<name>-<field>`; `dialog` those of its `FormDialog` but the title.
 */
export function useEntityForm<F extends FieldValues, E, R>(options: {
  name: string;
  entity: E | null;
  schema: (t: TFunction) => z.ZodType<F, F>;
  defaultValues: F;
  create: (api: ApiClient, values: F) => Promise<R>;
  update: (api: ApiClient, entity: E, values: F) => Promise<R>;
  onClose: () => void;
  /** The i18n keys of the success texts. */
  saved?: string;
  created?: string;
  conflictField?: Path<F>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { entity, schema: schemaOf } = options;
  const schema = useMemo(() => schemaOf(t), [schemaOf, t]);
  const { form, mutation, onSubmit } = useAdminForm<F, R>({
    schema,
    defaultValues: options.defaultValues,
    save: (values) => (entity ? options.update(api, entity, values) : options.create(api, values)),
    success: t(
      entity
        ? (options.saved ?? 'admin.common.saved')
        : (options.created ?? 'admin.common.created'),
    ),
    onClose: options.onClose,
    ...(options.conflictField ? { conflictField: options.conflictField } : {}),
  });
  const dialog = {
    name: options.name,
    open: true,
    submitting: mutation.isPending,
    onClose: options.onClose,
    onSubmit,
  };
  return {
    t,
    form,
    control: form.control,
    errors: form.formState.errors,
    field: fieldPropsOf(form, options.name),
    dialog,
  };
}
