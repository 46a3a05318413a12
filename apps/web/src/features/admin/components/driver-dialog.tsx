import type { Driver, Group } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import { DayField } from '../../../shared/ui/day-field';
import { driversApi } from '../admin-api';
import { driverFormSchema, driverToForm, toDriverInput, type DriverForm } from '../driver-form';
import { useAdminForm } from '../use-admin-form';
import { FormDialog } from './admin-dialogs';

/** Creates a driver (`driver` null) or edits one. */
export function DriverDialog(props: {
  driver: Driver | null;
  groups: readonly Group[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const { driver } = props;
  const schema = useMemo(() => driverFormSchema(t), [t]);
  const { form, mutation, onSubmit } = useAdminForm({
    schema,
    defaultValues: driverToForm(driver),
    save: (values: DriverForm) =>
      driver
        ? driversApi.update(api, driver.driverId, toDriverInput(values))
        : driversApi.create(api, toDriverInput(values)),
    success: driver ? t('drivers.saved') : t('drivers.created'),
    onClose: props.onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const text = (name: keyof DriverForm, extra: object = {}) => (
    <TextField
      {...register(name)}
      id={`driver-${name}`}
      label={t(`drivers.fields.${name}`)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      {...extra}
    />
  );

  return (
    <FormDialog
      name="driver"
      open
      maxWidth="md"
      title={driver ? t('drivers.edit_title') : t('drivers.create_title')}
      submitting={mutation.isPending}
      onClose={props.onClose}
      onSubmit={onSubmit}
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          pt: 1,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        }}
      >
        {text('nombre', { required: true, autoFocus: true })}
        {text('apellido')}
        {text('codigo', {
          helperText: errors.codigo?.message ?? t('drivers.fields.codigo_help'),
          slotProps: {
            htmlInput: {
              style: { textTransform: 'uppercase' },
              autoCapitalize: 'characters',
              spellCheck: false,
            },
          },
        })}
        {text('documento')}
        {text('telefono', { slotProps: { htmlInput: { inputMode: 'tel' } } })}
        <Controller
          control={control}
          name="groupId"
          render={({ field }) => (
            <TextField
              id="driver-groupId"
              select
              label={t('drivers.fields.group')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(errors.groupId)}
              helperText={errors.groupId?.message}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">
                <em>{t('drivers.no_group')}</em>
              </MenuItem>
              {props.groups.map((group) => (
                <MenuItem key={group.id} value={String(group.id)}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {text('licencia')}
        <Controller
          control={control}
          name="licenciaVence"
          render={({ field }) => (
            <DayField
              id="driver-licenciaVence"
              label={t('drivers.fields.licenciaVence')}
              language={i18n.language === 'en' ? 'en' : 'es'}
              value={field.value}
              onChange={field.onChange}
              error={Boolean(errors.licenciaVence)}
              {...(errors.licenciaVence?.message
                ? { helperText: errors.licenciaVence.message }
                : {})}
            />
          )}
        />
        {text('notas', { multiline: true, minRows: 2, sx: { gridColumn: { sm: '1 / -1' } } })}
      </Box>
    </FormDialog>
  );
}
