/** Minimum length of username and password: `MIN_CREDENTIAL_LENGTH` of @rumbo/contracts. */
export const MIN_CREDENTIAL_LENGTH = 6;

/** A validation rule: true when the value passes, else the message to show (spec §5). */
export type Rule = (value: string | null | undefined) => true | string;

const isEmpty = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value === '';

// Spanish default messages of spec §5; every rule takes an override.
export const DEFAULT_MESSAGES = {
  required: 'valor requerido',
  min: (n: number) => `tamaño mínimo requerido ${n}`,
  noWhitespace: 'espacios en blanco no permitidos',
  email: 'formato inválido',
} as const;

/** Fails on an empty value. */
export function required(message: string = DEFAULT_MESSAGES.required): Rule {
  return (value) => (isEmpty(value) ? message : true);
}

/** Fails when empty or shorter than `n`. The message may contain `:value` for `n`. */
export function minLength(n: number, message?: string): Rule {
  const text = message ? message.replace(':value', String(n)) : DEFAULT_MESSAGES.min(n);
  return (value) => (isEmpty(value) || (value ?? '').length < n ? text : true);
}

/** Fails when empty or containing any white space. */
export function noWhitespace(message: string = DEFAULT_MESSAGES.noWhitespace): Rule {
  return (value) => (isEmpty(value) || /\s/.test(value ?? '') ? message : true);
}

// A practical e-mail shape: one @, no spaces, a dot in the domain, no empty labels.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Fails when the value is not an e-mail address. */
export function email(message: string = DEFAULT_MESSAGES.email): Rule {
  return (value) => (EMAIL.test(value ?? '') ? true : message);
}

/** Runs rules in order and returns the first failure, or true. */
export function runRules(rules: readonly Rule[], value: string | null | undefined): true | string {
  for (const rule of rules) {
    const result = rule(value);
    if (result !== true) return result;
  }
  return true;
}
