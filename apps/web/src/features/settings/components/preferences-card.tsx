import { zodResolver } from '@hookform/resolvers/zod';
import { saveConfigBody, type SaveConfigBody } from '@rumbo/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { useServices } from '../../../shared/services';
import { saveUserConfig } from '../../../shared/session/user-config-api';
import { UNIT_CHOICES, type UnitFamily } from '../../../shared/units/units';
import { timeZoneOptions } from '../time-zones';
import { AlertPopupsField } from './alert-popups-field';
import { SaveRow, SettingsCard } from './settings-card';
import { optionItems } from '../../../shared/ui/option-items';

const MapPicker = lazy(() => import('./map-picker'));
const FAMILIES = Object.keys(UNIT_CHOICES) as UnitFamily[];

/** Language, time zone, units, map centre and zoom, dark mode; applied at once when saved. */
export function PreferencesCard({ initial }: { initial: SaveConfigBody }) {
  const { t } = useTranslation();
  const theme = useTheme();
  // Zone offsets are shown as of when the screen opened.
  const [openedAtMs] = useState(() => Date.now());
  const { api, snackbar, prefs, session, config } = useServices();
  const {
    control,
    handleSubmit,
    setValue,
    reset,
    formState: { isValid, isDirty, errors },
  } = useForm<SaveConfigBody>({
    resolver: zodResolver(saveConfigBody),
    mode: 'onChange',
    defaultValues: initial,
  });

  const save = useMutation({
    mutationFn: (body: SaveConfigBody) => saveUserConfig(api, body).then(() => body),
    onSuccess: (body) => {
      const { darkMode, ...userConfig } = body;
      session.updateUser({ config: userConfig, darkMode });
      prefs.setState({ language: body.idioma, darkMode });
      reset(body);
      snackbar.notify({ type: 'success', message: t('view.settings.saved', { lng: body.idioma }) });
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });

  const [lat, lng, zoom] = useWatch({ control, name: ['lat', 'lng', 'zoom'] });
  const numberField = (name: 'lat' | 'lng' | 'zoom', step: number) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          {...field}
          id={`map-${name}`}
          type="number"
          label={t(`view.settings.map_${name}`)}
          value={Number.isFinite(field.value) ? field.value : ''}
          onChange={(e) => field.onChange(e.target.value === '' ? NaN : Number(e.target.value))}
          error={Boolean(errors[name])}
          slotProps={{ htmlInput: { step } }}
        />
      )}
    />
  );

  return (
    <SettingsCard title={t('view.settings.preferences')}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit((body) => save.mutate(body))(event)}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        <Controller
          name="idioma"
          control={control}
          render={({ field }) => (
            <TextField {...field} id="idioma" select label={t('view.settings.language')}>
              <MenuItem value="es">Español</MenuItem>
              <MenuItem value="en">English</MenuItem>
            </TextField>
          )}
        />
        <Controller
          name="timeZone"
          control={control}
          render={({ field }) => {
            const options = timeZoneOptions(field.value, openedAtMs);
            return (
              <Autocomplete
                id="timeZone"
                options={options}
                value={options.find((o) => o.value === field.value) ?? null}
                onChange={(_e, option) => option && field.onChange(option.value)}
                getOptionLabel={(option) => option.label}
                isOptionEqualToValue={(a, b) => a.value === b.value}
                disableClearable={false}
                autoHighlight
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('view.settings.time_zone')}
                    onBlur={field.onBlur}
                    error={!!errors.timeZone}
                  />
                )}
              />
            );
          }}
        />
        <Typography variant="h3" sx={{ gridColumn: '1 / -1', mt: 1 }}>
          {t('view.settings.units_title')}
        </Typography>
        {FAMILIES.map((family) => (
          <Controller
            key={family}
            name={`units.${family}`}
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                id={`unit-${family}`}
                select
                label={t(`view.settings.units.${family}`)}
              >
                {optionItems(UNIT_CHOICES[family], (unit) =>
                  t(`view.settings.unit_names.${unit.replace('/', '_')}`),
                )}
              </TextField>
            )}
          />
        ))}
        <Typography variant="h3" sx={{ gridColumn: '1 / -1', mt: 1 }}>
          {t('view.settings.map_title')}
        </Typography>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('view.settings.map_hint')}
          </Typography>
          <Suspense
            fallback={<Box sx={{ height: 280, bgcolor: 'action.hover', borderRadius: 1 }} />}
          >
            <MapPicker
              styleUrl={config.mapStyleUrl}
              lat={lat}
              lng={lng}
              zoom={zoom}
              unavailableText={t('view.settings.map_unavailable')}
              dark={theme.palette.mode === 'dark'}
              onChange={(v) => {
                const opts = { shouldDirty: true, shouldValidate: true } as const;
                setValue('lat', round(v.lat, 5), opts);
                setValue('lng', round(v.lng, 5), opts);
                setValue('zoom', round(v.zoom, 2), opts);
              }}
            />
          </Suspense>
        </Box>
        <Box
          sx={{
            gridColumn: '1 / -1',
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
          }}
        >
          {numberField('lat', 0.0001)}
          {numberField('lng', 0.0001)}
          {numberField('zoom', 0.1)}
        </Box>
        <Controller
          name="darkMode"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              sx={{ gridColumn: '1 / -1' }}
              control={
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.target.checked)}
                  slotProps={{ input: { id: 'settings-dark-mode' } }}
                />
              }
              label={t('view.settings.dark_mode')}
            />
          )}
        />
        <AlertPopupsField />
        <SaveRow
          label={t('view.settings.save_preferences')}
          valid={isValid}
          dirty={isDirty}
          saving={save.isPending}
          testId="save-preferences"
        />
      </Box>
    </SettingsCard>
  );
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
