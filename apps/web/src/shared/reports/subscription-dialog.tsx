import { zodResolver } from '@hookform/resolvers/zod';
import {
  REPORT_KINDS,
  REPORT_PERIODS,
  REPORT_SCHEDULES,
  reportSubscriptionInput,
  type ReportFilters,
  type ReportKind,
  type ReportSubscription,
  type ReportSubscriptionBody,
  type ReportSubscriptionInput,
} from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch, type FieldError } from 'react-hook-form';
import { isAborted } from '../api/api-error';
import { errorMessage } from '../api/error-message';
import { useTranslation } from '../i18n/use-translation';
import { useServices, useSession } from '../services';
import { fetchRecipients, recipientsKey, saveSubscription, subscriptionsKey } from './reports-api';
import { PhoneDialog } from '../ui/phone-dialog';

type Form = ReportSubscriptionInput;

/** What the dialog opens with: a subscription to edit, or a report (and filters) to subscribe to. */
export type DialogStart =
  { subscription: ReportSubscription } | { report: ReportKind; filters?: ReportFilters };

function initial(start: DialogStart, language: 'es' | 'en', me: number[]): Form {
  if ('subscription' in start) {
    const s = start.subscription;
    return {
      report: s.report,
      filters: s.filters,
      period: s.period,
      schedule: s.schedule,
      scheduleDay: s.scheduleDay,
      at: s.at,
      recipients: s.recipients,
      language: s.language,
      enabled: s.enabled,
    };
  }
  return {
    report: start.report,
    filters: start.filters ?? {},
    period: start.report === 'fleet-summary' ? 'last_week' : 'yesterday',
    schedule: start.report === 'fleet-summary' ? 'weekly' : 'daily',
    scheduleDay: start.report === 'fleet-summary' ? 1 : null,
    at: '08:00',
    recipients: { users: me, addresses: [] },
    language,
    enabled: true,
  };
}

/** Create or edit a scheduled report (react-hook-form with the contract's schema). */
export function SubscriptionDialog({
  start,
  onClose,
}: {
  start: DialogStart;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const user = useSession((s) => s.user);
  const recipients = useQuery({
    queryKey: recipientsKey,
    queryFn: ({ signal }) => fetchRecipients(api, signal),
  });
  const title = 'subscription' in start ? t('reports.dialog_edit') : t('reports.dialog_new');
  return (
    <PhoneDialog onClose={onClose} maxWidth="sm" labelledBy="report-dialog-title">
      <DialogTitle id="report-dialog-title">{title}</DialogTitle>
      {recipients.data ? (
        <SubscriptionForm
          start={start}
          language={user?.config.idioma ?? 'es'}
          users={recipients.data.users}
          addresses={recipients.data.addresses}
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          {recipients.isError ? (
            <Typography color="error">{errorMessage(recipients.error, t)}</Typography>
          ) : (
            <Skeleton variant="rounded" height={320} />
          )}
        </DialogContent>
      )}
    </PhoneDialog>
  );
}

function SubscriptionForm(props: {
  start: DialogStart;
  language: 'es' | 'en';
  users: { id: number; name: string; email: string }[];
  addresses: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const profileEmail = useSession((s) => s.user?.usuario.email);
  const me = props.users.filter((u) => u.email === profileEmail).map((u) => u.id);
  const editing = 'subscription' in props.start ? props.start.subscription.id : undefined;
  const { control, handleSubmit, formState } = useForm<Form, unknown, ReportSubscriptionBody>({
    resolver: zodResolver(reportSubscriptionInput),
    mode: 'onChange',
    defaultValues: initial(props.start, props.language, me),
  });
  const schedule = useWatch({ control, name: 'schedule' });
  const filters = useWatch({ control, name: 'filters' });
  const filterCount = Object.values(filters ?? {}).filter(
    (v) => Array.isArray(v) && v.length,
  ).length;
  const save = useMutation({
    mutationFn: (body: ReportSubscriptionBody) => saveSubscription(api, body, editing),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: subscriptionsKey });
      snackbar.notify({ type: 'success', message: t('reports.saved') });
      props.onClose();
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });
  const rule = (error: FieldError | undefined) =>
    error?.message
      ? t(`validation.rule.${error.message}`, { defaultValue: error.message })
      : undefined;
  const select = (
    name: 'report' | 'period' | 'schedule' | 'language',
    options: readonly string[],
    label: string,
    prefix: string,
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField select label={label} {...field} id={`report-${name}`}>
          {options.map((o) => (
            <MenuItem key={o} value={o}>
              {t(`${prefix}.${o}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void handleSubmit((body) => save.mutate(body))(e)}
    >
      <DialogContent
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          {select('report', REPORT_KINDS, t('reports.field.report'), 'reports.kind')}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -1 }}>
          {t('reports.field.filters')}:{' '}
          {filterCount
            ? t('reports.filters_some', { count: filterCount })
            : t('reports.filters_none')}
        </Typography>
        {select('period', REPORT_PERIODS, t('reports.field.period'), 'reports.period')}
        {select('schedule', REPORT_SCHEDULES, t('reports.field.schedule'), 'reports.schedule')}
        {schedule === 'daily' ? null : (
          <Controller
            name="scheduleDay"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                select
                id="report-day"
                label={
                  schedule === 'weekly' ? t('reports.field.weekday') : t('reports.field.month_day')
                }
                value={field.value ?? ''}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={Boolean(fieldState.error)}
                helperText={rule(fieldState.error)}
              >
                {Array.from({ length: schedule === 'weekly' ? 7 : 31 }, (_, i) => i + 1).map(
                  (d) => (
                    <MenuItem key={d} value={d}>
                      {schedule === 'weekly' ? t(`reports.weekday.${d}`) : d}
                    </MenuItem>
                  ),
                )}
              </TextField>
            )}
          />
        )}
        <Controller
          name="at"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              id="report-at"
              type="time"
              label={t('reports.field.at')}
              slotProps={{ inputLabel: { shrink: true } }}
              error={Boolean(fieldState.error)}
              helperText={rule(fieldState.error)}
            />
          )}
        />
        <Controller
          name="recipients.users"
          control={control}
          render={({ field }) => (
            <TextField
              select
              id="report-users"
              label={t('reports.field.recipients_users')}
              value={field.value ?? []}
              onChange={(e) => field.onChange(e.target.value)}
              slotProps={{ select: { multiple: true } }}
              sx={{ gridColumn: '1 / -1' }}
              error={Boolean(formState.errors.recipients)}
              helperText={rule(
                formState.errors.recipients?.root ??
                  (formState.errors.recipients as FieldError | undefined),
              )}
            >
              {props.users.map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {u.name} · {u.email}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="recipients.addresses"
          control={control}
          render={({ field }) => (
            <TextField
              select
              id="report-addresses"
              label={t('reports.field.recipients_addresses')}
              value={field.value ?? []}
              onChange={(e) => field.onChange(e.target.value)}
              slotProps={{ select: { multiple: true } }}
              sx={{ gridColumn: '1 / -1' }}
              disabled={props.addresses.length === 0}
              helperText={t('reports.field.recipients_addresses_hint')}
            >
              {props.addresses.map((a) => (
                <MenuItem key={a} value={a}>
                  {a}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {select('language', ['es', 'en'], t('reports.field.language'), 'reports.language')}
        <Controller
          name="enabled"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value ?? true}
                  onChange={(e) => field.onChange(e.target.checked)}
                />
              }
              label={t('reports.field.enabled')}
            />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('reports.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isValid || save.isPending}
          loading={save.isPending}
        >
          {t('reports.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}
