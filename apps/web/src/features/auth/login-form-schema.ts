import type { TFunction } from 'i18next';
import {
  MIN_CREDENTIAL_LENGTH,
  minLength,
  noWhitespace,
  required,
  type Rule,
} from '../../shared/rules/rules';
import { rulesResolver } from '../../shared/rules/rules-resolver';

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

export function loginResolver(t: TFunction) {
  return rulesResolver<LoginForm>(loginRules(t));
}
