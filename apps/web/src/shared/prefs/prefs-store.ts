import type { Language } from '@rumbo/contracts';
import { createStore } from 'zustand/vanilla';
import type { KeyValueStorage } from '../session/auth-storage';

/** UI preferences that must survive a reload even before sign-in. */
export interface PrefsState {
  language: Language;
  darkMode: boolean;
}

const KEY = 'rumbo.prefs';

function readPrefs(storage: KeyValueStorage, fallbackLanguage: Language): PrefsState {
  try {
    const data = JSON.parse(storage.getItem(KEY) ?? '{}') as Partial<PrefsState>;
    return {
      language: data.language === 'en' || data.language === 'es' ? data.language : fallbackLanguage,
      darkMode: data.darkMode === true,
    };
  } catch {
    return { language: fallbackLanguage, darkMode: false };
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
      storage.setItem(KEY, JSON.stringify({ language: state.language, darkMode: state.darkMode }));
    } catch {
      // Storage disabled: preferences last for this page only.
    }
  });
  return store;
}
export type PrefsStore = ReturnType<typeof createPrefsStore>;
