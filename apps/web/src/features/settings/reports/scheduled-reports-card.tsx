import type { ReportSubscription } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDateTime } from '../../../shared/format/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices, useSession } from '../../../shared/services';
import {
  deleteSubscription,
  fetchSubscriptions,
  sendSubscriptionNow,
  sendsKey,
  subscriptionsKey,
} from '../../../shared/reports/reports-api';
import { SubscriptionDialog, type DialogStart } from '../../../shared/reports/subscription-dialog';
import { SendLogDialog } from './send-log-dialog';
import { useApiQuery } from '../../../shared/api/api-query';
import { RetryLine } from '../../../shared/ui/retry-alert';

/** Settings → Scheduled reports: the caller's subscriptions with last sent and next due. */
export function ScheduledReportsCard() {
  const { t } = useTranslation();
  const list = useApiQuery(subscriptionsKey, fetchSubscriptions);
  const [dialog, setDialog] = useState<DialogStart | null>(null);
  const [history, setHistory] = useState<ReportSubscription | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby="scheduled-reports-title">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h2" id="scheduled-reports-title" sx={{ flex: '1 1 auto' }}>
            {t('reports.title')}
          </Typography>
          <Button variant="contained" onClick={() => setDialog({ report: 'fleet-summary' })}>
            {t('reports.add')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('reports.intro')}
        </Typography>
        {list.data ? (
          list.data.length === 0 ? (
            <Typography color="text.secondary">{t('reports.empty')}</Typography>
          ) : (
            <List disablePadding>
              {list.data.map((s) => (
                <SubscriptionRow
                  key={s.id}
                  subscription={s}
                  onEdit={() => setDialog({ subscription: s })}
                  onHistory={() => setHistory(s)}
                />
              ))}
            </List>
          )
        ) : list.isError ? (
          <RetryLine onRetry={() => void list.refetch()} retryLabel={t('reports.retry')}>
            {t('reports.load_error')} {errorMessage(list.error, t)}
          </RetryLine>
        ) : (
          <Skeleton variant="rounded" height={96} />
        )}
      </CardContent>
      {dialog ? <SubscriptionDialog start={dialog} onClose={() => setDialog(null)} /> : null}
      {history ? <SendLogDialog subscription={history} onClose={() => setHistory(null)} /> : null}
    </Card>
  );
}

function SubscriptionRow({
  subscription: s,
  onEdit,
  onHistory,
}: {
  subscription: ReportSubscription;
  onEdit: () => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation();
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const language = useSession((x) => x.user?.config.idioma ?? 'es');
  const when = (ms: number | null) =>
    ms === null ? t('reports.never') : formatDateTime(ms, language, s.timeZone);
  const day =
    s.schedule === 'weekly'
      ? t(`reports.weekday.${s.scheduleDay ?? 1}`)
      : String(s.scheduleDay ?? '');
  const onError = (error: unknown) => {
    if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
  const remove = useMutation({
    mutationFn: () => deleteSubscription(api, s.id),
    onSuccess: () => {
      refresh();
      snackbar.notify({ type: 'success', message: t('reports.deleted') });
    },
    onError,
  });
  const send = useMutation({
    mutationFn: () => sendSubscriptionNow(api, s.id),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: sendsKey(s.id) });
      snackbar.notify({ type: 'success', message: t('reports.sent_now') });
    },
    onError,
  });
  return (
    <ListItem
      divider
      disableGutters
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
      data-testid="report-subscription"
    >
      <ListItemText
        sx={{ flex: '1 1 240px', minWidth: 0 }}
        primary={
          <Box
            component="span"
            sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {t(`reports.kind.${s.report}`)}
            <Chip size="small" label={t(`reports.period.${s.period}`)} />
            {s.enabled ? null : <Chip size="small" color="warning" label={t('reports.paused')} />}
            {s.lastStatus && s.lastStatus !== 'sent' ? (
              <Chip
                size="small"
                color={s.lastStatus === 'failed' ? 'error' : 'default'}
                label={t(`reports.status.${s.lastStatus}`)}
              />
            ) : null}
          </Box>
        }
        secondary={
          <>
            {t(`reports.schedule_text.${s.schedule}`, { day, at: s.at })}{' '}
            {t('reports.in_zone', { zone: s.timeZone })}
            <br />
            {t('reports.last_sent')}: {when(s.lastSentAt)} · {t('reports.next_due')}:{' '}
            {s.enabled ? when(s.nextDueAt) : t('reports.paused')}
          </>
        }
      />
      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        <Button size="small" onClick={() => send.mutate()} loading={send.isPending}>
          {t('reports.send_now')}
        </Button>
        <Button size="small" onClick={onHistory} data-testid="report-history">
          {t('reports.history')}
        </Button>
        <Button size="small" onClick={onEdit}>
          {t('reports.edit')}
        </Button>
        <Tooltip title={t('reports.delete')}>
          <IconButton
            size="small"
            aria-label={t('reports.delete')}
            onClick={() => {
              if (window.confirm(t('reports.delete_confirm'))) remove.mutate();
            }}
          >
            ✕
          </IconButton>
        </Tooltip>
      </Box>
    </ListItem>
  );
}
