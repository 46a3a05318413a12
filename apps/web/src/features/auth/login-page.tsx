import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError, isAborted } from '../../shared/api/api-error';
import { errorMessage } from '../../shared/api/error-message';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices, useSession } from '../../shared/services';
import { loginErrors, type LoginForm } from './login-form-schema';
import { EyeIcon, PlainAuthCard, PlainField, PlainLanguageSwitch } from './login-parts';
import './login-page.css';

/**
 * The login screen (spec §2, §5): the guard sends a signed-in user to the start view. Drawn with
 * plain elements, not MUI: the first screen a fresh browser loads carries no UI kit (decision
 * 0062). Two fields and spec §5's rules need no form library. A field's message shows once it
 * was edited (or on a submit), in the current language.
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
    <PlainAuthCard title={t('view.login.title')} actions={<PlainLanguageSwitch />}>
      <form noValidate onSubmit={submit} className="rl-form">
        <PlainField
          ref={usernameInput}
          id="username"
          value={form.username}
          onChange={change('username')}
          label={t('view.login.username')}
          autoComplete="username"
          autoFocus
          error={Boolean(shown('username'))}
          message={shown('username')}
        />
        <PlainField
          ref={passwordInput}
          id="password"
          value={form.password}
          onChange={change('password')}
          label={t('view.login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          error={Boolean(shown('password'))}
          message={shown('password')}
          endAdornment={
            <button
              type="button"
              className="rl-icon-button"
              aria-label={t(showPassword ? 'common.hide_password' : 'common.show_password')}
              onClick={() => setShowPassword((v) => !v)}
            >
              <EyeIcon crossed={showPassword} />
            </button>
          }
        />
        <button
          type="submit"
          className="rl-submit"
          disabled={!isValid || validating}
          aria-busy={validating || undefined}
        >
          <span>{t('view.login.submit')}</span>
          {validating ? <span className="rl-spinner" aria-hidden="true" /> : null}
        </button>
        <RouterLink to="/auth/recovery" className="rl-link">
          {t('view.login.forgot')}
        </RouterLink>
      </form>
    </PlainAuthCard>
  );
}
