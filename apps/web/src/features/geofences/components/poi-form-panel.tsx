import AddLocationIcon from '@mui/icons-material/AddLocationAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InterestPointType } from '@rumbo/contracts';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PoiTypeIcon } from '../../../shared/geofences/poi-icons';
import type { GeofenceFormErrors } from '../geofence-form';
import type { PoiFormValues } from '../poi-form';
import { FormFrame } from './form-frame';

/** The point-of-interest form: type (with its icon), name, description, radius, client, place. */
export function PoiFormPanel({
  values,
  errors,
  onChange,
  types,
  typeName,
  placing,
  onPlace,
  saving,
  onSave,
  onCancel,
  onDelete,
}: {
  values: PoiFormValues;
  errors: GeofenceFormErrors;
  onChange: (patch: Partial<PoiFormValues>) => void;
  types: readonly InterestPointType[];
  typeName: (type: InterestPointType) => string;
  placing: boolean;
  onPlace: () => void;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  onDelete?: () => void;
}) {
  const { t } = useTranslation();
  const at = values.geom?.coordinates;
  return (
    <FormFrame
      title={t(values.id === undefined ? 'geofences.form.new_poi' : 'geofences.form.edit_poi')}
      testId="poi-form"
      saving={saving}
      onSave={onSave}
      onCancel={onCancel}
      onDelete={onDelete}
    >
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
          {t('geofences.form.location')}
        </Typography>
        <Button
          size="small"
          variant={placing ? 'contained' : 'outlined'}
          startIcon={<AddLocationIcon />}
          onClick={onPlace}
          data-testid="poi-place"
          sx={{ textTransform: 'none' }}
        >
          {t('geofences.draw.place_poi')}
        </Button>
        <Typography
          variant="body2"
          color={errors.geom ? 'error' : 'text.secondary'}
          sx={{ mt: 0.75 }}
          role={errors.geom ? 'alert' : 'status'}
        >
          {errors.geom ??
            (placing
              ? t('geofences.draw.point_hint')
              : at
                ? t('geofences.draw.placed', { lat: at[1].toFixed(5), lng: at[0].toFixed(5) })
                : t('geofences.draw.point_hint'))}
        </Typography>
      </Box>
      <TextField
        id="poi-type"
        select
        size="small"
        label={t('geofences.form.type')}
        value={values.idInterestPointType}
        onChange={(e) => onChange({ idInterestPointType: e.target.value })}
      >
        {types.map((type) => (
          <MenuItem key={type.idInterestPointType} value={String(type.idInterestPointType)}>
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <PoiTypeIcon icon={type.icono} fontSize="small" />
              </ListItemIcon>
              {typeName(type)}
            </Box>
          </MenuItem>
        ))}
      </TextField>
      <TextField
        id="poi-name"
        size="small"
        required
        label={t('geofences.form.name')}
        value={values.nombre}
        onChange={(e) => onChange({ nombre: e.target.value })}
        error={!!errors.nombre}
        helperText={errors.nombre}
      />
      <TextField
        id="poi-description"
        size="small"
        multiline
        minRows={2}
        label={t('geofences.form.description')}
        value={values.descripcion}
        onChange={(e) => onChange({ descripcion: e.target.value })}
        error={!!errors.descripcion}
        helperText={errors.descripcion}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 1.5 }}>
        <TextField
          id="poi-radius"
          size="small"
          label={t('geofences.form.radius')}
          value={values.radio}
          onChange={(e) => onChange({ radio: e.target.value })}
          error={!!errors.radio}
          helperText={errors.radio}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
          }}
        />
        <TextField
          id="poi-client"
          size="small"
          label={t('geofences.form.client')}
          value={values.idCliente}
          onChange={(e) => onChange({ idCliente: e.target.value })}
          error={!!errors.idCliente}
          helperText={errors.idCliente ?? t('geofences.form.client_help')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Box>
    </FormFrame>
  );
}
