import type { WebhookEndpoint, WebhookEndpointCreated } from '@rumbo/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { ConfirmDialog, ConfirmText } from '../../shared/ui/confirm-dialog';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { useAdminSave } from './use-admin-save';
import { useInstantText } from './use-admin-format';
import { DeliveryLog } from './webhook-delivery-log';
import { SecretDialog, WebhookDialog } from './webhook-dialog';
import { kindLabel } from './webhook-kinds';
import { webhookKeys, webhooksApi } from './webhooks-api';

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
