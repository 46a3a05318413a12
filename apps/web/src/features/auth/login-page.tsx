import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { Link as RouterLink } from 'react-router';
import { isApiError, isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useServices, useSession } from '../../shared/services';
import { AuthLayout } from '../../shared/ui/auth-layout';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TextInput } from '../../shared/ui/text-input';
import { loginErrors, type LoginForm } from './login-form-schema';

/**
 * The login screen (spec §2, §5): the guard sends a signed-in user to the start view. Two fields
 * and spec §5's rules need no form library: react-hook-form would add ~13 KB gzip to the sign-in
 * route. A field's message shows once it was edited (or on a submit), in the current language.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { session, snackbar } = useServices();
  const validating = useSession((s) => s.loginStatus === 'validating');
  const [showPassword, setShowPassword] = useState(false);
  const [form, setForm] = useState<LoginForm>({ username: '', password: '' });
  const [edited, setEdited] = useState({ username: false, password: false });
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const errors = loginErrors(form, t);
  const isValid = !errors.username && !errors.password;
  const shown = (field: keyof LoginForm) => (edited[field] ? errors[field] : undefined);
  const change = (field: keyof LoginForm) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    setEdited((e) => ({ ...e, [field]: true }));
  };

  const signIn = async ({ username, password }: LoginForm) => {
    const result = await session.login(username, password);
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (validating) return;
    if (!isValid) {
      setEdited({ username: true, password: true });
      (errors.username ? usernameInput : passwordInput).current?.focus();
      return;
    }
    void signIn(form);
  };

  return (
    <AuthLayout title={t('view.login.title')} actions={<LanguageSwitch />}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextInput
          ref={usernameInput}
          id="username"
          name="username"
          value={form.username}
          onChange={change('username')}
          label={t('view.login.username')}
          autoComplete="username"
          autoFocus
          error={Boolean(shown('username'))}
          helperText={shown('username') ?? ' '}
          inputProps={{ autoCapitalize: 'none', spellCheck: false }}
        />
        <TextInput
          ref={passwordInput}
          id="password"
          name="password"
          value={form.password}
          onChange={change('password')}
          label={t('view.login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={Boolean(shown('password'))}
          helperText={shown('password') ?? ' '}
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
        {/* A router link styled as MUI's Link (that component would add ~1 KB gzip here). */}
        <Box
          component={RouterLink}
          to="/auth/recovery"
          sx={{
            alignSelf: 'center',
            typography: 'body1',
            color: 'primary.main',
            textDecoration: 'underline',
            textDecorationColor: 'currentcolor',
            textDecorationThickness: '1px',
            textUnderlineOffset: '0.15em',
            borderRadius: 0.5,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {t('view.login.forgot')}
        </Box>
      </Box>
    </AuthLayout>
  );
}
