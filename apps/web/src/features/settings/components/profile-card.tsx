import { zodResolver } from '@hookform/resolvers/zod';
import { saveProfileBody, type Profile } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { z } from 'zod';
import { isAborted } from '../../../shared/api/api-error';
import { useApiQuery } from '../../../shared/api/api-query';
import { RetryLine } from '../../../shared/ui/retry-alert';
import { SaveRow, SettingsCard } from './settings-card';
import { errorMessage } from '../../../shared/api/error-message';
import { email, required } from '../../../shared/rules/rules';
import { ruleField } from '../../../shared/rules/zod-rules';
import { useServices } from '../../../shared/services';
import { fetchProfile, profileQueryKey, saveProfile } from '../settings-api';

type ProfileForm = { nombre: string; apellido: string; telefono: string; email: string };

/** Profile: nombre, apellido, teléfono, e-mail. */
export function ProfileCard() {
  const { t } = useTranslation();
  const profile = useApiQuery(profileQueryKey, fetchProfile);
  return (
    <SettingsCard title={t('view.settings.profile')}>
      {profile.data ? (
        <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
      ) : profile.isError ? (
        <RetryLine onRetry={() => void profile.refetch()} retryLabel={t('common.retry')}>
          {isAborted(profile.error)
            ? t('view.settings.profile_cancelled')
            : errorMessage(profile.error, t)}
        </RetryLine>
      ) : (
        <Skeleton variant="rounded" height={180} />
      )}
    </SettingsCard>
  );
}

/** The form, mounted with the loaded values so every field shows them from the start. */
function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { api, snackbar, session } = useServices();
  const queryClient = useQueryClient();
  const schema = useMemo(
    () =>
      z.object({
        nombre: ruleField([required(t('validation.required'))]).pipe(z.string().max(100)),
        apellido: z.string().max(100),
        telefono: z.string().max(40),
        email: ruleField([required(t('validation.required')), email(t('validation.email'))]),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isDirty },
  } = useForm<ProfileForm>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: pick(profile),
  });

  const save = useMutation({
    mutationFn: (form: ProfileForm) =>
      saveProfile(
        api,
        saveProfileBody.parse({ idPersonaFisica: profile.idPersonaFisica, ...form }),
      ),
    onSuccess: (saved) => {
      session.updateUser({
        personaFisica: {
          idPersonaFisica: saved.idPersonaFisica,
          nombre: saved.nombre,
          apellido: saved.apellido,
        },
        telefono: saved.telefono,
      });
      queryClient.setQueryData(profileQueryKey, saved);
      snackbar.notify({ type: 'success', message: t('view.settings.saved') });
    },
    onError: (error) => {
      if (!isAborted(error)) snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    },
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void handleSubmit((form) => save.mutate(form))(event)}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      <TextField
        {...register('nombre')}
        id="nombre"
        label={t('view.settings.nombre')}
        autoComplete="given-name"
        error={Boolean(errors.nombre)}
        helperText={errors.nombre?.message}
      />
      <TextField
        {...register('apellido')}
        id="apellido"
        label={t('view.settings.apellido')}
        autoComplete="family-name"
        error={Boolean(errors.apellido)}
        helperText={errors.apellido?.message}
      />
      <TextField
        {...register('telefono')}
        id="telefono"
        label={t('view.settings.telefono')}
        autoComplete="tel"
        type="tel"
        error={Boolean(errors.telefono)}
        helperText={errors.telefono?.message}
      />
      <TextField
        {...register('email')}
        id="profile-email"
        label={t('view.settings.email')}
        autoComplete="email"
        type="email"
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <SaveRow
        label={t('view.settings.save_profile')}
        valid={isValid}
        dirty={isDirty}
        saving={save.isPending}
      />
    </Box>
  );
}

function pick(p: Profile): ProfileForm {
  return { nombre: p.nombre, apellido: p.apellido, telefono: p.telefono, email: p.email };
}
