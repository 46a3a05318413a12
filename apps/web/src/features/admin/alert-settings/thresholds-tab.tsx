import { type AlertThresholds } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { THRESHOLD_KEYS } from './alert-settings-model';

export function ThresholdsTab({
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
