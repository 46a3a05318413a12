import type { TFunction } from './i18n';

/** The key of a built-in seeded text: lower case, no accents, words joined by `_`. */
export function seededKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/**
 * A data text in the user's language: names the server seeds in Spanish (trailer kinds and their
 * implements, the demo's maintenance items) are translated by key (`seeded.<key>`); anything a
 * user typed is shown as typed.
 */
export function seededText(t: TFunction, text: string): string {
  const key = `seeded.${seededKey(text)}`;
  const translated = t(key);
  return translated === key ? text : translated;
}

/** An implement as the fleet shows it ("Semirremolque · Caja seca"), each part translated. */
export function seededParts(t: TFunction, text: string | null): string | null {
  if (text === null) return null;
  return text
    .split(/(\s*[·/,]\s*)/)
    .map((part, i) => (i % 2 === 1 ? part : seededText(t, part)))
    .join('');
}
