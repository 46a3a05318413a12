import type { ReportSend, ReportSubscription } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/error-message';
import { formatDateTime } from '../../../shared/format/format';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices, useSession } from '../../../shared/services';
import { fetchSends, sendsKey } from '../../../shared/reports/reports-api';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { PhoneDialog } from '../../../shared/ui/phone-dialog';

const STATUS_COLOR = {
  sent: 'success',
  retry: 'warning',
  failed: 'error',
  sending: 'info',
} as const satisfies Record<ReportSend['status'], string>;

/** A subscription's send log (issue 27): newest first, times at the subscription's zone. */
export function SendLogDialog({
  subscription: s,
  onClose,
}: {
  subscription: ReportSubscription;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const language = useSession((x) => x.user?.config.idioma ?? 'es');
  const log = useQuery({
    queryKey: sendsKey(s.id),
    queryFn: ({ signal }) => fetchSends(api, s.id, signal),
  });
  const when = (ms: number) => formatDateTime(ms, language, s.timeZone);
  return (
    <PhoneDialog onClose={onClose} maxWidth="sm" labelledBy="report-log-title" testId="report-log">
      <DialogTitle id="report-log-title">
        {t('reports.history_title', { report: t(`reports.kind.${s.report}`) })}
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('reports.history_intro', { zone: s.timeZone })}
        </Typography>
        {log.isPending ? (
          <Skeleton variant="rounded" height={120} aria-label={t('common.loading')} />
        ) : log.isError ? (
          <RetryAlert onRetry={() => void log.refetch()} retryLabel={t('reports.retry')}>
            {t('reports.history_error')} {errorMessage(log.error, t)}
          </RetryAlert>
        ) : log.data.length === 0 ? (
          <Typography color="text.secondary" data-testid="report-log-empty">
            {s.enabled && s.nextDueAt !== null
              ? t('reports.history_empty', { when: when(s.nextDueAt) })
              : t('reports.history_empty_paused')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {log.data.map((send) => (
              <Box
                component="li"
                key={send.id}
                data-testid="report-send"
                sx={{ py: 1, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={STATUS_COLOR[send.status]}
                    label={t(`reports.status.${send.status}`)}
                  />
                  <Typography sx={{ fontWeight: 500 }}>
                    {t('reports.send.slot', { when: when(send.slotAt) })}
                  </Typography>
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {send.manual ? t('reports.send.manual') : t('reports.send.scheduled')} ·{' '}
                  {t('reports.send.attempts', { count: send.attempts })}
                  {send.sentAt === null
                    ? ''
                    : ` · ${t('reports.send.sent_at', { when: when(send.sentAt) })}`}
                </Typography>
                {send.error ? (
                  <Typography
                    variant="body2"
                    color="error"
                    sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
                  >
                    {t('reports.send.error', { error: send.error })}
                  </Typography>
                ) : null}
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reports.close')}</Button>
      </DialogActions>
    </PhoneDialog>
  );
}
