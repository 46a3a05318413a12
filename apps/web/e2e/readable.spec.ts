import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, navigateInApp, saveConfig, scrollsSideways } from './support/helpers';
import {
  atBothWidths,
  shooter,
  signInWithCombination,
  testEachCombination,
  WIDE,
} from './support/shots';

// Issue 22 item 9: the screens whose figures were cut or whose data texts stayed Spanish, at 1440
// and 390 px, light and dark, Spanish and English, against the demo fleet (the e2e server's, or
// any running server: RUMBO_E2E_PORT). Each shot is for people to look at; the test fails on a
// sideways scroll or on a figure cut by an ellipsis.

const ADMIN = { username: 'demoadmin', password: 'demo1234' };
// One user for the four combinations (it sees the demo fleet and the admin screens): one at a time.
test.describe.configure({ mode: 'serial' });

/** Texts an ellipsis cuts: elements with `text-overflow: ellipsis` whose text does not fit. */
async function cutTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        if (el.offsetParent === null || !el.textContent?.trim()) return false;
        const style = getComputedStyle(el);
        return style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => el.textContent.trim().slice(0, 60)),
  );
}

/** A figure is cut when the hidden text holds a digit (a name cut in a narrow chip may pass). */
const cutFigures = (texts: string[]) => texts.filter((text) => /\d/.test(text));

async function firstVehicleId(request: APIRequestContext): Promise<number> {
  const session = await apiSession(request, ADMIN);
  const list = await request.get('/api/vehicles/vehicles', { headers: session.headers });
  const vehicles = (await list.json()) as { vehicleId: number }[];
  expect(vehicles.length).toBeGreaterThan(0);
  return vehicles[0]!.vehicleId;
}

/** Waits until the screen stops showing progress (charts and tables loaded). */
async function settled(page: Page) {
  // The live map on a phone has no heading: the main region is enough.
  await expect(page.getByRole('main')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForTimeout(800);
}

// The suite checks both languages and both themes in two runs (Spanish light, English dark), to
// keep CI short (`both`); RUMBO_E2E_ALL_SHOTS=1 takes all four combinations for people to look at.
testEachCombination(
  { title: ({ language, theme }) => `readable screens ${language} ${theme}`, both: true },
  async ({ page, request, combination }) => {
    const { language, theme } = combination;
    test.setTimeout(600_000);
    const vehicleId = await firstVehicleId(request);
    await signInWithCombination(page, request, {
      ...combination,
      user: { ...combination.user, ...ADMIN },
    });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const problems: string[] = [];
    const readableShot = shooter(page, combination, { prefix: 'readable' });
    const shot = async (name: string) => {
      await readableShot(name, { fullPage: true });
      const { width } = page.viewportSize() ?? WIDE;
      if (await scrollsSideways(page)) problems.push(`${name} ${width}: scrolls sideways`);
      for (const text of cutFigures(await cutTexts(page)))
        problems.push(`${name} ${width}: cut "${text}"`);
    };
    await atBothWidths(page, async (_size, wide) => {
      for (const [path, name] of [
        ['/app/home', 'home'],
        ['/app/analysis', 'analysis'],
        ['/app/fuel/consumtion', 'consumption'],
        ['/app/fuel/catalyst', 'catalyst'],
        ['/app/fleet/ralenti_agg', 'ralenti-agg'],
        ['/app/maintenance/calendar', 'calendar'],
        ['/app/map/current_location', 'live-map'],
      ] as const) {
        await navigateInApp(page, path);
        await settled(page);
        await shot(name);
      }
      if (!wide) {
        // The live map's vehicle list on a phone: each driver's label read whole.
        await navigateInApp(page, '/app/map/current_location');
        await settled(page);
        await page
          .getByRole('button', { name: language === 'es' ? /Vehículos/ : /Vehicles/ })
          .click();
        await expect(page.getByTestId('map-vehicle-row').first()).toBeVisible();
        await page.waitForTimeout(500);
        await shot('live-map-list');
        await page.keyboard.press('Escape');
      }
      // The last 24 hours: today alone may hold no trip yet (early morning, the trucks parked).
      const to = Date.now();
      await navigateInApp(
        page,
        `/app/map/travel_consultation/${vehicleId}/${to - 24 * 3_600_000}/${to}`,
      );
      await expect(page.getByTestId('travel-page')).toBeVisible({ timeout: 90_000 });
      await expect(
        page.getByTestId('travel-list').locator('[data-kind="trip"]').first(),
      ).toBeVisible({ timeout: 60_000 });
      await settled(page);
      await shot('travel');

      // The vehicle dialog's trailer kinds, in the user's language.
      await navigateInApp(page, '/app/admin/vehicles');
      await settled(page);
      await page.getByTestId('row-edit').first().click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByRole('combobox', { name: language === 'es' ? /Implemento/ : /Trailer/ })
        .click();
      const listbox = page.getByRole('listbox');
      await expect(listbox).toBeVisible();
      await expect(
        listbox.getByText(language === 'es' ? 'Semirremolque' : 'Semi-trailer', { exact: true }),
      ).toBeVisible();
      await expect(listbox.getByText(language === 'es' ? 'Tolva' : 'Hopper').first()).toBeVisible();
      await readableShot('vehicle-dialog', { pointerAway: false, waitMs: 300 });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
    await saveConfig(request, ADMIN, { idioma: 'es', darkMode: false });
    expect(problems).toEqual([]);
  },
);
