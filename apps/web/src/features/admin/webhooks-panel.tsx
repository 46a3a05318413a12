import {
  WEBHOOK_EVENT_KINDS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
} from '@rumbo/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { TFunction } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';
import { SecretOnceDialog } from './secret-once-dialog';
import { useServices } from '../../shared/services';
import { ConfirmDialog, ConfirmText } from '../../shared/ui/confirm-dialog';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { FormDialog } from './components/admin-dialogs';
import { useAdminForm } from './use-admin-form';
import { useAdminSave } from './use-admin-save';
import { useInstantText } from './use-admin-format';
import { alertCodeKinds, webhookKeys, webhooksApi } from './webhooks-api';

const KINDS = WEBHOOK_EVENT_KINDS as readonly string[];

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

/** An endpoint's kind, translated (`alert.V20` is "V20"; the text's key has `_` for `.`, `all` for `*`). */
function kindLabel(t: TFunction, kind: string): string {
  return KINDS.includes(kind) || kind === 'test'
    ? t(`admin.webhooks.kind.${kind.replace('.*', '_all').replace('.', '_')}`)
    : kind.replace(/^alert\./u, '');
}

/** Create or edit an endpoint; a creation shows the signing secret after. */
function WebhookDialog(props: {
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
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <FormLabel component="legend" error={Boolean(errors.kinds)}>
                {t('admin.webhooks.kinds')}
              </FormLabel>
              <FormGroup
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
              >
                {KINDS.map((kind) => (
                  <FormControlLabel
                    key={kind}
                    label={kindLabel(t, kind)}
                    control={
                      <Checkbox
                        checked={field.value.includes(kind)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, kind]
                              : field.value.filter((k) => k !== kind),
                          )
                        }
                        data-testid={`kind-${kind}`}
                      />
                    }
                  />
                ))}
              </FormGroup>
              <FormHelperText error={Boolean(errors.kinds)}>
                {errors.kinds?.message ?? t('admin.webhooks.kinds_help')}
              </FormHelperText>
            </Box>
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
function SecretDialog({
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

/** An endpoint's deliveries, newest first, ten a page, with "send again". */
function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const instant = useInstantText();
  const [page, setPage] = useState(0);
  const log = useQuery({
    queryKey: webhookKeys.deliveries(endpoint.id, page),
    queryFn: ({ signal }) => webhooksApi.deliveries(api, endpoint.id, page, signal),
  });
  const resend = useAdminSave({
    mutationFn: (d: WebhookDelivery) => webhooksApi.resend(api, endpoint.id, d.id),
    success: t('admin.webhooks.resent'),
  });
  const color = { pending: 'warning', delivered: 'success', failed: 'error' } as const;
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / 10));
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="webhook-log-title">
      <DialogTitle id="webhook-log-title" sx={{ wordBreak: 'break-all' }}>
        {t('admin.webhooks.log_title', { url: endpoint.url })}
      </DialogTitle>
      <DialogContent dividers>
        {log.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            <CircularProgress size={28} aria-label={t('common.loading')} />
          </Box>
        ) : log.isError ? (
          <Alert
            severity="error"
            action={<Button onClick={() => void log.refetch()}>{t('common.retry')}</Button>}
          >
            {t('common.network_error')}
          </Alert>
        ) : log.data.items.length === 0 ? (
          <Typography color="text.secondary" data-testid="webhook-log-empty">
            {t('admin.webhooks.log_empty')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {log.data.items.map((d) => (
              <Box
                component="li"
                key={d.id}
                data-testid="webhook-delivery"
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'center',
                  gap: 1,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Chip
                  size="small"
                  color={color[d.status]}
                  label={t(`admin.webhooks.delivery_state.${d.status}`)}
                />
                <Typography sx={{ fontWeight: 500, minWidth: 150 }}>
                  {kindLabel(t, d.eventKind)}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    #{d.eventId}
                  </Box>
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 180 }}>
                  {instant(d.eventAt)} · {t('admin.webhooks.attempts')}: {d.attempts}
                  {d.lastStatus !== null || d.lastError
                    ? ` · ${d.lastError ?? `HTTP ${d.lastStatus}`}`
                    : ''}
                  {d.nextAttemptAt
                    ? ` · ${t('admin.webhooks.next_attempt', { when: instant(d.nextAttemptAt) })}`
                    : ''}
                </Typography>
                <Button
                  size="small"
                  startIcon={<SendIcon fontSize="small" />}
                  onClick={() => resend.mutate(d)}
                  disabled={resend.isPending}
                  data-testid="webhook-resend"
                >
                  {t('admin.webhooks.resend')}
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Pagination
          size="small"
          count={pages}
          page={page + 1}
          onChange={(_, p) => setPage(p - 1)}
        />
        <Button onClick={onClose}>{t('admin.webhooks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The tenant's webhook endpoints (issue 27): URL, events, state (paused after a day of failures),
 * what waits; create (the signing secret shown once), edit, test, resume, delivery log, delete.
 */
export function WebhooksPanel() {
  const { t } = useTranslation();
  const { api } = useServices();
  const instant = useInstantText();
  const endpoints = useQuery({
    queryKey: webhookKeys.list,
    queryFn: ({ signal }) => webhooksApi.list(api, signal),
  });
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const test = useAdminSave({
    mutationFn: (e: WebhookEndpoint) => webhooksApi.test(api, e.id),
    success: t('admin.webhooks.test_sent'),
  });
  const resume = useAdminSave({
    mutationFn: (e: WebhookEndpoint) => webhooksApi.resume(api, e.id),
    success: t('admin.webhooks.resumed'),
  });
  const remove = useAdminSave({
    mutationFn: (e: WebhookEndpoint) => webhooksApi.remove(api, e.id),
    success: t('admin.webhooks.deleted'),
    onSuccess: () => setDeleting(null),
  });
  const searchTexts = useCallback(
    (e: WebhookEndpoint) => [e.url, e.description, ...e.eventKinds],
    [],
  );
  const columns: AdminColumn<WebhookEndpoint>[] = [
    {
      id: 'url',
      label: t('admin.webhooks.url'),
      render: (e) => (
        <Box>
          <Box component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {e.url}
          </Box>
          {e.description ? (
            <Typography variant="body2" color="text.secondary">
              {e.description}
            </Typography>
          ) : null}
        </Box>
      ),
    },
    {
      id: 'kinds',
      label: t('admin.webhooks.kinds'),
      render: (e) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {e.eventKinds.map((kind) => (
            <Chip key={kind} size="small" variant="outlined" label={kindLabel(t, kind)} />
          ))}
        </Box>
      ),
    },
    {
      id: 'status',
      label: t('admin.webhooks.status'),
      render: (e) => {
        const [state, color] = e.pausedReason
          ? (['paused', 'error'] as const)
          : !e.enabled
            ? (['disabled', 'default'] as const)
            : e.failingSince
              ? (['failing', 'warning'] as const)
              : (['active', 'success'] as const);
        return (
          <Chip
            size="small"
            variant="outlined"
            color={color}
            data-testid="webhook-state"
            label={t(`admin.webhooks.state.${state}`, {
              when: e.failingSince ? instant(e.failingSince) : '',
            })}
          />
        );
      },
    },
    {
      id: 'pending',
      label: t('admin.webhooks.pending'),
      render: (e) => e.pending,
    },
    {
      id: 'last',
      label: t('admin.webhooks.last_delivered'),
      render: (e) => (e.lastDeliveredAt ? instant(e.lastDeliveredAt) : t('admin.webhooks.never')),
    },
  ];
  return (
    <>
      <AdminTable
        name="webhooks"
        title={t('admin.webhooks.title')}
        subtitle={t('admin.webhooks.subtitle')}
        createLabel={t('admin.webhooks.new')}
        onCreate={() => setEditing('new')}
        query={endpoints}
        columns={columns}
        rowKey={(e) => e.id}
        searchTexts={searchTexts}
        emptyText={t('admin.webhooks.empty')}
        rowSx={(e) => (e.enabled && !e.pausedReason ? undefined : { opacity: 0.75 })}
        actions={(e) => (
          <>
            {e.pausedReason ? (
              <Tooltip title={t('admin.webhooks.resume')}>
                <IconButton
                  size="small"
                  aria-label={`${t('admin.webhooks.resume')} ${e.url}`}
                  onClick={() => resume.mutate(e)}
                  data-testid="row-resume"
                >
                  <PlayArrowIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ) : null}
            <Tooltip title={t('admin.webhooks.test')}>
              <IconButton
                size="small"
                aria-label={`${t('admin.webhooks.test')} ${e.url}`}
                onClick={() => test.mutate(e)}
                data-testid="row-test"
              >
                <SendIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('admin.webhooks.log')}>
              <IconButton
                size="small"
                aria-label={`${t('admin.webhooks.log')} ${e.url}`}
                onClick={() => setLogOf(e)}
                data-testid="row-log"
              >
                <HistoryIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('admin.webhooks.edit')}>
              <IconButton
                size="small"
                aria-label={`${t('admin.webhooks.edit')} ${e.url}`}
                onClick={() => setEditing(e)}
                data-testid="row-edit"
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('admin.webhooks.delete')}>
              <IconButton
                size="small"
                aria-label={`${t('admin.webhooks.delete')} ${e.url}`}
                onClick={() => setDeleting(e)}
                data-testid="row-delete"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
      {editing ? (
        <WebhookDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={setCreated}
        />
      ) : null}
      {created ? <SecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      {logOf ? <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.webhooks.delete_title')}
        titleId="webhook-delete-title"
        busy={remove.isPending}
        busyStyle="loading"
        cancelLabel={t('admin.common.cancel')}
        confirmLabel={t('admin.webhooks.delete')}
        testId="confirm-delete-webhook"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      >
        <ConfirmText>{t('admin.webhooks.delete_text', { url: deleting?.url ?? '' })}</ConfirmText>
      </ConfirmDialog>
    </>
  );
}
