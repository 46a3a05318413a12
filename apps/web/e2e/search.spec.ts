import { expect, test, type Page } from '@playwright/test';
import { apiSession, navigateInApp, scrollsSideways, signIn } from './support/helpers';
import {
  atBothWidths,
  signInWithCombination,
  takeShot,
  testEachCombination,
} from './support/shots';
import { DEMO } from './support/users';

// The top bar's search (issue 23 item 3) against the demo company: keyboard only, a vehicle opens
// its popup on the live map, a driver the drivers screen, a place the map centred there.

interface Hit {
  kind: string;
  id: number;
  label: string;
  lat: number | null;
  lng: number | null;
}

const input = (page: Page) => page.getByTestId('global-search-input');

/** The centre of the live map, [lng, lat]. */
const mapCenter = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as { __rumboMap?: { center: () => [number, number] | null } }
      ).__rumboMap?.center() ?? null,
  );

/** Types `text` after the shortcut, then moves with the arrows to `hit` and presses Enter. */
async function pick(page: Page, shortcut: string, text: string, hit: { kind: string; id: number }) {
  await page.keyboard.press(shortcut);
  await expect(input(page)).toBeFocused();
  await page.keyboard.type(text, { delay: 20 });
  const wanted = page.getByTestId(`search-hit-${hit.kind}-${hit.id}`);
  await expect(wanted).toBeVisible({ timeout: 15_000 });
  const options = page.getByRole('option');
  const ids = await options.evaluateAll((list) => list.map((o) => o.getAttribute('data-testid')));
  const index = ids.indexOf(`search-hit-${hit.kind}-${hit.id}`);
  expect(index).toBeGreaterThanOrEqual(0);
  // The first option is highlighted as the list opens.
  for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
  // The highlighted option is the input's active descendant.
  const optionId = await wanted.getAttribute('id');
  await expect(input(page)).toHaveAttribute('aria-activedescendant', optionId ?? '-');
  await page.keyboard.press('Enter');
}

test('the top-bar search opens a vehicle, a driver and places, keyboard only', async ({
  page,
  request,
}) => {
  const session = await apiSession(request, DEMO);
  const search = async (q: string) => {
    const response = await request.get(`/api/v2/search?q=${encodeURIComponent(q)}&limit=10`, {
      headers: session.headers,
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { hits: Hit[] }).hits;
  };
  const list = await request.get('/api/vehicles/vehicles', { headers: session.headers });
  const vehicle = ((await list.json()) as { vehicleId: number; plate: string }[])[0]!;
  const drivers = await request.get('/api/driver', { headers: session.headers });
  const driver = ((await drivers.json()) as { id: number; nombre: string; apellido: string }[])[0]!;
  const poi = (await search('YPF Ruta 9')).find((h) => h.kind === 'poi')!;
  const locality = (await search('Villa Maria')).find(
    (h) => h.kind === 'locality' && h.label === 'Villa María',
  )!;
  expect(poi).toBeTruthy();
  expect(locality).toBeTruthy();

  await signIn(page, DEMO);
  await navigateInApp(page, '/app/fleet/vehicles');

  // Too short: says how much to type; Esc closes and leaves the field.
  await page.keyboard.press('/');
  await page.keyboard.type('a');
  await expect(page.getByText('Escriba al menos 2 letras')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Escriba al menos 2 letras')).toBeHidden();

  // A vehicle: its popup on the live map (Ctrl+K selects what was typed, so typing replaces it).
  await pick(page, 'Control+k', vehicle.plate, { kind: 'vehicle', id: vehicle.vehicleId });
  await expect(page).toHaveURL(/\/app\/map\/current_location$/);
  await expect(page.getByTestId('vehicle-popup')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('vehicle-popup')).toContainText(vehicle.plate);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('vehicle-popup')).toBeHidden();

  // A driver: the drivers screen with that driver open.
  await pick(page, 'Control+k', `${driver.nombre} ${driver.apellido}`, {
    kind: 'driver',
    id: driver.id,
  });
  await expect(page).toHaveURL(new RegExp(`/app/driver/admin\\?driver=${driver.id}$`));
  const dialog = page.getByTestId('driver-dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.locator('#driver-nombre')).toHaveValue(driver.nombre);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/app\/driver\/admin$/);

  // A point of interest, then a locality: the live map centred there, with a marker.
  for (const place of [poi, locality]) {
    await pick(page, 'Control+k', place.label, place);
    await expect(page).toHaveURL(/\/app\/map\/current_location$/);
    await expect(page.getByTestId('search-place-marker')).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(async () => {
        const center = await mapCenter(page);
        return center
          ? Math.abs(center[0] - place.lng!) < 1e-4 && Math.abs(center[1] - place.lat!) < 1e-4
          : false;
      })
      .toBe(true);
    await expect(page.locator('.maplibregl-popup')).toContainText(place.label);
  }
});

testEachCombination(
  { title: ({ language, theme }) => `top-bar search screenshots ${language} ${theme}` },
  async ({ page, request, combination }) => {
    const { language } = combination;
    await signInWithCombination(page, request, combination);
    await atBothWidths(page, async () => {
      await page.goto('/app/fleet/vehicles');
      await expect(input(page)).toBeVisible({ timeout: 45_000 });
      await page.keyboard.press('/');
      await page.keyboard.type('ros', { delay: 30 });
      await expect(page.getByRole('option').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('listbox')).toContainText(
        language === 'es' ? 'Localidades' : 'Localities',
      );
      expect(await scrollsSideways(page)).toBe(false);
      await takeShot(page, 'search-open', combination, { pointerAway: false, waitMs: 300 });
      await page.keyboard.press('Escape');
    });
  },
);
