import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isApiError, isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useServices, useSession } from '../../shared/services';
import { AuthLayout } from '../../shared/ui/auth-layout';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TextInput } from '../../shared/ui/text-input';
import { loginResolver, type LoginForm } from './login-form-schema';

/** The login screen (spec §2, §5): the guard sends a signed-in user to the start view. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const { session, snackbar } = useServices();
  const validating = useSession((s) => s.loginStatus === 'validating');
  const [showPassword, setShowPassword] = useState(false);
  const resolver = useMemo(() => loginResolver(t), [t]);
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isValid, dirtyFields },
  } = useForm<LoginForm>({
    resolver,
    mode: 'onChange',
    defaultValues: { username: '', password: '' },
  });

  // Messages follow the language: re-run validation on the fields already touched.
  const hasDirty = Boolean(dirtyFields.username || dirtyFields.password);
  useEffect(() => {
    if (hasDirty) void trigger();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);

  const onSubmit = async (form: LoginForm) => {
    const result = await session.login(form.username, form.password);
    if (result.ok) return;
    const { error } = result;
    if (isAborted(error)) return;
    if (isApiError(error, 401)) {
      snackbar.notify({ type: 'warning', message: t('view.login.wrong_credentials') });
    } else if (isApiError(error, 429)) {
      snackbar.notify({ type: 'warning', message: errorMessage(error, t) });
    } else {
      snackbar.notify({ type: 'error', message: errorMessage(error, t) });
    }
  };

  return (
    <AuthLayout title={t('view.login.title')} actions={<LanguageSwitch />}>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextInput
          {...register('username')}
          id="username"
          label={t('view.login.username')}
          autoComplete="username"
          autoFocus
          error={Boolean(errors.username)}
          helperText={errors.username?.message ?? ' '}
          inputProps={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <TextInput
          {...register('password')}
          id="password"
          label={t('view.login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={Boolean(errors.password)}
          helperText={errors.password?.message ?? ' '}
          endAdornment={
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t(showPassword ? 'common.hide_password' : 'common.show_password')}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          }
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!isValid || validating}
          loading={validating}
        >
          {t('view.login.submit')}
        </Button>
        <Link component={RouterLink} to="/auth/recovery" sx={{ alignSelf: 'center' }}>
          {t('view.login.forgot')}
        </Link>
      </Box>
    </AuthLayout>
  );
}
