import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, navigateInApp, scrollsSideways, signIn } from './support/helpers';
import {
  applyCombination,
  atBothWidths,
  signInWide,
  testEachCombination,
  WIDE,
} from './support/shots';
import { DEMO } from './support/users';

// The vehicle popup names its last position (issue 23 item 2, docs/decisions/0031-places.md):
// under the plate and status, the place the server gives for that position
// (`GET /api/v2/places/at`), in the user's language, against the demo fleet.

interface Info {
  idvehiculo: number;
  plate: string;
  lat: number | null;
  lng: number | null;
}

/** A demo vehicle with a position, and the place the API names for it (rounded as the popup asks). */
async function vehicleWithPlace(
  request: APIRequestContext,
  user: Parameters<typeof apiSession>[1],
  language: 'es' | 'en',
) {
  const session = await apiSession(request, user);
  const list = await request.get('/api/rest/vehicle/last_position', { headers: session.headers });
  expect(list.ok()).toBe(true);
  const placed = ((await list.json()) as Info[]).filter((v) => v.lat !== null && v.lng !== null);
  expect(placed.length).toBeGreaterThan(0);
  // One on the road ("12 km NO de …") when there is one, else at a tenant place.
  for (const info of placed) {
    const place = await placeOf(request, session.headers, language, info.lat!, info.lng!);
    if (place?.includes(' km ')) return { info, session, language };
  }
  return { info: placed[0]!, session, language };
}

async function placeOf(
  request: APIRequestContext,
  headers: Record<string, string>,
  language: 'es' | 'en',
  lat: number,
  lng: number,
) {
  const round = (v: number) => (Math.round(v * 1000) / 1000).toFixed(3);
  const response = await request.get(`/api/v2/places/at?lat=${round(lat)}&lng=${round(lng)}`, {
    headers: { ...headers, 'accept-language': language },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { place: string | null }).place;
}

async function openPopup(page: Page, vehicleId: number) {
  await navigateInApp(page, `/app/map/current_location?vehicle=${vehicleId}`);
  const popup = page.getByTestId('vehicle-popup');
  await expect(popup).toBeVisible({ timeout: 45_000 });
  const place = popup.getByTestId('popup-place');
  await expect(place).toHaveAttribute('data-state', 'place', { timeout: 30_000 });
  return { popup, place };
}

test('the vehicle popup shows the place of its last position', async ({ page, request }) => {
  const { info, session } = await vehicleWithPlace(request, DEMO, 'es');
  await signIn(page, DEMO);
  const { popup, place } = await openPopup(page, info.idvehiculo);
  await expect(popup).toContainText(info.plate);
  // A moving truck's position changes: the popup names the position it has now.
  await expect
    .poll(
      async () => {
        const shown = await request.get('/api/rest/vehicle/last_position', {
          headers: session.headers,
        });
        const now = ((await shown.json()) as Info[]).find((v) => v.idvehiculo === info.idvehiculo)!;
        const expected = await placeOf(request, session.headers, 'es', now.lat!, now.lng!);
        const text = (await place.textContent()) ?? '';
        return expected !== null && text.endsWith(expected);
      },
      // The popup's copy of the last positions refreshes every 60 s.
      { timeout: 80_000 },
    )
    .toBe(true);
  await expect(place).toContainText('Última posición');
});

testEachCombination(
  {
    title: ({ language, theme }) => `vehicle popup place screenshots ${language} ${theme}`,
    shots: { pointerAway: false, waitMs: 300 },
  },
  async ({ page, request, combination, shot }) => {
    const { language, user } = combination;
    await applyCombination(page, request, combination);
    const { info } = await vehicleWithPlace(request, user, language);
    await signInWide(page, user);
    await atBothWidths(page, async () => {
      const { place } = await openPopup(page, info.idvehiculo);
      await expect(place).toContainText(language === 'es' ? 'Última posición' : 'Last position');
      expect(await scrollsSideways(page)).toBe(false);
      await shot('vehicle-popup-place');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('vehicle-popup')).toBeHidden();
    });
    // The About dialog (user panel → About), with the GeoNames credit.
    await page.setViewportSize(WIDE);
    await page.getByTestId('about-button').click();
    const about = page.getByRole('dialog');
    await expect(about).toBeVisible();
    await expect(about.getByTestId('credit-geonames')).toContainText('GeoNames');
    await shot('about');
    await page.keyboard.press('Escape');
    await expect(about).toBeHidden();
  },
);
