import en from './bundle-en.js';
import es from './bundle-es.js';
import type { Language } from '../user.js';

/** The translation resources shared by the web app and the server (`/api/lang`). */
export const translations: Record<Language, typeof es> = { es, en };

/** Picks a supported language from an Accept-Language header or a code; Spanish by default. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'es';
  for (const part of header.split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'es' || code === 'en') return code;
  }
  return 'es';
}

/** Replaces `{{name}}` placeholders. */
export function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? `{{${key}}}`));
}
