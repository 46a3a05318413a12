import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { saveConfig, scrollsSideways, signIn, type Credentials } from './helpers';
import { LANGUAGE_THEMES, type Look } from './looks';
import { LOOK_USERS, type LookUser, type TestUser } from './users';

export { ES_LIGHT, LANGUAGE_THEMES, type Look } from './looks';

// What every screenshot test shares: where the PNGs go, the two widths, and the four
// language × theme combinations (each with its own user, so the saved preferences never race).
export const SHOTS_DIR = join(import.meta.dirname, '..', 'screenshots');
export const WIDE = { width: 1440, height: 900 };
export const NARROW = { width: 390, height: 844 };

/** A look and the user that takes it. */
export type Combination = LookUser;

/** The shared screenshot users, one per combination. */
export const COMBINATIONS: readonly Combination[] = LOOK_USERS.shots;

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

/** Saves `look` as `user`'s language and theme (with `config`, more of its configuration). */
export async function saveLook(
  request: APIRequestContext,
  user: Credentials,
  { language, theme }: Look,
  config: Record<string, unknown> = {},
): Promise<void> {
  await saveConfig(request, user, { idioma: language, darkMode: theme === 'dark', ...config });
}

/**
 * Saves the combination's language and theme for its user (with `config`, more of its saved
 * configuration), and makes the page start in them before sign-in (the login screen reads local
 * preferences).
 */
export async function applyCombination(
  page: Page,
  request: APIRequestContext,
  { language, theme, user }: Combination,
  config: Record<string, unknown> = {},
): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await saveLook(request, user, { language, theme }, config);
  await page.addInitScript(
    ([lang, dark]) =>
      localStorage.setItem('rumbo.prefs', JSON.stringify({ language: lang, darkMode: dark })),
    [language, theme === 'dark'] as const,
  );
}

/** Signs `user` in at 1440 px. */
export async function signInWide(page: Page, user: Credentials): Promise<void> {
  await page.setViewportSize(WIDE);
  await signIn(page, user);
}

/** applyCombination, then the combination's user signed in at 1440 px. */
export async function signInWithCombination(
  page: Page,
  request: APIRequestContext,
  combination: Combination,
  config: Record<string, unknown> = {},
): Promise<void> {
  await applyCombination(page, request, combination, config);
  await signInWide(page, combination.user);
}

/** Runs `each` at 1440 px, then at 390 px (the viewport set first); `wide` is true at 1440. */
export async function atBothWidths(
  page: Page,
  each: (size: typeof WIDE, wide: boolean) => Promise<void>,
): Promise<void> {
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await each(size, size === WIDE);
  }
}

/**
 * For each suite look, one after the other on one page: `user`'s language and theme saved, the
 * user signed in (in that theme), `each` at 1440 and at 390 px, then signed out.
 */
