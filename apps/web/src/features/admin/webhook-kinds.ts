import { WEBHOOK_EVENT_KINDS } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';

/** The event kinds an endpoint can subscribe to, beside alert codes (`alert.V20`). */
export const KINDS = WEBHOOK_EVENT_KINDS as readonly string[];

/** An endpoint's kind, translated (`alert.V20` is "V20"; the text's key has `_` for `.`, `all` for `*`). */
export function kindLabel(t: TFunction, kind: string): string {
  return KINDS.includes(kind) || kind === 'test'
    ? t(`admin.webhooks.kind.${kind.replace('.*', '_all').replace('.', '_')}`)
    : kind.replace(/^alert\./u, '');
}
