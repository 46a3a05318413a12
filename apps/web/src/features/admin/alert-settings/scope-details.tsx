import { SPEED_LEVELS_KMH, type AlertThresholds, type AlertZoneScope } from '@rumbo/contracts';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { scopeErrors, THRESHOLD_KEYS, type ScopeRow } from './alert-settings-model';

// One scope of the alert settings: a geofence's own speed levels, a group's or vehicle's own
// thresholds and refrigerated load.

/** A geofence's own speed levels: on inside it, for every vehicle, besides the vehicle's own. */
export function ZoneScopeRow({
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
export function ScopeDetails({
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