export async function inEachSavedLook(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  each: (look: Look, width: number) => Promise<void>,
): Promise<void> {
  for (const look of suiteCombinations(LANGUAGE_THEMES)) {
    await saveLook(request, user, look);
    await signInWide(page, user);
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    await atBothWidths(page, (size) => each(look, size.width));
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
}

export interface ShotOptions {
  /** The whole page rather than the viewport (default false). */
  fullPage?: boolean;
  /** Moves the pointer to the top right corner first, off what it hovered (default true). */
  pointerAway?: boolean;
  /** Waits this long first (ms): tiles, a dialog's transition. */
  waitMs?: number;
  /** Scrolls to the top first: the fixed app bar would be drawn mid-page in a full-page shot. */
  scrollTop?: boolean;
  /** Checks, softly, that the page does not scroll sideways (the message names the shot). */
  checkSideways?: boolean;
  /** What the file's name ends with after the language (an admin screen's '-dialog'). */
  suffix?: string;
}

/**
 * Takes SHOTS_DIR/<name>-<width>-<theme>-<language><suffix>.png of the page at its width, with
 * animations stopped; returns the file's name without '.png'.
 */
export async function takeShot(
  page: Page,
  name: string,
  { language, theme }: { language: string; theme: string },
  options: ShotOptions = {},
): Promise<string> {
  const { width } = page.viewportSize() ?? WIDE;
  if (options.pointerAway ?? true) await page.mouse.move(width - 5, 5);
  if (options.waitMs) await page.waitForTimeout(options.waitMs);
  if (options.scrollTop) await page.evaluate(() => window.scrollTo(0, 0));
  const file = `${name}-${width}-${theme}-${language}${options.suffix ?? ''}`;
  await page.screenshot({
    path: join(SHOTS_DIR, `${file}.png`),
    fullPage: options.fullPage ?? false,
    animations: 'disabled',
  });
  if (options.checkSideways) expect.soft(await scrollsSideways(page), file).toBe(false);
  return file;
}

/** A shooter's prefix and default options. */
export type ShotDefaults = ShotOptions & { prefix?: string };

/** takeShot of one page in one look, the names after `prefix-` when given, with `defaults`. */
export function shooter(
  page: Page,
  look: { language: string; theme: string },
  { prefix, ...defaults }: ShotDefaults = {},
) {
  return (name: string, options: ShotOptions = {}) =>
    takeShot(page, prefix ? `${prefix}-${name}` : name, look, { ...defaults, ...options });
}

export type Shooter = ReturnType<typeof shooter>;

/**
 * Declares one test per suite combination of `combinations` (the shared screenshot users unless
 * given; `both`: see suiteCombinations), titled by `title`; `body` runs it with the test's page
 * and request context, the combination, and the combination's shooter (`shots`).
 */
export function testEachCombination(
  {
    title,
    shots = {},
    combinations = COMBINATIONS,
    both = false,
  }: {
    title: (combination: Combination) => string;
    shots?: ShotDefaults;
    combinations?: readonly Combination[];
    both?: boolean;
  },
  body: (run: {
    page: Page;
    request: APIRequestContext;
    combination: Combination;
    shot: Shooter;
  }) => Promise<void>,
): void {
  for (const combination of suiteCombinations(combinations, { both })) {
    test(title(combination), async ({ page, request }) =>
      body({ page, request, combination, shot: shooter(page, combination, shots) }),
    );
  }
}

/** One step of a look loop: the look, the width, and the look's shooter. */
export interface LookStep {
  look: Look;
  width: number;
  wide: boolean;
  shot: Shooter;
}

/**
 * `user`, signed in on `page`, takes each suite look in turn: saved as the user's, then `each` at
 * 1440 and at 390 px with the look's shooter (`shots`).
 */
export async function inEachLook(
  page: Page,
  request: APIRequestContext,
  user: Credentials,
  shots: ShotDefaults,
  each: (step: LookStep) => Promise<void>,
): Promise<void> {
  for (const look of suiteCombinations(LANGUAGE_THEMES)) {
    await saveLook(request, user, look);
    const shot = shooter(page, look, shots);
    await atBothWidths(page, (size, wide) => each({ look, width: size.width, wide, shot }));
  }
}

/**
 * For each suite look, a page of its own (downloads allowed) with `user` signed in in that look at
 * 1440 px: `each` at 1440 and at 390 px with the look's shooter (`shots`); the page's context is
 * closed after.
 */
export async function inEachLookPage(
  browser: Browser,
  request: APIRequestContext,
  user: TestUser,
  shots: ShotDefaults,
  each: (step: LookStep & { page: Page }) => Promise<void>,
): Promise<void> {
  for (const look of suiteCombinations(LANGUAGE_THEMES)) {
    const context = await browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signInWithCombination(page, request, { ...look, user });
    const shot = shooter(page, look, shots);
    await atBothWidths(page, (size, wide) => each({ page, look, width: size.width, wide, shot }));
    await context.close();
  }
}
