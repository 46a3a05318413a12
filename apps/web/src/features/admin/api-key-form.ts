import {
  API_KEY_SCOPES,
  isAddressOrBlock,
  type ApiKeyCreateInput,
  type ApiKeyScope,
} from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { z } from 'zod';

/** The new-key form: the expiry as a `yyyy-MM-dd` day (empty: never), one address per line. */
export function apiKeyFormSchema(t: TFunction, todayIso: string) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, t('validation.required'))
      .max(100, t('admin.validation.max_length', { max: 100 })),
    scopes: z.array(z.enum(API_KEY_SCOPES)).min(1, t('admin.api_keys.scopes_required')),
    expires: z
      .string()
      .refine((day) => day === '' || day > todayIso, t('validation.rule.expires_in_past')),
    addresses: z
      .string()
      .refine(
        (text) => addressLines(text).every(isAddressOrBlock),
        t('validation.rule.address_format'),
      )
      .refine((text) => addressLines(text).length <= 20, t('admin.api_keys.addresses_max')),
  });
}
export type ApiKeyForm = z.infer<ReturnType<typeof apiKeyFormSchema>>;

export function addressLines(text: string): string[] {
  return text
    .split(/[\s,]+/u)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The request body: the expiry at the end of its day in the user's zone. */
export function toApiKeyInput(form: ApiKeyForm): ApiKeyCreateInput {
  return {
    name: form.name.trim(),
    scopes: [...new Set<ApiKeyScope>(form.scopes)],
    expiresAt: form.expires === '' ? null : new Date(`${form.expires}T23:59:59`).getTime(),
    allowedAddresses: addressLines(form.addresses),
  };
}
