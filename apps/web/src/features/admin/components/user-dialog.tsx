import type { AdminUser } from '@rumbo/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useServices } from '../../../shared/services';
import { usersApi, type RoleOption } from '../admin-api';
import { toUserInput, userFormSchema, type UserForm } from '../admin-forms';
import { useAdminForm } from '../use-admin-form';
import { FormDialog } from './admin-dialogs';

/** Creates a user (`user` null) or edits one; the password is optional when editing. */
export function UserDialog(props: {
  user: AdminUser | null;
  roles: readonly RoleOption[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const mode = props.user ? 'edit' : 'create';
  const schema = useMemo(() => userFormSchema(t, mode), [t, mode]);
  const { user } = props;
  const { form, mutation, onSubmit } = useAdminForm({
    schema,
    defaultValues: {
      username: user?.username ?? '',
      email: user?.email ?? '',
      nombre: user?.nombre ?? '',
      apellido: user?.apellido ?? '',
      telefono: user?.telefono ?? '',
      roleId: user ? String(user.roleId) : '',
      password: '',
      disabled: user?.disabled ?? false,
    },
    save: (values: UserForm) =>
      user
        ? usersApi.update(api, user.id, toUserInput(values, 'edit'))
        : usersApi.create(api, toUserInput(values, 'create')),
    success: user ? t('admin.common.saved') : t('admin.common.created'),
    onClose: props.onClose,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const field = (name: keyof UserForm) => ({
    id: `user-${name}`,
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
  });

  return (
    <FormDialog
      name="user"
      open
      title={user ? t('admin.users.edit') : t('admin.users.new')}
      submitting={mutation.isPending}
      onClose={props.onClose}
      onSubmit={onSubmit}
    >
      {user?.isSelf ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('admin.users.self_hint')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...register('username')}
          {...field('username')}
          label={t('admin.users.username')}
          autoComplete="off"
          required
        />
        <TextField
          {...register('email')}
          {...field('email')}
          label={t('admin.users.email')}
          type="email"
          autoComplete="off"
          required
        />
        <TextField
          {...register('nombre')}
          {...field('nombre')}
          label={t('admin.users.nombre')}
          required
        />
        <TextField
          {...register('apellido')}
          {...field('apellido')}
          label={t('admin.users.apellido')}
        />
        <TextField
          {...register('telefono')}
          {...field('telefono')}
          label={t('admin.users.telefono')}
          type="tel"
        />
        <Controller
          control={control}
          name="roleId"
          render={({ field: f }) => (
            <TextField
              {...field('roleId')}
              select
              label={t('admin.users.role')}
              value={f.value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              inputRef={f.ref}
              required
            >
              {props.roles.map((role) => (
                <MenuItem key={role.id} value={String(role.id)}>
                  {role.builtIn ? `${role.name} · ${t('admin.roles.builtin')}` : role.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField
          {...register('password')}
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
