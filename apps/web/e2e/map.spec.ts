import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, navigateInApp } from './support/helpers';
import { sendTeltonika } from './support/teltonika-device';
import {
  ES_LIGHT,
  NARROW,
  shooter,
  SHOTS_DIR,
  signInWide,
  signInWithCombination,
  testEachCombination,
} from './support/shots';
import { DEMO } from './support/users';

// The live map (map/current_location) against the demo fleet: 5 simulated vehicles.

interface HookVehicle {
  id: number;
  plate: string;
  lng: number;
  lat: number;
  status: string;
  drawn: boolean;
}

const vehicles = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as { __rumboMap?: { vehicles: () => HookVehicle[] } }
      ).__rumboMap?.vehicles() ?? [],
  );

/** Where a vehicle is drawn on the map canvas (null when hidden, e.g. in a cluster). */
const screenPoint = (page: Page, id: number) =>
  page.evaluate(
    (vehicleId) =>
      (
        window as unknown as {
          __rumboMap: { screenPoint: (id: number) => { x: number; y: number } | null };
        }
      ).__rumboMap.screenPoint(vehicleId),
    id,
  );

async function openMap(page: Page) {
  await navigateInApp(page, '/app/map/current_location');
  await expect(page.getByTestId('base-map')).toBeVisible();
  await expect(page.getByTestId('map-live')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(async () => (await vehicles(page)).length, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(5);
}

const near = (v: HookVehicle, p: { lat: number; lng: number }) =>
  Math.abs(v.lat - p.lat) < 1e-5 && Math.abs(v.lng - p.lng) < 1e-5;

test('a vehicle moves on the map and in the list', async ({ page, request }) => {
  // A demo truck's device (the demo trucks park at night, so the test moves one itself).
  const session = await apiSession(request, DEMO);
  const list = await request.get('/api/vehicles/vehicles', { headers: session.headers });
  expect(list.ok()).toBe(true);
  const truck = ((await list.json()) as { vehicleId: number; deviceUniqueId: string | null }[])
    .filter((v) => v.deviceUniqueId)
    .at(-1)!;
  await request.post('/api/auth/logout', { headers: session.headers, data: session.headers });

  await signInWide(page, DEMO);
  await openMap(page);
  const row = page.locator(`[data-testid="map-vehicle-row"][data-vehicle-id="${truck.vehicleId}"]`);
  const start = (await vehicles(page)).find((v) => v.id === truck.vehicleId)!;
  // Followed, the truck is zoomed in to, out of any cluster.
  await row.getByRole('button', { name: /seguir/i }).click();
  for (const step of [1, 2]) {
    const to = { lat: start.lat + 0.004 * step, lng: start.lng + 0.003 * step };
    // The drawn position (read from the typed arrays the WebGL layer uploads) follows the device;
    // sent again if the simulator's own record for the truck lands in between.
    await expect
      .poll(
        async () => {
          const now = (await vehicles(page)).find((v) => v.id === truck.vehicleId);
          if (now && near(now, to)) return now.drawn;
          await sendTeltonika(truck.deviceUniqueId!, [{ ...to, speedKmh: 55 }]);
          return false;
        },
        { timeout: 30_000, intervals: [1500] },
      )
      .toBe(true);
    // The list shows the same live data as the map (refreshed once a second).
    await expect
      .poll(async () => {
        const now = (await vehicles(page)).find((v) => v.id === truck.vehicleId)!;
        const shown = [await row.getAttribute('data-lat'), await row.getAttribute('data-lng')];
        return shown[0] === now.lat.toFixed(6) && shown[1] === now.lng.toFixed(6);
      })
      .toBe(true);
  }
});

test('the list filters by status and the counts match', async ({ page }) => {
  await signInWide(page, DEMO);
  await openMap(page);
  const rows = page.getByTestId('map-vehicle-row');
  const total = (await vehicles(page)).length;
  await expect(rows).toHaveCount(total);
  await expect(page.getByTestId('status-filter-all')).toContainText(String(total));
  // Counts per status add up to the fleet.
  const chips = page.locator('[data-testid^="status-filter-"][data-count]');
  const counts = await chips.evaluateAll((els) =>
    els.map((e) => ({
      status: e.getAttribute('data-testid')!.replace('status-filter-', ''),
      count: Number(e.getAttribute('data-count')),
    })),
  );
  expect(counts.reduce((n, c) => n + c.count, 0)).toBe(total);
  const some = counts.find((c) => c.count > 0)!;
  await page.getByTestId(`status-filter-${some.status}`).click();
  // Statuses change live: compare with the chip's count at the moment of checking.
  await expect
    .poll(async () => {
      const chip = page.getByTestId(`status-filter-${some.status}`);
      const count = Number(await chip.getAttribute('data-count'));
      const shown = await rows.count();
      const statuses = await rows.evaluateAll((els) =>
        els.map((e) => e.getAttribute('data-status')),
      );
      return shown === count && statuses.every((s) => s === some.status);
    })
    .toBe(true);
  // Vehicles filtered out are not drawn either.
  const drawn = await vehicles(page);
  expect(drawn.filter((v) => v.drawn).every((v) => v.status === some.status)).toBe(true);
  await page.getByTestId('status-filter-all').click();
  await expect(rows).toHaveCount(total);
  // Search by plate.
  const plate = (await vehicles(page))[0]!.plate;
  await page.getByTestId('map-search').fill(plate.toLowerCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(plate);
});

test('clicking a vehicle opens its popup; following keeps it centred', async ({ page }) => {
  await signInWide(page, DEMO);
  await openMap(page);
  const first = (await vehicles(page))[0]!;
  // Follow from the list: the map centres on the vehicle and zooms in (no cluster there).
  await page
    .locator(`[data-testid="map-vehicle-row"][data-vehicle-id="${first.id}"]`)
    .getByRole('button', { name: /seguir/i })
    .click();
  await expect(page.getByText(new RegExp(first.plate))).not.toHaveCount(0);
  await page.waitForTimeout(1500);
  const point = await screenPoint(page, first.id);
  expect(point).not.toBeNull();
  const box = (await page.getByTestId('base-map').boundingBox())!;
  // Centred (within a few pixels while it moves).
  expect(Math.abs(point!.x - box.width / 2)).toBeLessThan(40);
  expect(Math.abs(point!.y - box.height / 2)).toBeLessThan(40);
  await page.mouse.click(box.x + point!.x, box.y + point!.y);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(first.plate);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // "Show the whole fleet" ends follow mode and zooms out to every vehicle.
  await expect(page.getByText(`Siguiendo a ${first.plate}`)).toBeVisible();
  await page.getByRole('button', { name: 'Ver toda la flota' }).click();
  await expect(page.getByText(`Siguiendo a ${first.plate}`)).toHaveCount(0);
});

test('a click on a vehicle in the list does what a click on its marker does', async ({ page }) => {
  await signInWide(page, DEMO);
  await openMap(page);
  const list = await vehicles(page);
  const vehicle = list.at(-1)!;
  const row = page.locator(`[data-testid="map-vehicle-row"][data-vehicle-id="${vehicle.id}"]`);
  // The row itself (its name starts with the plate; the follow toggle's with "Seguir").
  await row.getByRole('button', { name: new RegExp(`^${vehicle.plate}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(vehicle.plate);
  // The map brought it into view, out of any cluster.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const box = (await page.getByTestId('base-map').boundingBox())!;
  const inView = async () => {
    const point = await screenPoint(page, vehicle.id);
    return (
      point !== null &&
      point.x >= 0 &&
      point.x <= box.width &&
      point.y >= 0 &&
      point.y <= box.height
    );
  };
  await expect.poll(inView).toBe(true);
  // Not followed: following stays the row's own toggle.
  await expect(page.getByText(`Siguiendo a ${vehicle.plate}`)).toHaveCount(0);
});

testEachCombination(
  {
    title: ({ language, theme }) => `map screenshots ${language} ${theme}`,
    shots: { pointerAway: false },
  },
  async ({ page, request, combination, shot }) => {
    // Tiles come from outside; the test never reaches them, so the fallback layers show.
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await signInWithCombination(page, request, combination);
    await openMap(page);
    await page.waitForTimeout(1500);
    await shot('map-current-location');
    // Close up: heading arrows and plate labels, following the first truck of the list.
    await page
      .getByTestId('map-vehicle-row')
      .first()
      .getByRole('button', { name: /seguir|follow/i })
      .click();
    await page.waitForTimeout(2000);
    await shot('map-current-location-follow');
    await page.setViewportSize(NARROW);
    await page.waitForTimeout(800);
    await shot('map-current-location');
    await page.getByRole('button', { name: /vehículos|vehicles/i }).click();
    await expect(page.getByTestId('map-vehicle-list')).toBeVisible();
    await page.waitForTimeout(400);
    await shot('map-current-location-list');
  },
);

test('loading, empty and error states', async ({ page }) => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  let mode: 'silent' | 'empty' | 'refuse' = 'silent';
  await page.routeWebSocket('**/api/wslp', (ws) => {
    ws.onMessage(() => {
      if (mode === 'refuse') {
        ws.send(JSON.stringify({ type: 'Status', status: 'Unauthorized' }));
        void ws.close({ code: 4401, reason: 'unauthorized' });
      } else if (mode === 'empty') {
        ws.send(JSON.stringify({ type: 'Status', status: 'Ok' }));
        ws.send(JSON.stringify({ action: 'positions/update', payload: [] }));
      }
    });
  });
  await signInWide(page, DEMO);
  const shot = shooter(page, ES_LIGHT, { pointerAway: false });
  await navigateInApp(page, '/app/map/current_location');
  await expect(page.getByRole('status').filter({ hasText: 'Cargando la flota' })).toBeVisible();
  await shot('map-current-location-loading');

  mode = 'empty';
  await navigateInApp(page, '/app/home');
  await navigateInApp(page, '/app/map/current_location');
  await expect(page.getByText('Todavía no hay vehículos')).toBeVisible();
  await expect(page.getByTestId('map-vehicle-list')).toHaveCount(0);
  await shot('map-current-location-empty');

  mode = 'refuse';
  await navigateInApp(page, '/app/home');
  await navigateInApp(page, '/app/map/current_location');
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudo conectar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await shot('map-current-location-error');
  // Retry reconnects: now the feed answers.
  mode = 'empty';
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Todavía no hay vehículos')).toBeVisible();
});
