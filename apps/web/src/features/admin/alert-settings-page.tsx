import {
  alertThresholdsSchema,
  SPEED_LEVELS_KMH,
  type AlertCodeSetting,
  type AlertRecipientChoices,
  type AlertScope,
  type AlertSettings,
  type AlertThresholds,
  type AlertTypesAnswer,
  type AlertZoneScope,
  type Group,
  type Vehicle,
} from '@rumbo/contracts';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { ApiClient } from '../../shared/api/http-client';
import { useServices } from '../../shared/services';
import { useGeofences } from '../../shared/geofences/geofence-api';
import { groupsApi, vehiclesApi } from './admin-api';

/** `/api/rest/alerts/...` and the catalogue. */
const alertSettingsApi = {
  get: (api: ApiClient, signal?: AbortSignal) =>
    api.get<AlertSettings>('rest/alerts/settings', signal ? { signal } : {}),
  save: (api: ApiClient, body: AlertSettings) =>
    api.request<AlertSettings>('rest/alerts/settings', { method: 'PUT', body }),
  recipients: (api: ApiClient, signal?: AbortSignal) =>
    api.get<AlertRecipientChoices>('rest/alerts/recipients', signal ? { signal } : {}),
  types: (api: ApiClient, signal?: AbortSignal) =>
    api.post<AlertTypesAnswer>('v2/alert/get_all_types', {}, signal ? { signal } : {}),
};

const THRESHOLD_KEYS = Object.keys(alertThresholdsSchema.shape) as (keyof AlertThresholds)[];

type ScopeError = keyof AlertThresholds | 'reefer';

/** What is wrong in a group's or vehicle's overrides (thresholds out of range, a bad reefer range). */
export function scopeErrors(scope: AlertScope): Set<ScopeError> {
  const errors = new Set<ScopeError>(
    THRESHOLD_KEYS.filter(
      (k) =>
        scope.thresholds[k] !== undefined &&
        !alertThresholdsSchema.shape[k].safeParse(scope.thresholds[k]).success,
    ),
  );
  const r = scope.reefer;
  if (
    r &&
    (![r.setPointC, r.toleranceC, r.minC, r.maxC].every(Number.isFinite) ||
      r.toleranceC < 0 ||
      r.minC >= r.maxC ||
      r.setPointC < r.minC ||
      r.setPointC > r.maxC)
  )
    errors.add('reefer');
  return errors;
}

