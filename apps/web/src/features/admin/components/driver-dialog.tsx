import type { Driver, Group } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { SelectField } from '../../../shared/crud/form-fields';
import { DayField } from '../../../shared/ui/day-field';
import type { DriverForm } from '../driver-form';
import { driverForm } from '../admin-entities';
import { useEntityForm } from '../use-admin-form';
import { groupOptions } from './group-options';
import { FormDialog } from './admin-dialogs';

/** Creates a driver (`driver` null) or edits one. */
export function DriverDialog(props: {
  driver: Driver | null;
  groups: readonly Group[];
  onClose: () => void;
}) {
  const { i18n } = useTranslation();
  const { driver } = props;
  const { t, control, errors, field, dialog } = useEntityForm(driverForm, driver, props.onClose);
  const text = (name: keyof DriverForm, extra: object = {}) => (
    <TextField {...field(name)} label={t(`drivers.fields.${name}`)} {...extra} />
  );

  return (
    <FormDialog
      {...dialog}
      maxWidth="md"
      title={driver ? t('drivers.edit_title') : t('drivers.create_title')}
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
        <SelectField
          control={control}
          name="groupId"
          id="driver-groupId"
          label={t('drivers.fields.group')}
          error={errors.groupId?.message}
          emptyOption
        >
          {groupOptions(props.groups, t('drivers.no_group'))}
        </SelectField>
        {text('licencia')}
        <Controller
          control={control}
          name="licenciaVence"
          render={({ field: day }) => (
            <DayField
              id="driver-licenciaVence"
              label={t('drivers.fields.licenciaVence')}
              language={i18n.language === 'en' ? 'en' : 'es'}
              value={day.value}
              onChange={day.onChange}
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
