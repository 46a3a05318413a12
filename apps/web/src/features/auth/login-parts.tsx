import { forwardRef, type ChangeEventHandler, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { LANGUAGE_CHOICES } from '../../shared/i18n/language-choices';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useServices } from '../../shared/services';

/**
 * The sign-in screen's parts as plain elements (styles in login-page.css, matching MUI's outlined
 * field, contained button and paper): the first load of Rumbo carries no UI kit (decision 0062).
 */

/** The centred card of the sign-in screen (MUI's AuthLayout draws the other signed-out ones). */
export function PlainAuthCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="rl-page">
      <div className="rl-card">
        <div className="rl-brand">
          <img src="/logo.svg" alt="" width={40} height={40} />
          <span>Rumbo</span>
          {actions}
        </div>
        <h1 className="rl-title">{title}</h1>
        {children}
      </div>
    </main>
  );
}

export interface PlainFieldProps {
  id: string;
  label: string;
  value: string;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  /** The message under the field; an error when `error` is set. */
  message?: string;
  error?: boolean;
  endAdornment?: ReactNode;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

/** An outlined text field with a floating label and a message line that is always reserved. */
export const PlainField = forwardRef<HTMLInputElement, PlainFieldProps>(function PlainField(
  { id, label, message, error, endAdornment, ...input },
  ref,
) {
  const messageId = `${id}-helper-text`;
  const className = ['rl-field', input.value ? 'rl-filled' : '', error ? 'rl-error' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className}>
      <div className="rl-box">
        <input
          ref={ref}
          id={id}
          name={id}
          placeholder=" "
          aria-invalid={error || undefined}
          aria-describedby={messageId}
          autoCapitalize="none"
          spellCheck={false}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
        {endAdornment}
      </div>
      <p id={messageId} className="rl-message">
        {message ?? '\u00a0'}
      </p>
    </div>
  );
});

/** ES / EN: two pressed-state buttons; the choice is kept in local storage. */
export function PlainLanguageSwitch() {
  const { t } = useTranslation();
  const { prefs } = useServices();
  const language = useStore(prefs, (s) => s.language);
  return (
    <div role="group" aria-label={t('view.login.language')} className="rl-languages">
      {LANGUAGE_CHOICES.map(({ value, label, name }) => (
        <button
          key={value}
          type="button"
          aria-label={name}
          aria-pressed={value === language}
          onClick={() => prefs.setState({ language: value })}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** Material's eye icons (visibility, visibility off), 24 × 24. */
export function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d={
          crossed
            ? 'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z'
            : 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3'
        }
      />
    </svg>
  );
}
