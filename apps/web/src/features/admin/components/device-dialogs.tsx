import { DEVICE_PROTOCOLS, type Device, type Vehicle } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { SelectField } from '../../../shared/crud/form-fields';
import { useServices } from '../../../shared/services';
import { optionItems } from '../../../shared/ui/option-items';
import { devicesApi, vehiclesApi } from '../admin-api';
import { assignableVehicles, isPlaceholderVehicle } from '../device-assignment';
import { deviceForm } from '../admin-entities';
import { useEntityForm } from '../use-admin-form';
import { useAdminSave } from '../use-admin-save';
import { FormDialog } from './admin-dialogs';

function VehicleOptions({ vehicles }: { vehicles: readonly Vehicle[] }) {
  return vehicles.map((vehicle) => (
    <MenuItem key={vehicle.vehicleId} value={String(vehicle.vehicleId)}>
      {vehicle.plate}
      {vehicle.groupName ? (
        <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
          · {vehicle.groupName}
        </Typography>
      ) : null}
    </MenuItem>
  ));
}

/** Registers a device (`device` null) or edits one, its vehicle included. */
export function DeviceDialog(props: {
  device: Device | null;
  vehicles: readonly Vehicle[];
  onClose: () => void;
}) {
  const { device } = props;
  const { t, control, errors, field, dialog } = useEntityForm(deviceForm, device, props.onClose);
  const options = assignableVehicles(props.vehicles, device?.vehicleId ?? null);

  return (
    <FormDialog {...dialog} title={device ? t('admin.devices.edit') : t('admin.devices.new')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('uniqueId')}
          label={t('admin.devices.unique_id')}
          required
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <SelectField
          control={control}
          name="protocol"
          id="device-protocol"
          label={t('admin.devices.protocol')}
          error={errors.protocol?.message}
        >
          {optionItems(DEVICE_PROTOCOLS, (protocol) => protocol)}
        </SelectField>
        <TextField {...field('model')} label={t('admin.devices.model')} placeholder="FMC650" />
        <SelectField
          control={control}
          name="vehicleId"
          id="device-vehicleId"
          label={t('admin.devices.vehicle')}
          error={errors.vehicleId?.message}
          emptyOption
        >
          <MenuItem value="">
            <em>{t('admin.devices.unassigned')}</em>
          </MenuItem>
          {VehicleOptions({ vehicles: options })}
        </SelectField>
      </Box>
    </FormDialog>
  );
}

/**
 * Assigns a device to a vehicle. For an auto-registered device it offers to delete the
 * placeholder vehicle made when it first connected.
 */
export function AssignDeviceDialog(props: {
  device: Device;
  vehicles: readonly Vehicle[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { device } = props;
  const current = props.vehicles.find((v) => v.vehicleId === device.vehicleId) ?? null;
  const placeholder = current && isPlaceholderVehicle(current, device) ? current : null;
  const options = assignableVehicles(props.vehicles, null).filter(
    (v) => v.vehicleId !== placeholder?.vehicleId,
  );
  const [vehicleId, setVehicleId] = useState('');
  const [removePlaceholder, setRemovePlaceholder] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const target = props.vehicles.find((v) => String(v.vehicleId) === vehicleId);
  const save = useAdminSave({
    mutationFn: async () => {
      await devicesApi.update(api, device.id, {
        uniqueId: device.uniqueId,
        protocol: device.protocol,
        model: device.model,
        vehicleId: Number(vehicleId),
      });
      if (placeholder && removePlaceholder) await vehiclesApi.remove(api, placeholder.vehicleId);
    },
    success: t('admin.devices.assigned', { plate: target?.plate ?? '' }),
    onSuccess: props.onClose,
    fields: ['vehicleId'],
    setFieldError: (_field, message) => setError(message),
  });

  return (
    <FormDialog
      name="assign"
      open
      title={t('admin.devices.assign_title', { uniqueId: device.uniqueId })}
      submitting={save.isPending}
      canSubmit={vehicleId !== ''}
      onClose={props.onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (vehicleId === '') setError(t('validation.required'));
        else save.mutate(undefined);
      }}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('admin.devices.assign_help')}
      </Typography>
      <TextField
        id="assign-vehicleId"
        select
        fullWidth
        required
        label={t('admin.devices.vehicle')}
        value={vehicleId}
        onChange={(event) => {
          setVehicleId(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
      >
        {VehicleOptions({ vehicles: options })}
      </TextField>
      {placeholder ? (
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              id="assign-remove-placeholder"
              checked={removePlaceholder}
              onChange={(event) => setRemovePlaceholder(event.target.checked)}
            />
          }
          label={t('admin.devices.remove_placeholder', { plate: placeholder.plate })}
        />
      ) : null}
    </FormDialog>
  );
}
