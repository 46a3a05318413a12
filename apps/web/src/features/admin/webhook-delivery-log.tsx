import type { WebhookDelivery, WebhookEndpoint } from '@rumbo/contracts';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { useAdminSave } from './use-admin-save';
import { useInstantText } from './use-admin-format';
import { kindLabel } from './webhook-kinds';
import { webhookKeys, webhooksApi } from './webhooks-api';

/** An endpoint's deliveries, newest first, ten a page, with "send again". */
export function DeliveryLog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
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
