import { VEHICLE_KINDS, type Group, type TrailerKind, type Vehicle } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, type ReactNode } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { seededText } from '../../../shared/i18n/seeded-text';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import { vehiclesApi } from '../admin-api';
import { toVehicleInput, vehicleFormSchema, vehicleToForm, type VehicleForm } from '../admin-forms';
import { useAdminForm } from '../use-admin-form';
import { FormDialog } from './admin-dialogs';
import { optionItems } from '../../../shared/ui/option-items';

/** Creates a vehicle (`vehicle` null) or edits one. */
export function VehicleDialog(props: {
  vehicle: Vehicle | null;
  groups: readonly Group[];
  trailerKinds: readonly TrailerKind[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const { vehicle } = props;
  const schema = useMemo(() => vehicleFormSchema(t), [t]);
  const { form, mutation, onSubmit } = useAdminForm({
    schema,
    defaultValues: vehicleToForm(vehicle),
    save: (values: VehicleForm) =>
      vehicle
        ? vehiclesApi.update(api, vehicle.vehicleId, toVehicleInput(values))
        : vehiclesApi.create(api, toVehicleInput(values)),
    success: vehicle ? t('admin.common.saved') : t('admin.common.created'),
    onClose: props.onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const text = (name: keyof VehicleForm, label: string, extra: object = {}) => (
    <TextField
      {...register(name)}
      id={`vehicle-${name}`}
      label={label}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...extra}
    />
  );
  const numeric = { slotProps: { htmlInput: { inputMode: 'decimal' } } };

  return (
    <FormDialog
      name="vehicle"
      open
      maxWidth="md"
      title={vehicle ? t('admin.vehicles.edit') : t('admin.vehicles.new')}
      submitting={mutation.isPending}
      onClose={props.onClose}
      onSubmit={onSubmit}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        }}
      >
        {text('plate', t('admin.vehicles.plate'), {
          required: true,
          slotProps: { htmlInput: { style: { textTransform: 'uppercase' } } },
        })}
        <SelectField
          control={control}
          name="kind"
          label={t('admin.vehicles.kind')}
          error={errors.kind?.message}
        >
          {optionItems(VEHICLE_KINDS, (kind) => t(`admin.vehicles.kinds.${kind}`))}
        </SelectField>
        <SelectField
          control={control}
          name="groupId"
          label={t('admin.vehicles.group')}
          error={errors.groupId?.message}
        >
          <MenuItem value="">
            <em>{t('admin.vehicles.no_group')}</em>
          </MenuItem>
          {props.groups.map((group) => (
            <MenuItem key={group.id} value={String(group.id)}>
              {group.name}
            </MenuItem>
          ))}
        </SelectField>
        {text('vim', t('admin.vehicles.vim'))}
        {text('brand', t('admin.vehicles.brand'))}
        {text('model', t('admin.vehicles.model'))}
        {text('modelYear', t('admin.vehicles.model_year'), {
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        <SelectField
          control={control}
          name="implementId"
          label={t('admin.vehicles.implement')}
          error={errors.implementId?.message}
        >
          <MenuItem value="">
            <em>{t('admin.vehicles.no_implement')}</em>
          </MenuItem>
          {props.trailerKinds.flatMap((kind) => [
            <ListSubheader key={`k${kind.idTipoImplemento}`}>
              {seededText(t, kind.descripcion)}
            </ListSubheader>,
            ...kind.implementos.map((implement) => (
              <MenuItem key={implement.idImplemento} value={String(implement.idImplemento)}>
                {seededText(t, implement.descripcionImplemento)}
              </MenuItem>
            )),
          ])}
        </SelectField>
        {text('speedLimitKmh', t('admin.vehicles.speed_limit'), numeric)}
        {text('tankCapacityL', t('admin.vehicles.tank_capacity'), numeric)}
        {text('ureaCapacityL', t('admin.vehicles.urea_capacity'), numeric)}
        {text('description', t('admin.vehicles.description'), {
          multiline: true,
          minRows: 2,
          sx: { gridColumn: '1 / -1' },
        })}
      </Box>
    </FormDialog>
  );
}

function SelectField(props: {
  control: Control<VehicleForm>;
  name: 'kind' | 'groupId' | 'implementId';
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <TextField
          id={`vehicle-${props.name}`}
          select
          label={props.label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          {props.children}
        </TextField>
      )}
    />
  );
}
