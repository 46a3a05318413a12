import { VEHICLE_KINDS, type Group, type TrailerKind, type Vehicle } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { seededText } from '../../../shared/i18n/seeded-text';
import { SelectField } from '../../../shared/crud/form-fields';
import type { VehicleForm } from '../admin-forms';
import { vehicleForm } from '../admin-entities';
import { useEntityForm } from '../use-admin-form';
import { groupOptions } from './group-options';
import { FormDialog } from './admin-dialogs';
import { optionItems } from '../../../shared/ui/option-items';

/** Creates a vehicle (`vehicle` null) or edits one. */
export function VehicleDialog(props: {
  vehicle: Vehicle | null;
  groups: readonly Group[];
  trailerKinds: readonly TrailerKind[];
  onClose: () => void;
}) {
  const { vehicle } = props;
  const { t, control, errors, field, dialog } = useEntityForm(vehicleForm, vehicle, props.onClose);
  const text = (name: keyof VehicleForm, label: string, extra: object = {}) => (
    <TextField {...field(name)} label={label} {...extra} />
  );
  const select = (name: 'kind' | 'groupId' | 'implementId', label: string) => ({
    control,
    name,
    id: `vehicle-${name}`,
    label,
    error: errors[name]?.message,
    emptyOption: true,
  });
  const numeric = { slotProps: { htmlInput: { inputMode: 'decimal' } } };

  return (
    <FormDialog
      {...dialog}
      maxWidth="md"
      title={vehicle ? t('admin.vehicles.edit') : t('admin.vehicles.new')}
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
        <SelectField {...select('kind', t('admin.vehicles.kind'))}>
          {optionItems(VEHICLE_KINDS, (kind) => t(`admin.vehicles.kinds.${kind}`))}
        </SelectField>
        <SelectField {...select('groupId', t('admin.vehicles.group'))}>
          {groupOptions(props.groups, t('admin.vehicles.no_group'))}
        </SelectField>
        {text('vim', t('admin.vehicles.vim'))}
        {text('brand', t('admin.vehicles.brand'))}
        {text('model', t('admin.vehicles.model'))}
        {text('modelYear', t('admin.vehicles.model_year'), {
          slotProps: { htmlInput: { inputMode: 'numeric' } },
        })}
        <SelectField {...select('implementId', t('admin.vehicles.implement'))}>
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
