// The languages and themes the screenshot tests take each screen in.

export type ShotLanguage = 'es' | 'en';
export type ShotTheme = 'light' | 'dark';

/** A language and a theme: what a screenshot's file name ends with. */
export interface Look {
  language: ShotLanguage;
  theme: ShotTheme;
}

/** The four language × theme combinations. */
export const LANGUAGE_THEMES = [
  { language: 'es', theme: 'light' },
  { language: 'es', theme: 'dark' },
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const satisfies readonly Look[];

/** Spanish light: the look of the shots a test takes once. */
export const ES_LIGHT: Look = { language: 'es', theme: 'light' };
