import type { TFunction } from '../../shared/i18n/i18n';
import {
  MIN_CREDENTIAL_LENGTH,
  minLength,
  noWhitespace,
  required,
  runRules,
  type Rule,
} from '../../shared/rules/rules';

export interface LoginForm {
  username: string;
  password: string;
}

/** Login rules of spec §5: both required, min 6; the password allows no white space. */
export function loginRules(t: TFunction): Record<keyof LoginForm, Rule[]> {
  const min = minLength(
    MIN_CREDENTIAL_LENGTH,
    t('validation.min', { value: MIN_CREDENTIAL_LENGTH }),
  );
  return {
    username: [required(t('validation.required')), min],
    password: [
      required(t('validation.required')),
      min,
      noWhitespace(t('validation.no_whitespace')),
    ],
  };
}

/** The first failed rule's message per field (none when the field passes). */
export function loginErrors(
  form: LoginForm,
  t: TFunction,
): Partial<Record<keyof LoginForm, string>> {
  const rules = loginRules(t);
  const errors: Partial<Record<keyof LoginForm, string>> = {};
  for (const field of ['username', 'password'] as const) {
    const result = runRules(rules[field], form[field]);
    if (result !== true) errors[field] = result;
  }
  return errors;
}
