import type { Language, translations } from '@rumbo/contracts';
import { createI18n as createInstance, type I18n } from './i18n';

export type TranslationResource = (typeof translations)['es'];
/**
 * Which strings: `base` — what the signed-out screens and the app's frame read (sign-in,
 * recovery, 422, 403/404, loading and update texts; chosen in apps/web/sign-in-strings.ts) — or
 * `app` — every string, for the signed-in screens (the shell loads them). The sign-in route
 * downloads only the base (~2 KB gzip of the ~10 KB of Spanish).
 */
export type TranslationPart = 'base' | 'app';
export type TranslationLoader = (
  language: Language,
  part?: TranslationPart,
) => Promise<TranslationResource>;

/** Loads one language's strings as a chunk of its own: only the active language is fetched. */
export const loadTranslation: TranslationLoader = async (language, part = 'base') => {
  if (part === 'app') {
    return (
      language === 'en'
        ? await import('@rumbo/contracts/i18n/bundle-en')
        : await import('@rumbo/contracts/i18n/bundle-es')
    ).default;
  }
  // Only what the signed-out screens read (sign-in-strings.ts), ~2 KB gzip.
  return (
    language === 'en'
      ? await import('virtual:rumbo-sign-in-strings/en')
      : await import('virtual:rumbo-sign-in-strings/es')
  ).default as TranslationResource;
};

type Tracked = Promise<void> & { status?: 'fulfilled'; value?: undefined };
/** Per app: the parts loaded (or loading) by `language/part`, and whether the app part is wanted. */
const loadedParts = new WeakMap<I18n, Map<string, Tracked>>();
const appPartWanted = new WeakSet<I18n>();

function partsOf(i18n: I18n): Map<string, Tracked> {
  let parts = loadedParts.get(i18n);
  if (!parts) {
    parts = new Map();
    loadedParts.set(i18n, parts);
  }
  return parts;
}

function fulfilled(): Tracked {
  return Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });
}

/** Loads one part of a language into the instance, once (a failed load may be tried again). */
function loadPart(
  i18n: I18n,
  language: Language,
  part: TranslationPart,
  load: TranslationLoader,
): Tracked {
  const parts = partsOf(i18n);
  const key = `${language}/${part}`;
  let loading = parts.get(key);
  if (!loading) {
    const started: Tracked = load(language, part).then((strings) => {
      i18n.addResourceBundle(language, 'translation', strings, true, true);
      // React's `use` reads a settled promise's status without suspending again.
      started.status = 'fulfilled';
    });
    started.catch(() => parts.delete(key));
    loading = started;
    parts.set(key, loading);
  }
  return loading;
}

/**
 * The signed-in screens' strings (every feature area) in the current language; from then on a
 * language switch loads them too. The shell waits for them (`useAppStrings`).
 */
export function loadAppStrings(i18n: I18n, load: TranslationLoader): Promise<void> {
  appPartWanted.add(i18n);
  return loadPart(i18n, i18n.language, 'app', load);
}

/** The app's translations (shared/i18n/i18n), fed by the shared files (ES default, EN). */
export function createI18n(
  language: Language,
  resources: Partial<Record<Language, TranslationResource>>,
): I18n {
  const instance = createInstance(language, resources);
  for (const lng of Object.keys(resources)) partsOf(instance).set(`${lng}/base`, fulfilled());
  return instance;
}

/** Switches language, loading its strings first when needed. */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  load: TranslationLoader,
): Promise<void> {
  await loadPart(i18n, language, 'base', load);
  if (appPartWanted.has(i18n)) await loadPart(i18n, language, 'app', load);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