/** Administrator's alert settings (`/app/admin/alerts`, view `admin-alerts`). */
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
        <Stack direction="row" spacing={1}>
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
      </Tabs>
      {loading ? (
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

function CodesTab({
  draft,
  types,
  choices,
  onChange,
}: {
  draft: AlertSettings;
  types: AlertTypesAnswer;
  choices: AlertRecipientChoices | undefined;
  onChange: (codes: AlertCodeSetting[]) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const byCode = new Map(draft.codes.map((c) => [c.code, c]));
  const set = (code: string, patch: Partial<AlertCodeSetting>) =>
    onChange(draft.codes.map((c) => (c.code === code ? { ...c, ...patch } : c)));
  const summary = (c: AlertCodeSetting) =>
    [
      c.everyone ? t('alerts.settings.everyone_short') : null,
      c.roles.length ? t('alerts.settings.plus_roles', { count: c.roles.length }) : null,
      c.users.length ? t('alerts.settings.plus_users', { count: c.users.length }) : null,
    ]
      .filter(Boolean)
      .join(' ') || t('alerts.settings.nobody');
  const editingSetting = editing ? byCode.get(editing) : undefined;
  return (
    <Stack spacing={2}>
      {types.groups.map((group) => {
        const rows = types.types.filter((ty) => ty.ideventtypegroup === group.ideventtypegroup);
        return (
          <Paper key={group.code} variant="outlined" sx={{ overflow: 'hidden' }}>
            <Typography variant="h3" sx={{ px: 2, py: 1.25, bgcolor: 'action.hover' }}>
              {group.description}
            </Typography>
            {rows.map((type) => {
              const c = byCode.get(type.code.toUpperCase());
              if (!c) return null;
              return (
                <Box
                  key={type.code}
                  data-testid={`alert-code-${c.code}`}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    columnGap: 1,
                    px: 2,
                    py: 0.5,
                    borderTop: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box sx={{ flex: '1 1 240px', minWidth: 0, py: 0.5 }}>
                    <Typography component="span" sx={{ fontWeight: 600, mr: 1 }}>
                      {c.code}
                    </Typography>
                    <Typography component="span" color="text.secondary">
                      {type.description}
                    </Typography>
                  </Box>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={c.enabled}
                        onChange={(e) => set(c.code, { enabled: e.target.checked })}
                      />
                    }
                    label={t('alerts.settings.enabled')}
                  />
                  <FormControlLabel
                    disabled={!c.enabled}
                    control={
                      <Checkbox
                        checked={c.app}
                        onChange={(e) => set(c.code, { app: e.target.checked })}
                      />
                    }
                    label={t('alerts.settings.app')}
                  />
                  <FormControlLabel
                    disabled={!c.enabled}
                    control={
                      <Checkbox
                        checked={c.email}
                        onChange={(e) => set(c.code, { email: e.target.checked })}
                      />
                    }
                    label={t('alerts.settings.email')}
                  />
                  <Button
                    size="small"
                    disabled={!c.enabled}
                    onClick={() => setEditing(c.code)}
                    sx={{ textTransform: 'none' }}
                    aria-label={t('alerts.settings.edit_recipients', { code: c.code })}
                  >
                    {summary(c)}
                  </Button>
                </Box>
              );
            })}
          </Paper>
        );
      })}
      {editingSetting ? (
        <RecipientsDialog
          setting={editingSetting}
          choices={choices}
          onChange={(patch) => set(editingSetting.code, patch)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}

function RecipientsDialog({
  setting,
  choices,
  onChange,
  onClose,
}: {
  setting: AlertCodeSetting;
  choices: AlertRecipientChoices | undefined;
  onChange: (patch: Partial<AlertCodeSetting>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const roles = choices?.roles ?? [];
  const users = choices?.users ?? [];
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle>{t('alerts.settings.edit_recipients', { code: setting.code })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={setting.everyone}
                onChange={(e) => onChange({ everyone: e.target.checked })}
              />
            }
            label={t('alerts.settings.everyone')}
          />
          <Autocomplete
            multiple
            options={roles}
            getOptionLabel={(r) => r.name}
            value={roles.filter((r) => setting.roles.includes(r.id))}
            onChange={(_, value) => onChange({ roles: value.map((r) => r.id) })}
            renderInput={(params) => <TextField {...params} label={t('alerts.settings.roles')} />}
          />
          <Autocomplete
            multiple
            options={users}
            getOptionLabel={(u) => `${u.name} (${u.username})`}
            value={users.filter((u) => setting.users.includes(u.id))}
            onChange={(_, value) => onChange({ users: value.map((u) => u.id) })}
            renderInput={(params) => <TextField {...params} label={t('alerts.settings.users')} />}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('alerts.settings.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ThresholdsTab({
  thresholds,
  errors,
  onChange,
}: {
  thresholds: AlertThresholds;
  errors: Set<keyof AlertThresholds>;
  onChange: (t: AlertThresholds) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        gap: 2,
      }}
    >
      {THRESHOLD_KEYS.map((key) => (
        <TextField
          key={key}
          type="number"
          label={t(`alerts.settings.threshold.${key}`)}
          value={Number.isFinite(thresholds[key]) ? thresholds[key] : ''}
          error={errors.has(key)}
          helperText={errors.has(key) ? t('alerts.settings.invalid_number') : ' '}
          onChange={(e) => onChange({ ...thresholds, [key]: Number(e.target.value) })}
          slotProps={{ htmlInput: { step: 'any', 'data-testid': `threshold-${key}` } }}
        />
      ))}
    </Box>
  );
}

type ScopeRow = AlertScope & { groupId?: number; vehicleId?: number };

/** A geofence's own speed levels: on inside it, for every vehicle, besides the vehicle's own. */
function ZoneScopeRow({
  scope,
  name,
  onChange,
}: {
  scope: AlertZoneScope;
  name: string;
  onChange: (scope: AlertZoneScope | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="alert-zone-scope">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }} noWrap>
          {t('alerts.settings.zone')}: {name}
        </Typography>
        <IconButton aria-label={t('alerts.settings.remove')} onClick={() => onChange(null)}>
          <Delete />
        </IconButton>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('alerts.settings.zone_hint')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
        {SPEED_LEVELS_KMH.map((level) => {
          const on = scope.speedLevels.includes(level);
          return (
            <Chip
              key={level}
              label={`V${level}`}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() =>
                onChange({
                  ...scope,
                  speedLevels: on
                    ? scope.speedLevels.filter((l) => l !== level)
                    : [...scope.speedLevels, level].sort((a, b) => a - b),
                })
              }
            />
          );
        })}
      </Box>
    </Paper>
  );
}

const REEFER_FIELDS = [
  ['setPointC', 'alerts.settings.reefer_setpoint'],
  ['toleranceC', 'alerts.settings.reefer_tolerance'],
  ['minC', 'alerts.settings.reefer_min'],
  ['maxC', 'alerts.settings.reefer_max'],
] as const;

/** A scope's own thresholds (empty = as the company) and its refrigerated load. */
function ScopeDetails({
  scope,
  tenant,
  onChange,
}: {
  scope: ScopeRow;
  tenant: AlertThresholds;
  onChange: (scope: ScopeRow) => void;
}) {
  const { t } = useTranslation();
  const errors = scopeErrors(scope);
  const setThreshold = (key: keyof AlertThresholds, text: string) => {
    const thresholds = { ...scope.thresholds };
    if (text.trim() === '') delete thresholds[key];
    else thresholds[key] = Number(text);
    onChange({ ...scope, thresholds });
  };
  const reefer = scope.reefer ?? null;
  return (
    <Box sx={{ mt: 1.5 }} data-testid="alert-scope-details">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('alerts.settings.own_thresholds')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 1.5,
        }}
      >
        {THRESHOLD_KEYS.map((key) => (
          <TextField
            key={key}
            size="small"
            type="number"
            label={t(`alerts.settings.threshold.${key}`)}
            value={scope.thresholds[key] ?? ''}
            placeholder={String(tenant[key])}
            error={errors.has(key)}
            helperText={
              errors.has(key)
                ? t('alerts.settings.invalid_number')
                : t('alerts.settings.own_thresholds_hint', { value: tenant[key] })
            }
            onChange={(e) => setThreshold(key, e.target.value)}
            slotProps={{
              htmlInput: { step: 'any', 'data-testid': `scope-threshold-${key}` },
              inputLabel: { shrink: true },
            }}
          />
        ))}
      </Box>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            checked={reefer !== null}
            data-testid="scope-reefer"
            onChange={(e) =>
              onChange({
                ...scope,
                reefer: e.target.checked
                  ? { setPointC: 4, toleranceC: tenant.temperatureToleranceC, minC: 0, maxC: 8 }
                  : null,
              })
            }
          />
        }
        label={t('alerts.settings.reefer')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('alerts.settings.reefer_hint')}
      </Typography>
      {reefer ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(4, minmax(0, 1fr))',
            },
            gap: 1.5,
            mt: 1.5,
          }}
        >
          {REEFER_FIELDS.map(([key, label]) => (
            <TextField
              key={key}
              size="small"
              type="number"
              label={t(label)}
              value={Number.isFinite(reefer[key]) ? reefer[key] : ''}
              error={errors.has('reefer')}
              onChange={(e) =>
                onChange({
                  ...scope,
                  reefer: {
                    ...reefer,
                    [key]: e.target.value.trim() === '' ? Number.NaN : Number(e.target.value),
                  },
                })
              }
              slotProps={{ htmlInput: { step: 'any', 'data-testid': `scope-reefer-${key}` } }}
            />
          ))}
        </Box>
      ) : null}
      {errors.has('reefer') ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('alerts.settings.reefer_range')}
        </Alert>
      ) : null}
    </Box>
  );
}

