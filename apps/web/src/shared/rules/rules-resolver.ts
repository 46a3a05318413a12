import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { runRules, type Rule } from './rules';

/**
 * A react-hook-form resolver running spec §5 rules per field, plus optional cross-field checks.
 * Used on the login screen, which keeps zod out of the first load.
 */
export function rulesResolver<T extends FieldValues>(
  rules: { [K in keyof T]?: readonly Rule[] },
  cross?: (values: T) => Partial<Record<keyof T, string>>,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, FieldError> = {};
    for (const name of Object.keys(rules) as (keyof T & string)[]) {
      const result = runRules(rules[name] ?? [], values[name]);
      if (result !== true) errors[name] = { type: 'validate', message: result };
    }
    for (const [name, message] of Object.entries(cross?.(values) ?? {})) {
      if (message && !errors[name]) errors[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0
      ? { values: {}, errors: errors as never }
      : { values, errors: {} };
  };
}
