import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCESS_TYPES } from '@rumbo/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { DrawShape } from '../draw-controller';
import type { GeofenceFormErrors, GeofenceFormValues } from '../geofence-form';
import { FormFrame } from './form-frame';
import { ShapePicker } from './shape-picker';
import { optionItems } from '../../../shared/ui/option-items';

export interface Option {
  id: number;
  label: string;
}

/** The geofence form: shape, name, colour, access, limit, attributes, who it applies to. */
export function GeofenceFormPanel({
  values,
  errors,
  onChange,
  drawing,
  onDraw,
  vehicleOptions,
  groupOptions,
  attributeNames,
  saving,
  onSave,
  onCancel,
  onDelete,
}: {
  values: GeofenceFormValues;
  errors: GeofenceFormErrors;
  onChange: (patch: Partial<GeofenceFormValues>) => void;
  drawing: DrawShape | null;
  onDraw: (shape: DrawShape) => void;
  vehicleOptions: readonly Option[];
  groupOptions: readonly Option[];
  attributeNames: readonly string[];
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const shape = values.geometry?.type;
  const setAttribute = (index: number, patch: Partial<{ key: string; value: string }>) =>
    onChange({
      attributes: values.attributes.map((row, i) => (i === index ? { ...row, ...patch } : row)),
    });
  const picked = (options: readonly Option[], ids: readonly number[]) =>
    options.filter((o) => ids.includes(o.id));

  return (
    <FormFrame
      title={t(
        values.id === undefined ? 'geofences.form.new_geofence' : 'geofences.form.edit_geofence',
      )}
      testId="geofence-form"
      saving={saving}
      onSave={onSave}
      onCancel={onCancel}
      onDelete={onDelete}
    >
      <ShapePicker
        drawing={drawing}
        geometry={values.geometry}
        error={errors.geometry}
        onDraw={onDraw}
      />
      {shape === 'LineString' && (
        <TextField
          id="geofence-width"
          size="small"
          label={t('geofences.form.width')}
          value={values.width}
          onChange={(e) => onChange({ width: e.target.value })}
          error={!!errors.width}
          helperText={errors.width}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
          }}
        />
      )}
      {shape === 'Point' && (
        <TextField
          id="geofence-radius"
          size="small"
          label={t('geofences.form.radius')}
          value={values.radius}
          onChange={(e) => onChange({ radius: e.target.value })}
          error={!!errors.radius}
          helperText={errors.radius}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
          }}
        />
      )}
      <TextField
        id="geofence-name"
        size="small"
        required
        label={t('geofences.form.name')}
        value={values.name}
        onChange={(e) => onChange({ name: e.target.value })}
        error={!!errors.name}
        helperText={errors.name}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5 }}>
        <TextField
          id="geofence-access"
          select
          size="small"
          label={t('geofences.form.access_type')}
          value={values.accessType}
          onChange={(e) =>
            onChange({ accessType: e.target.value as GeofenceFormValues['accessType'] })
          }
        >
          {optionItems(ACCESS_TYPES, (a) => t(`geofences.access.${a}`))}
        </TextField>
        <TextField
          id="geofence-color"
          size="small"
          label={t('geofences.form.color')}
          value={values.color}
          onChange={(e) => onChange({ color: e.target.value })}
          error={!!errors.color}
          helperText={errors.color}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Box
                    component="input"
                    type="color"
                    aria-label={t('geofences.form.color')}
                    value={/^#[0-9a-f]{6}$/i.test(values.color) ? values.color : '#1e88e5'}
                    onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
                      onChange({ color: e.target.value })
                    }
                    sx={{
                      width: 24,
                      height: 24,
                      p: 0,
                      border: 0,
                      bgcolor: 'transparent',
                      cursor: 'pointer',
                    }}
                  />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <TextField
        id="geofence-speed"
        size="small"
        label={t('geofences.form.speed_limit')}
        value={values.speedLimit}
        onChange={(e) => onChange({ speedLimit: e.target.value })}
        error={!!errors.speedLimit}
        helperText={errors.speedLimit ?? t('geofences.form.speed_limit_help')}
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">km/h</InputAdornment> },
        }}
      />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
          {t('geofences.form.attributes')}
        </Typography>
        <datalist id="geofence-attribute-names">
          {attributeNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        {values.attributes.map((row, i) => (
          <Box
            key={i}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto',
              gap: 1,
              mb: 1,
            }}
            data-testid="attribute-row"
          >
            <TextField
              size="small"
              label={t('geofences.form.attribute_key')}
              value={row.key}
              onChange={(e) => setAttribute(i, { key: e.target.value })}
              error={!!errors[`attributes.${i}.key`]}
              helperText={errors[`attributes.${i}.key`]}
              slotProps={{ htmlInput: { list: 'geofence-attribute-names' } }}
            />
            <TextField
              size="small"
              label={t('geofences.form.attribute_value')}
              value={row.value}
              onChange={(e) => setAttribute(i, { value: e.target.value })}
              error={!!errors[`attributes.${i}.value`]}
              helperText={errors[`attributes.${i}.value`]}
            />
            <IconButton
              aria-label={t('geofences.form.remove_attribute', { name: row.key })}
              onClick={() => onChange({ attributes: values.attributes.filter((_, j) => j !== i) })}
              sx={{ alignSelf: 'start' }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange({ attributes: [...values.attributes, { key: '', value: '' }] })}
          sx={{ textTransform: 'none' }}
        >
          {t('geofences.form.add_attribute')}
        </Button>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.notify}
              onChange={(e) => onChange({ notify: e.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'geofence-notify-help' } }}
            />
          }
          label={t('geofences.form.notify')}
        />
        <FormHelperText id="geofence-notify-help" sx={{ mt: -0.5 }}>
          {t('geofences.form.notify_help')}
        </FormHelperText>
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={values.autoAsign}
              onChange={(e) => onChange({ autoAsign: e.target.checked })}
              slotProps={{ input: { 'aria-describedby': 'geofence-autoasign-help' } }}
            />
          }
          label={t('geofences.form.auto_asign')}
        />
        <FormHelperText id="geofence-autoasign-help" sx={{ mt: -0.5 }}>
          {t('geofences.form.auto_asign_help')}
        </FormHelperText>
      </Box>
      {!values.autoAsign && (
        <>
          <Autocomplete
            multiple
            size="small"
            options={groupOptions}
            value={picked(groupOptions, values.groups)}
            onChange={(_, chosen) => onChange({ groups: chosen.map((o) => o.id) })}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('geofences.form.groups')} />}
          />
          <Autocomplete
            multiple
            size="small"
            options={vehicleOptions}
            value={picked(vehicleOptions, values.vehicles)}
            onChange={(_, chosen) => onChange({ vehicles: chosen.map((o) => o.id) })}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} label={t('geofences.form.vehicles')} />}
          />
        </>
      )}
    </FormFrame>
  );
}
