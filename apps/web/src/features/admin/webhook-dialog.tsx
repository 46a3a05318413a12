import type { WebhookEndpoint, WebhookEndpointCreated } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { CheckboxGroupField } from './components/checkbox-group-field';
import { FormDialog } from './components/admin-dialogs';
import { SecretOnceDialog } from './secret-once-dialog';
import { useEntityForm } from './use-admin-form';
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
const bodyOf = (form: WebhookForm) => ({
  url: form.url,
  description: form.description,
  eventKinds: kindsOf(form),
});

const toForm = (endpoint: WebhookEndpoint | null): WebhookForm => ({
  url: endpoint?.url ?? 'https://',
  description: endpoint?.description ?? '',
  kinds: endpoint?.eventKinds.filter((k) => KINDS.includes(k)) ?? ['trip.ended'],
  codes:
    endpoint?.eventKinds
      .filter((k) => !KINDS.includes(k))
      .map((k) => k.replace(/^alert\./u, ''))
      .join(', ') ?? '',
  enabled: endpoint?.enabled ?? true,
});

/** Create or edit an endpoint; a creation shows the signing secret after. */
export function WebhookDialog(props: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const editing = props.endpoint;
  const { t, control, errors, field, dialog } = useEntityForm<WebhookForm, WebhookEndpoint>(
    {
      name: 'webhook',
      schema: formSchema,
      toForm,
      create: async (api, values) => {
        const created = await webhooksApi.create(api, bodyOf(values));
        props.onCreated(created);
        return created;
      },
      update: (api, endpoint, values) =>
        webhooksApi.update(api, endpoint.id, { ...bodyOf(values), enabled: values.enabled }),
    },
    editing,
    props.onClose,
  );
  return (
    <FormDialog {...dialog} title={t(editing ? 'admin.webhooks.edit' : 'admin.webhooks.new')}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <TextField
          {...field('url', t('admin.webhooks.url_help'))}
          label={t('admin.webhooks.url')}
          required
          autoComplete="off"
          type="url"
        />
        <TextField
          {...field('description', t('admin.webhooks.description_help'))}
          label={t('admin.webhooks.description')}
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
          {...field('codes', t('admin.webhooks.alert_codes_help'))}
          label={t('admin.webhooks.alert_codes')}
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
