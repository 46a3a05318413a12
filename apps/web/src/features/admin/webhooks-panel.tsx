import type { WebhookEndpoint, WebhookEndpointCreated } from '@rumbo/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { ActionButton } from '../../shared/crud/action-button';
import { useApiQuery } from '../../shared/api/api-query';
import { useEditing } from '../../shared/crud/use-editing';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { ConfirmText } from '../../shared/ui/confirm-dialog';
import { AdminTable, type AdminColumn } from './components/admin-table';
import { useAdminConfirm } from './components/use-admin-delete';
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
  const endpoints = useApiQuery(webhookKeys.list, webhooksApi.list);
  const editor = useEditing<WebhookEndpoint>();
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const test = useAdminSave({
    mutationFn: (e: WebhookEndpoint) => webhooksApi.test(api, e.id),
    success: t('admin.webhooks.test_sent'),
  });
  const resume = useAdminSave({
    mutationFn: (e: WebhookEndpoint) => webhooksApi.resume(api, e.id),
    success: t('admin.webhooks.resumed'),
  });
  const remove = useAdminConfirm({
    run: (e: WebhookEndpoint) => webhooksApi.remove(api, e.id),
    success: t('admin.webhooks.deleted'),
    title: t('admin.webhooks.delete_title'),
    titleId: 'webhook-delete-title',
    confirmLabel: t('admin.webhooks.delete'),
    testId: 'confirm-delete-webhook',
    text: (e) => (
      <ConfirmText>{t('admin.webhooks.delete_text', { url: e?.url ?? '' })}</ConfirmText>
    ),
  });
  // The row's buttons: [label key, icon, action, test id], resume only while paused.
  const rowActions = (e: WebhookEndpoint) =>
    (
      [
        ...(e.pausedReason ? [['resume', PlayArrowIcon, () => resume.mutate(e)] as const] : []),
        ['test', SendIcon, () => test.mutate(e)],
        ['log', HistoryIcon, () => setLogOf(e)],
        ['edit', EditIcon, () => editor.edit(e)],
        ['delete', DeleteIcon, () => remove.ask(e)],
      ] as const
    ).map(([key, Icon, onClick]) => (
      <ActionButton
        key={key}
        label={t(`admin.webhooks.${key}`)}
        name={e.url}
        icon={<Icon fontSize="small" />}
        onClick={onClick}
        testId={`row-${key}`}
      />
    ));
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
        texts="admin.webhooks"
        onCreate={editor.create}
        query={endpoints}
        columns={columns}
        rowKey={(e) => e.id}
        searchTexts={searchTexts}
        rowSx={(e) => (e.enabled && !e.pausedReason ? undefined : { opacity: 0.75 })}
        actions={rowActions}
      />
      {editor.dialog((endpoint, close) => (
        <WebhookDialog endpoint={endpoint} onClose={close} onCreated={setCreated} />
      ))}
      {created ? <SecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      {logOf ? <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
      {remove.dialog}
    </>
  );
}
