import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { saveConfig } from './helpers';
import { USERS } from './users';

// What every screenshot test shares: where the PNGs go, the two widths, and the four
// language × theme combinations (each with its own user, so the saved preferences never race).
export const SHOTS_DIR = join(import.meta.dirname, '..', 'screenshots');
export const WIDE = { width: 1440, height: 900 };
export const NARROW = { width: 390, height: 844 };

export type ShotLanguage = 'es' | 'en';
export type ShotTheme = 'light' | 'dark';

export interface Combination {
  language: ShotLanguage;
  theme: ShotTheme;
  user: (typeof USERS)[keyof typeof USERS];
}

/** The four language × theme combinations, for specs with a user of their own. */
export const LANGUAGE_THEMES = [
  { language: 'es', theme: 'light' },
  { language: 'es', theme: 'dark' },
  { language: 'en', theme: 'light' },
  { language: 'en', theme: 'dark' },
] as const satisfies readonly { language: ShotLanguage; theme: ShotTheme }[];

/** The shared screenshot users, one per combination. */
export const COMBINATIONS: readonly Combination[] = [
  { language: 'es', theme: 'light', user: USERS.shotsEsLight },
  { language: 'es', theme: 'dark', user: USERS.shotsEsDark },
  { language: 'en', theme: 'light', user: USERS.shotsEnLight },
  { language: 'en', theme: 'dark', user: USERS.shotsEnDark },
];

/**
 * The combinations a suite run takes: Spanish light only (CI's time, decision 0047, second
 * addendum); `both` adds English dark (both languages, both themes), for the spec that checks
 * every screen's texts and contrast (readable.spec.ts). RUMBO_E2E_ALL_SHOTS=1 takes all four, for
 * people to look at.
 */
export function suiteCombinations<C extends { language: string; theme: string }>(
  all: readonly C[],
  { both = false }: { both?: boolean } = {},
): readonly C[] {
  if (process.env['RUMBO_E2E_ALL_SHOTS']) return all;
  const kept = both ? ['es light', 'en dark'] : ['es light'];
  return all.filter((c) => kept.includes(`${c.language} ${c.theme}`));
}

/**
 * Saves the combination's language and theme for its user, and makes the page start in them
 * before sign-in (the login screen reads local preferences).
 */
export async function useCombination(
  page: Page,
  request: APIRequestContext,
  { language, theme, user }: Combination,
): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await saveConfig(request, user, { idioma: language, darkMode: theme === 'dark' });
  await page.addInitScript(
    ([lang, dark]) =>
      localStorage.setItem('rumbo.prefs', JSON.stringify({ language: lang, darkMode: dark })),
    [language, theme === 'dark'] as const,
  );
}
