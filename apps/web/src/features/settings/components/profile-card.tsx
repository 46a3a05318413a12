import { zodResolver } from '@hookform/resolvers/zod';
import { saveProfileBody, type Profile } from '@rumbo/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { z } from 'zod';
import { isAborted } from '../../../shared/api/api-error';
import { errorMessage } from '../../../shared/api/error-message';
import { email, required } from '../../../shared/rules/rules';
import { ruleField } from '../../../shared/rules/zod-rules';
import { useServices } from '../../../shared/services';
import { fetchProfile, profileQueryKey, saveProfile } from '../settings-api';

type ProfileForm = { nombre: string; apellido: string; telefono: string; email: string };

/** Profile: nombre, apellido, teléfono, e-mail. */
export function ProfileCard() {
  const { t } = useTranslation();
  const { api } = useServices();
  const profile = useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(api, signal),
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ mb: 2 }}>
          {t('view.settings.profile')}
        </Typography>
        {profile.data ? (
          <ProfileForm key={profile.dataUpdatedAt} profile={profile.data} />
        ) : profile.isError ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography color="text.secondary" sx={{ flex: '1 1 200px' }}>
              {isAborted(profile.error)
                ? t('view.settings.profile_cancelled')
                : errorMessage(profile.error, t)}
            </Typography>
            <Button variant="outlined" onClick={() => void profile.refetch()}>
              {t('common.retry')}
            </Button>
          </Box>
        ) : (
          <Skeleton variant="rounded" height={180} />
        )}
      </CardContent>
    </Card>
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
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={!isValid || !isDirty || save.isPending}
          loading={save.isPending}
        >
          {t('view.settings.save_profile')}
        </Button>
      </Box>
    </Box>
  );
}

function pick(p: Profile): ProfileForm {
  return { nombre: p.nombre, apellido: p.apellido, telefono: p.telefono, email: p.email };
}
