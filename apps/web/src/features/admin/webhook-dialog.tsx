import type { WebhookEndpoint, WebhookEndpointCreated } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { CheckboxGroupField } from './components/checkbox-group-field';
import { FormDialog } from './components/admin-dialogs';
import { SecretOnceDialog } from './secret-once-dialog';
import { useAdminForm } from './use-admin-form';
import { KINDS, kindLabel } from './webhook-kinds';
import { alertCodeKinds, webhooksApi } from './webhooks-api';

function formSchema(t: TFunction) {
  return z
    .object({
      url: z.string().trim().min(1, t('validation.required')).max(2000),
      description: z.string().trim().max(200),
      kinds: z.array(z.string()),
      codes: z
        .string()
        .refine(
          (text) => alertCodeKinds(text) !== undefined,
          t('admin.webhooks.alert_codes_invalid'),
        ),
      enabled: z.boolean(),
    })
    .refine((v) => v.kinds.length > 0 || (alertCodeKinds(v.codes)?.length ?? 0) > 0, {
      path: ['kinds'],
      message: t('admin.webhooks.kinds_required'),
    });
}
type WebhookForm = z.infer<ReturnType<typeof formSchema>>;

const kindsOf = (form: WebhookForm) => [...form.kinds, ...(alertCodeKinds(form.codes) ?? [])];

/** Create or edit an endpoint; a creation shows the signing secret after. */
export function WebhookDialog(props: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const schema = useMemo(() => formSchema(t), [t]);
  const editing = props.endpoint;
  const { form, mutation, onSubmit } = useAdminForm<WebhookForm, unknown>({
    schema,
    defaultValues: {
      url: editing?.url ?? 'https://',
      description: editing?.description ?? '',
      kinds: editing?.eventKinds.filter((k) => KINDS.includes(k)) ?? ['trip.ended'],
      codes:
        editing?.eventKinds
          .filter((k) => !KINDS.includes(k))
          .map((k) => k.replace(/^alert\./u, ''))
          .join(', ') ?? '',
      enabled: editing?.enabled ?? true,
    },
    save: async (values) => {
      const body = {
        url: values.url,
        description: values.description,
        eventKinds: kindsOf(values),
      };
      if (editing) return webhooksApi.update(api, editing.id, { ...body, enabled: values.enabled });
      const created = await webhooksApi.create(api, body);
      props.onCreated(created);
      return created;
    },
    success: t(editing ? 'admin.common.saved' : 'admin.common.created'),
    onClose: props.onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <FormDialog
      name="webhook"
      open
      title={t(editing ? 'admin.webhooks.edit' : 'admin.webhooks.new')}
      submitting={mutation.isPending}
      onClose={props.onClose}
      onSubmit={onSubmit}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          {...register('url')}
          id="webhook-url"
          label={t('admin.webhooks.url')}
          helperText={errors.url?.message ?? t('admin.webhooks.url_help')}
          error={Boolean(errors.url)}
          required
          autoComplete="off"
          type="url"
        />
        <TextField
          {...register('description')}
          id="webhook-description"
          label={t('admin.webhooks.description')}
          helperText={errors.description?.message ?? t('admin.webhooks.description_help')}
          error={Boolean(errors.description)}
          autoComplete="off"
        />
        <Controller
          control={control}
          name="kinds"
          render={({ field }) => (
            <CheckboxGroupField
              id="webhook-kinds"
              legend={t('admin.webhooks.kinds')}
              options={KINDS}
              labelOf={(kind) => kindLabel(t, kind)}
              testIdOf={(kind) => `kind-${kind}`}
              value={field.value}
              onChange={field.onChange}
              help={t('admin.webhooks.kinds_help')}
              error={errors.kinds?.message}
            />
          )}
        />
        <TextField
          {...register('codes')}
          id="webhook-codes"
          label={t('admin.webhooks.alert_codes')}
          helperText={errors.codes?.message ?? t('admin.webhooks.alert_codes_help')}
          error={Boolean(errors.codes)}
          autoComplete="off"
        />
        {editing ? (
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                label={t('admin.webhooks.enabled')}
                control={
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                }
              />
            )}
          />
        ) : null}
      </Box>
    </FormDialog>
  );
}

/** The signing secret of an endpoint just created: shown this once. */
export function SecretDialog({
  created,
  onClose,
}: {
  created: WebhookEndpointCreated;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      testId="webhook-secret"
      title={t('admin.webhooks.created_title')}
      warning={t('admin.webhooks.shown_once')}
      secret={created.secret}
      copyLabel={t('admin.webhooks.copy')}
      hint={t('admin.webhooks.docs_hint')}
      doneLabel={t('admin.webhooks.done')}
      onClose={onClose}
    />
  );
}
