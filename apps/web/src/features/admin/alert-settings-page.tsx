import { alertThresholdsSchema, type AlertSettings } from '@rumbo/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';
import { useGeofences } from '../../shared/geofences/geofence-api';
import { groupsApi, vehiclesApi } from './admin-api';
import {
  alertSettingsApi,
  scopeErrors,
  THRESHOLD_KEYS,
} from './alert-settings/alert-settings-model';
import { CodesTab } from './alert-settings/codes-tab';
import { ScopesTab } from './alert-settings/scopes-tab';
import { ThresholdsTab } from './alert-settings/thresholds-tab';
import { ScoreSettingsPanel } from './score-settings/score-settings-panel';

/** The tab of the score letters (saved on their own, `…/analysis/score_settings`). */
const SCORES_TAB = 3;

/**
 * Administrator's alert settings (`/app/admin/alerts`, view `admin-alerts`), and the score letters
 * of the same administrators (issue 22).
 */
export default function AlertSettingsPage() {
  const { t, i18n } = useTranslation();
  const { api, snackbar } = useServices();
  const queryClient = useQueryClient();
  const language = i18n.language === 'en' ? 'en' : 'es';
  const settings = useQuery({
    queryKey: ['admin', 'alert-settings'],
    queryFn: ({ signal }) => alertSettingsApi.get(api, signal),
  });
  const types = useQuery({
    queryKey: ['alert-types', language],
    queryFn: ({ signal }) => alertSettingsApi.types(api, signal),
  });
  const choices = useQuery({
    queryKey: ['admin', 'alert-recipients'],
    queryFn: ({ signal }) => alertSettingsApi.recipients(api, signal),
  });
  const groups = useQuery({
    queryKey: ['admin', 'groups'],
    queryFn: ({ signal }) => groupsApi.list(api, signal),
  });
  const vehicles = useQuery({
    queryKey: ['admin', 'vehicles'],
    queryFn: ({ signal }) => vehiclesApi.list(api, signal),
  });
  const zones = useGeofences();
  // The administrator's edits over the saved settings (null: none).
  const [edited, setDraft] = useState<AlertSettings | null>(null);
  const draft = edited ?? settings.data ?? null;
  const [tab, setTab] = useState(0);
  const save = useMutation({
    mutationFn: (body: AlertSettings) => alertSettingsApi.save(api, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(['admin', 'alert-settings'], saved);
      setDraft(null);
      snackbar.notify({ type: 'success', message: t('alerts.settings.saved') });
    },
    onError: (error: Error) => snackbar.notify({ type: 'error', message: error.message }),
  });
  const thresholdErrors = useMemo(
    () =>
      new Set(
        draft
          ? THRESHOLD_KEYS.filter(
              (k) => !alertThresholdsSchema.shape[k].safeParse(draft.thresholds[k]).success,
            )
          : [],
      ),
    [draft],
  );
  const scopesInvalid =
    draft !== null && [...draft.groups, ...draft.vehicles].some((x) => scopeErrors(x).size > 0);
  const dirty = edited !== null && JSON.stringify(edited) !== JSON.stringify(settings.data);

  if (settings.isError || types.isError) {
    return (
      <Box sx={{ p: { xs: 2, md: 3 } }}>
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              onClick={() => {
                void settings.refetch();
                void types.refetch();
              }}
            >
              {t('alerts.settings.retry')}
            </Button>
          }
        >
          {t('alerts.settings.load_failed')}
        </Alert>
      </Box>
    );
  }
  const loading = !draft || !types.data;
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 }, maxWidth: 1100 }} data-testid="alert-settings">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h2" component="h1">
            {t('alerts.settings.title')}
          </Typography>
          <Typography color="text.secondary">{t('alerts.settings.intro')}</Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ display: tab === SCORES_TAB ? 'none' : 'flex' }}>
          <Button disabled={!dirty || save.isPending} onClick={() => setDraft(null)}>
            {t('alerts.settings.reset')}
          </Button>
          <Button
            variant="contained"
            disabled={!dirty || save.isPending || thresholdErrors.size > 0 || scopesInvalid}
            onClick={() => draft && save.mutate(draft)}
          >
            {t('alerts.settings.save')}
          </Button>
        </Stack>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, v: number) => setTab(v)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab label={t('alerts.settings.codes_tab')} />
        <Tab label={t('alerts.settings.thresholds_tab')} />
        <Tab label={t('alerts.settings.scopes_tab')} />
        <Tab label={t('scoreSettings.tab')} data-testid="score-settings-tab" />
      </Tabs>
      {tab === SCORES_TAB ? (
        <ScoreSettingsPanel />
      ) : loading ? (
        <Stack spacing={1} data-testid="alert-settings-loading">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={48} />
          ))}
        </Stack>
      ) : tab === 0 ? (
        <CodesTab
          draft={draft}
          types={types.data}
          choices={choices.data}
          onChange={(codes) => setDraft({ ...draft, codes })}
        />
      ) : tab === 1 ? (
        <ThresholdsTab
          thresholds={draft.thresholds}
          errors={thresholdErrors}
          onChange={(thresholds) => setDraft({ ...draft, thresholds })}
        />
      ) : (
        <ScopesTab
          draft={draft}
          groups={groups.data ?? []}
          vehicles={vehicles.data ?? []}
          zones={zones.data ?? []}
          onChange={setDraft}
        />
      )}
    </Box>
  );
}
