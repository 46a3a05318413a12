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

/** The demo's vehicle descriptions ("Tractor con semirremolque tolva"): vehicle, kind, implement. */
const DEMO_DESCRIPTION = /^(tractor|chasis) con (semirremolque|acoplado|bitren) (.+)$/i;

/**
 * A vehicle description in the user's language: a description the demo seeded ("Tractor con
 * semirremolque tolva") is composed again from its translated parts
 * (`seeded_description.*`); any other text — what a user typed — is shown as typed.
 */
export function seededDescription(t: TFunction, text: string): string {
  const match = DEMO_DESCRIPTION.exec(text.trim());
  if (!match) return text;
  const [, vehicle, kind, implement] = match as unknown as [string, string, string, string];
  const implementKey = `seeded.${seededKey(implement)}`;
  const translatedImplement = t(implementKey);
  if (translatedImplement === implementKey) return text;
  return t('seeded_description.template', {
    vehicle: t(`seeded_description.${vehicle.toLowerCase()}`),
    kind: t(`seeded_description.${kind.toLowerCase()}`),
    implement: translatedImplement.toLowerCase(),
  });
}
