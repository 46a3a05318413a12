import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { I18n, TFunction } from './i18n';

const I18nContext = createContext<I18n | null>(null);

/** Makes the app's translations available to `useTranslation`. */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * `{ t, i18n }` of the app. Re-renders on a language change or added strings; `t` is a new
 * function then (so memos keyed on it follow the language) and stable otherwise.
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const version = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.version,
    () => i18n.version,
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` stands for the strings
  const t = useMemo<TFunction>(() => (key, options) => i18n.t(key, options), [i18n, version]);
  return { t, i18n };
}
