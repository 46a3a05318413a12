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
import { fieldPropsOf } from '../../shared/crud/form-fields';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import type { EntityForm } from './admin-entities';
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
 * The form of a create/edit dialog of `entity` (null: a new one), as `spec` says: `useAdminForm`
 * saving with its `create` or `update`; `field(name, help)` gives the props of a text field with
 * id `<name>-<field>`; `dialog` those of its `FormDialog` but the title.
 */
export function useEntityForm<F extends FieldValues, E>(
  spec: EntityForm<F, E>,
  entity: E | null,
  onClose: () => void,
) {
  const { t } = useTranslation();
  const { api } = useServices();
  const editing = entity !== null;
  const schemaOf = spec.schema;
  const schema = useMemo(() => schemaOf(t, editing), [schemaOf, t, editing]);
  const { form, mutation, onSubmit } = useAdminForm<F, unknown>({
    schema,
    defaultValues: spec.toForm(entity),
    save: (values) => (entity ? spec.update(api, entity, values) : spec.create(api, values)),
    success: t(
      entity ? (spec.saved ?? 'admin.common.saved') : (spec.created ?? 'admin.common.created'),
    ),
    onClose,
    ...(spec.conflictField ? { conflictField: spec.conflictField as Path<F> } : {}),
  });
  const dialog = { name: spec.name, open: true, submitting: mutation.isPending, onClose, onSubmit };
  return {
    t,
    form,
    control: form.control,
    errors: form.formState.errors,
    field: fieldPropsOf(form, spec.name),
    dialog,
  };
}
