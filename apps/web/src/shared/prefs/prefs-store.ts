import type { Language } from '@rumbo/contracts';
import type { SnackbarAlerts } from '../notifications/notifications-store';
import { createStore } from 'zustand/vanilla';
import type { KeyValueStorage } from '../session/auth-storage';

/** UI preferences that must survive a reload even before sign-in. */
export interface PrefsState {
  language: Language;
  darkMode: boolean;
  /** Which arriving alerts pop a snackbar on this device (issue 22; default: critical ones). */
  snackbarAlerts: SnackbarAlerts;
}

const SNACKBAR_ALERTS: readonly SnackbarAlerts[] = ['critical', 'warning', 'all', 'none'];

const KEY = 'rumbo.prefs';

function readPrefs(storage: KeyValueStorage, fallbackLanguage: Language): PrefsState {
  try {
    const data = JSON.parse(storage.getItem(KEY) ?? '{}') as Partial<PrefsState>;
    return {
      language: data.language === 'en' || data.language === 'es' ? data.language : fallbackLanguage,
      darkMode: data.darkMode === true,
      snackbarAlerts: SNACKBAR_ALERTS.includes(data.snackbarAlerts as SnackbarAlerts)
        ? (data.snackbarAlerts as SnackbarAlerts)
        : 'critical',
    };
  } catch {
    return { language: fallbackLanguage, darkMode: false, snackbarAlerts: 'critical' };
  }
}

/** The stored UI language, read before anything else loads. */
export function readStoredLanguage(storage: KeyValueStorage): Language {
  return readPrefs(storage, 'es').language;
}

/** Preferences store, loaded from and saved to local storage. Spanish by default. */
export function createPrefsStore(storage: KeyValueStorage, fallbackLanguage: Language = 'es') {
  const store = createStore<PrefsState>(() => readPrefs(storage, fallbackLanguage));
  store.subscribe((state) => {
    try {
      const { language, darkMode, snackbarAlerts } = state;
      storage.setItem(KEY, JSON.stringify({ language, darkMode, snackbarAlerts }));
    } catch {
      // Storage disabled: preferences last for this page only.
    }
  });
  return store;
}
export type PrefsStore = ReturnType<typeof createPrefsStore>;
