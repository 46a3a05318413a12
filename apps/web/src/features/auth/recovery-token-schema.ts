import type { TFunction } from '../../shared/i18n/i18n';
import { z } from 'zod';
import {
  email,
  MIN_CREDENTIAL_LENGTH,
  minLength,
  noWhitespace,
  required,
} from '../../shared/rules/rules';
import { ruleField } from '../../shared/rules/zod-rules';

/** New-password rules of spec §5: required, min 6, no white space, the repeat must match. */
export function recoveryTokenSchema(t: TFunction) {
  return z
    .object({
      email: ruleField([required(t('validation.required')), email(t('validation.email'))]),
      password: ruleField([
        required(t('validation.required')),
        minLength(MIN_CREDENTIAL_LENGTH, t('validation.min', { value: MIN_CREDENTIAL_LENGTH })),
        noWhitespace(t('validation.no_whitespace')),
      ]),
      repeat: ruleField([required(t('validation.required'))]),
    })
    .superRefine((form, ctx) => {
      if (form.repeat && form.repeat !== form.password) {
        ctx.addIssue({
          code: 'custom',
          path: ['repeat'],
          message: t('view.recovery_token.mismatch'),
        });
      }
    });
}
export type RecoveryTokenForm = z.infer<ReturnType<typeof recoveryTokenSchema>>;
