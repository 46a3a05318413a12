import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useNavigate, useParams } from 'react-router';
import { useServices } from '../../shared/services';
import { AuthLayout } from '../../shared/ui/auth-layout';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TextInput } from '../../shared/ui/text-input';
import { HumanCheck } from './components/human-check';
import { PasswordStrengthBar } from './components/password-strength-bar';
import { setRecoveredPassword } from './recovery-api';
import { recoveryTokenSchema, type RecoveryTokenForm } from './recovery-token-schema';
import { useHumanCheckedSubmit } from './use-human-checked-submit';

/** Set a new password with the code from the recovery mail (spec §2, §5, §8). */
export default function RecoveryTokenPage() {
  const { t, i18n } = useTranslation();
  const { token: recoveryToken = '' } = useParams();
  const { api } = useServices();
  const navigate = useNavigate();
  const schema = useMemo(() => recoveryTokenSchema(t), [t]);
  const {
    register,
    handleSubmit,
    control,
    trigger,
    formState: { errors, isValid, isDirty },
  } = useForm<RecoveryTokenForm>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { email: '', password: '', repeat: '' },
  });
  useEffect(() => {
    if (isDirty) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  const password = useWatch({ control, name: 'password' });

  const {
    check,
    sending,
    submit: onSubmit,
  } = useHumanCheckedSubmit<RecoveryTokenForm>(
    (form, token) =>
      setRecoveredPassword(api, {
        email: form.email.trim(),
        recoveryToken,
        password: form.password,
        token,
      }),
    t('view.recovery_token.updated'),
    'password change failed',
  );

  return (
    <AuthLayout title={t('view.recovery_token.title')} actions={<LanguageSwitch />}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextInput
          {...register('email')}
          id="email"
          type="email"
          label={t('view.recovery_token.email')}
          autoComplete="email"
          autoFocus
          error={Boolean(errors.email)}
          helperText={errors.email?.message ?? ' '}
        />
        <TextInput id="code" label={t('view.recovery_token.code')} value={recoveryToken} readOnly />
        <Box>
          <TextInput
            {...register('password')}
            id="new-password"
            type="password"
            label={t('view.recovery_token.password')}
            autoComplete="new-password"
            error={Boolean(errors.password)}
            helperText={errors.password?.message ?? ' '}
          />
          <PasswordStrengthBar password={password} />
        </Box>
        <TextInput
          {...register('repeat', { deps: ['password'] })}
          id="repeat-password"
          type="password"
          label={t('view.recovery_token.repeat')}
          autoComplete="new-password"
          error={Boolean(errors.repeat)}
          helperText={errors.repeat?.message ?? ' '}
        />
        <HumanCheck
          ref={check}
          challengeUrl={api.resolveUrl('rest/auth/altcha_challenge')}
          language={i18n.language}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
          <Button variant="text" onClick={() => void navigate('/auth/login')}>
            {t('view.recovery.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || sending}
            loading={sending}
          >
            {t('view.recovery_token.submit')}
          </Button>
        </Box>
      </Box>
    </AuthLayout>
  );
}
