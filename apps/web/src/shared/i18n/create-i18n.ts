import type { Language, translations } from '@rumbo/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export type TranslationResource = (typeof translations)['es'];
export type TranslationLoader = (language: Language) => Promise<TranslationResource>;

/** Loads one language's strings as a chunk of its own: only the active language is fetched. */
export const loadTranslation: TranslationLoader = async (language) =>
  (language === 'en'
    ? await import('@rumbo/contracts/i18n/bundle-en')
    : await import('@rumbo/contracts/i18n/bundle-es')
  ).default;

/** One i18next instance per app, fed by the shared translation files (ES default, EN). */
export function createI18n(
  language: Language,
  resources: Partial<Record<Language, TranslationResource>>,
): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'es',
    supportedLngs: ['es', 'en'],
    resources: Object.fromEntries(
      Object.entries(resources).map(([lng, translation]) => [lng, { translation }]),
    ),
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Switches language, loading its strings first when needed. */
export async function switchLanguage(
  i18n: I18n,
  language: Language,
  load: TranslationLoader,
): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await load(language));
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