function ScopesTab({
  draft,
  groups,
  vehicles,
  zones,
  onChange,
}: {
  draft: AlertSettings;
  groups: Group[];
  vehicles: Vehicle[];
  zones: readonly { id: number; name: string }[];
  onChange: (s: AlertSettings) => void;
}) {
  const { t } = useTranslation();
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  const plate = new Map(vehicles.map((v) => [v.vehicleId, v.plate]));
  const freeGroups = groups.filter((g) => !draft.groups.some((s) => s.groupId === g.id));
  const freeVehicles = vehicles.filter(
    (v) => !draft.vehicles.some((s) => s.vehicleId === v.vehicleId),
  );
  const zoneName = new Map(zones.map((z) => [z.id, z.name]));
  const freeZones = zones.filter((z) => !draft.zones.some((s) => s.zoneId === z.id));
  const tenantLevels = SPEED_LEVELS_KMH.filter(
    (l) => draft.codes.find((c) => c.code === `V${l}`)?.enabled,
  );
  // Scopes whose thresholds are shown (an invalid one stays open so its error shows).
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpened((prev) => {
      const next = new Set(prev);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const keyOf = (kind: 'groups' | 'vehicles', scope: ScopeRow) =>
    `${kind}-${kind === 'groups' ? (groupName.get(scope.groupId!) ?? `#${scope.groupId}`) : (plate.get(scope.vehicleId!) ?? `#${scope.vehicleId}`)}`;
  const open = new Set(opened);
  for (const kind of ['groups', 'vehicles'] as const)
    for (const scope of draft[kind] as ScopeRow[])
      if (scopeErrors(scope).size > 0) open.add(keyOf(kind, scope));
  const update = (kind: 'groups' | 'vehicles', index: number, scope: ScopeRow | null) => {
    const list = [...(draft[kind] as ScopeRow[])];
    if (scope) list[index] = scope;
    else list.splice(index, 1);
    onChange({ ...draft, [kind]: list });
  };
  const row = (kind: 'groups' | 'vehicles', scope: ScopeRow, index: number) => {
    const name =
      kind === 'groups'
        ? (groupName.get(scope.groupId!) ?? `#${scope.groupId}`)
        : (plate.get(scope.vehicleId!) ?? `#${scope.vehicleId}`);
    const levels = scope.speedLevels ?? tenantLevels;
    return (
      <Paper key={`${kind}-${name}`} variant="outlined" sx={{ p: 1.5 }} data-testid="alert-scope">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, flexGrow: 1 }}>
            {t(kind === 'groups' ? 'alerts.settings.group' : 'alerts.settings.vehicle')}: {name}
          </Typography>
          <FormControlLabel
            control={
              <Checkbox
                checked={scope.speedLevels === null}
                onChange={(e) =>
                  update(kind, index, {
                    ...scope,
                    speedLevels: e.target.checked ? null : [...tenantLevels],
                  })
                }
              />
            }
            label={t('alerts.settings.as_tenant')}
          />
          <Button
            size="small"
            onClick={() => toggle(`${kind}-${name}`)}
            aria-expanded={open.has(`${kind}-${name}`)}
            data-testid="alert-scope-more"
          >
            {t(
              open.has(`${kind}-${name}`)
                ? 'alerts.settings.show_less'
                : 'alerts.settings.show_more',
            )}
          </Button>
          <IconButton
            aria-label={t('alerts.settings.remove')}
            onClick={() => update(kind, index, null)}
          >
            <Delete />
          </IconButton>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
          {SPEED_LEVELS_KMH.map((level) => {
            const on = levels.includes(level);
            return (
              <Chip
                key={level}
                label={`V${level}`}
                color={on ? 'primary' : 'default'}
                variant={on ? 'filled' : 'outlined'}
                disabled={scope.speedLevels === null}
                onClick={() =>
                  update(kind, index, {
                    ...scope,
                    speedLevels: on
                      ? levels.filter((l) => l !== level)
                      : [...levels, level].sort((a, b) => a - b),
                  })
                }
              />
            );
          })}
        </Box>
        {open.has(`${kind}-${name}`) ? (
          <ScopeDetails
            scope={scope}
            tenant={draft.thresholds}
            onChange={(next) => update(kind, index, next)}
          />
        ) : null}
      </Paper>
    );
  };
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('alerts.settings.speed_levels_hint')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('alerts.settings.add_group')}
          value=""
          disabled={freeGroups.length === 0}
          sx={{ minWidth: 220 }}
          onChange={(e) =>
            onChange({
              ...draft,
              groups: [
                ...draft.groups,
                { groupId: Number(e.target.value), speedLevels: [...tenantLevels], thresholds: {} },
              ],
            })
          }
        >
          {freeGroups.map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('alerts.settings.add_vehicle')}
          value=""
          disabled={freeVehicles.length === 0}
          sx={{ minWidth: 220 }}
          onChange={(e) =>
            onChange({
              ...draft,
              vehicles: [
                ...draft.vehicles,
                {
                  vehicleId: Number(e.target.value),
                  speedLevels: [...tenantLevels],
                  thresholds: {},
                },
              ],
            })
          }
        >
          {freeVehicles.map((v) => (
            <MenuItem key={v.vehicleId} value={v.vehicleId}>
              {v.plate}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('alerts.settings.add_zone')}
          value=""
          disabled={freeZones.length === 0}
          sx={{ minWidth: 220 }}
          onChange={(e) =>
            onChange({
              ...draft,
              zones: [...draft.zones, { zoneId: Number(e.target.value), speedLevels: [] }],
            })
          }
        >
          {freeZones.map((z) => (
            <MenuItem key={z.id} value={z.id}>
              {z.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {draft.groups.length === 0 && draft.vehicles.length === 0 && draft.zones.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('alerts.settings.scopes_empty')}
        </Typography>
      ) : null}
      {draft.groups.map((g, i) => row('groups', g, i))}
      {draft.vehicles.map((v, i) => row('vehicles', v, i))}
      {draft.zones.map((z, i) => (
        <ZoneScopeRow
          key={`zone-${z.zoneId}`}
          scope={z}
          name={zoneName.get(z.zoneId) ?? `#${z.zoneId}`}
          onChange={(next) => {
            const list = [...draft.zones];
            if (next) list[i] = next;
            else list.splice(i, 1);
            onChange({ ...draft, zones: list });
          }}
        />
      ))}
    </Stack>
  );
}
