import type { AdminUser } from '@rumbo/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { SelectField } from '../../../shared/crud/form-fields';
import { recordItems } from '../../../shared/ui/option-items';
import type { RoleOption } from '../admin-api';
import { userForm } from '../admin-entities';
import { useEntityForm } from '../use-admin-form';
import { FormDialog } from './admin-dialogs';

/** Creates a user (`user` null) or edits one; the password is optional when editing. */
export function UserDialog(props: {
  user: AdminUser | null;
  roles: readonly RoleOption[];
  onClose: () => void;
}) {
  const { user } = props;
  const { t, control, errors, field, dialog } = useEntityForm(userForm, user, props.onClose);

  return (
    <FormDialog {...dialog} title={user ? t('admin.users.edit') : t('admin.users.new')}>
      {user?.isSelf ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('admin.users.self_hint')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...field('username')}
          label={t('admin.users.username')}
          autoComplete="off"
          required
        />
        <TextField
          {...field('email')}
          label={t('admin.users.email')}
          type="email"
          autoComplete="off"
          required
        />
        <TextField {...field('nombre')} label={t('admin.users.nombre')} required />
        <TextField {...field('apellido')} label={t('admin.users.apellido')} />
        <TextField {...field('telefono')} label={t('admin.users.telefono')} type="tel" />
        <SelectField
          control={control}
          name="roleId"
          id="user-roleId"
          label={t('admin.users.role')}
          error={errors.roleId?.message}
          required
        >
          {recordItems(
            props.roles,
            (role) => String(role.id),
            (role) => (role.builtIn ? `${role.name} · ${t('admin.roles.builtin')}` : role.name),
          )}
        </SelectField>
        <TextField
          {...field('password')}
          label={user ? t('admin.users.new_password') : t('admin.users.password')}
          type="password"
          autoComplete="new-password"
          required={!user}
          helperText={errors.password?.message ?? (user ? t('admin.users.new_password_help') : ' ')}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <Controller
            control={control}
            name="disabled"
            render={({ field: f }) => (
              <FormControlLabel
                control={
                  <Switch
                    id="user-disabled"
                    checked={f.value}
                    onChange={(event) => f.onChange(event.target.checked)}
                    disabled={user?.isSelf}
                  />
                }
                label={t('admin.users.disabled')}
              />
            )}
          />
          <FormHelperText error={Boolean(errors.disabled)}>
            {errors.disabled?.message ?? t('admin.users.disabled_help')}
          </FormHelperText>
        </Box>
      </Box>
    </FormDialog>
  );
}
