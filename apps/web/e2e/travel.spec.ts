import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, navigateInApp, signIn } from './support/helpers';
import { COMBINATIONS, NARROW, SHOTS_DIR, WIDE, useCombination } from './support/shots';
import { DEMO } from './support/users';

// Travel consultation (map/travel_consultation/{id}/{from}/{to}) against the demo fleet, whose
// simulated trucks backfill a day of history through the device ports when the server starts.
const OUT = SHOTS_DIR;

interface Found {
  vehicleId: number;
  plate: string;
  from: number;
  to: number;
}

let found: Found | null = null;

/** A demo vehicle with positions and at least one trip in the last 24 h (polls the backfill). */
async function vehicleWithHistory(request: APIRequestContext): Promise<Found> {
  if (found) return found;
  const session = await apiSession(request, DEMO);
  const to = Date.now();
  const from = to - 24 * 3_600_000;
  let result: Found | null = null;
  await expect
    .poll(
      async () => {
        const groups = (await (
          await request.get('/api/vehicles/groups/vehicles', { headers: session.headers })
        ).json()) as { vehicleList: { vehicleId: number; plate: string }[] }[];
        for (const vehicle of groups.flatMap((g) => g.vehicleList)) {
          const q = `from=${from}&to=${to}`;
          const trips = await request.get(`/api/vehicles/history/${vehicle.vehicleId}/trips?${q}`, {
            headers: session.headers,
          });
          if (trips.ok() && ((await trips.json()) as unknown[]).length > 0) {
            result = { vehicleId: vehicle.vehicleId, plate: vehicle.plate, from, to };
            return true;
          }
        }
        return false;
      },
      { timeout: 180_000, intervals: [2000] },
    )
    .toBe(true);
  found = result!;
  return found;
}

const replayTime = async (page: Page) =>
  Number(await page.getByTestId('replay-controls').getAttribute('data-replay-time'));
const chartCursor = async (page: Page) => {
  const cursor = page.getByTestId('chart-replay-cursor');
  return {
    time: Number(await cursor.getAttribute('data-time')),
    left: Number(await cursor.getAttribute('data-left')),
  };
};

async function openRoute(page: Page, target: Found) {
  await navigateInApp(
    page,
    `/app/map/travel_consultation/${target.vehicleId}/${target.from}/${target.to}`,
  );
  await expect(page.getByTestId('travel-list').locator('[data-kind="trip"]').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('speed-chart').locator('canvas')).toBeVisible();
}

test('shows the route, trips and stops, replays it with the chart cursor following', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const target = await vehicleWithHistory(request);
  await page.setViewportSize(WIDE);
  await signIn(page, DEMO);
  await openRoute(page, target);

  // The picker shows the vehicle from the address; the route is drawn with its ends.
  await expect(page.locator('#travel-vehicle')).toHaveValue(target.plate);
  await expect(page.getByTestId('base-map')).toBeVisible();
  await expect(page.getByTestId('replay-vehicle')).toBeAttached();
  await expect(page.getByTestId('travel-summary')).toContainText(/km/);

  // Play: the replay clock advances and the chart cursor follows it.
  const start = await replayTime(page);
  const cursorStart = await chartCursor(page);
  expect(cursorStart.time).toBe(start);
  await page.getByRole('button', { name: 'Reproducir' }).click();
  await expect(page.getByTestId('replay-controls')).toHaveAttribute('data-playing', 'true');
  await expect.poll(() => replayTime(page), { timeout: 10_000 }).toBeGreaterThan(start + 60_000);
  const cursorLater = await chartCursor(page);
  expect(cursorLater.time).toBeGreaterThan(start);
  expect(cursorLater.left).toBeGreaterThan(cursorStart.left);
  expect(
    Number(await page.getByTestId('replay-vehicle').getAttribute('data-time')),
  ).toBeGreaterThan(start);

  // Pause: time stands still.
  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(page.getByTestId('replay-controls')).toHaveAttribute('data-playing', 'false');
  const paused = await replayTime(page);
  await page.waitForTimeout(700);
  expect(await replayTime(page)).toBe(paused);
  expect((await chartCursor(page)).time).toBe(paused);

  // Clicking a trip in the list moves the replay to its start.
  const firstTrip = page.getByTestId('travel-list').locator('[data-kind="trip"]').first();
  await firstTrip.click();
  await expect(firstTrip).toHaveClass(/Mui-selected/);

  // Hovering the chart marks the same instant on the map, without seeking.
  const travelPage = page.getByTestId('travel-page');
  const chart = page.getByTestId('speed-chart').locator('.u-over');
  const box = (await chart.boundingBox())!;
  const beforeHover = await replayTime(page);
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
  await expect(travelPage).toHaveAttribute('data-hover-from', 'chart');
  const hovered = Number(await travelPage.getAttribute('data-hover-time'));
  expect(hovered).toBeGreaterThan(target.from);
  expect(await replayTime(page)).toBe(beforeHover);
  // Clicking the chart seeks the replay there.
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.5);
  await expect.poll(() => replayTime(page)).not.toBe(beforeHover);

  // Hovering the route on the map (where the replayed vehicle stands) moves the chart's crosshair.
  await page.mouse.move(5, 5);
  const vehicle = (await page.getByTestId('replay-vehicle').boundingBox())!;
  await page.mouse.move(vehicle.x + vehicle.width / 2 + 1, vehicle.y + vehicle.height / 2 + 1);
  await expect(travelPage).toHaveAttribute('data-hover-from', 'map');
  const crosshair = page.getByTestId('speed-chart').locator('.u-cursor-x');
  await expect(crosshair).not.toHaveClass(/u-off/);
  const mapHover = Number(await travelPage.getAttribute('data-hover-time'));
  const x = Number(
    /translate\((-?[\d.]+)px/.exec((await crosshair.getAttribute('style')) ?? '')?.[1],
  );
  const cursorX = (await chartCursor(page)).left;
  // The crosshair stands where the replay cursor is, give or take the records around it.
  expect(Math.abs(mapHover - (await replayTime(page)))).toBeLessThan(120_000);
  expect(Math.abs(x - cursorX)).toBeLessThan(8);

  // A quick period changes the address.
  await page.getByRole('button', { name: 'Últimas 24 h' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/app/map/travel_consultation/${target.vehicleId}/\\d+/\\d+$`),
  );
});

test('fills today into the address, and says so when a period has no positions', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const target = await vehicleWithHistory(request);
  await page.setViewportSize(NARROW);
  await signIn(page, DEMO);
  await navigateInApp(page, `/app/map/travel_consultation/${target.vehicleId}`);
  await expect(page).toHaveURL(
    new RegExp(`/app/map/travel_consultation/${target.vehicleId}/\\d+/\\d+$`),
  );
  // A day long before the fleet existed: no positions, a clear message, no replay.
  const from = Date.UTC(2020, 0, 1, 3);
  await navigateInApp(
    page,
    `/app/map/travel_consultation/${target.vehicleId}/${from}/${from + 86_400_000}`,
  );
  await expect(page.getByTestId('travel-no-positions')).toBeVisible();
  await expect(page.getByTestId('travel-list-empty')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reproducir' })).toBeDisabled();
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: join(OUT, 'travel-empty-390-light-es.png'), fullPage: true });
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
    ),
  ).toBe(false);
  // A vehicle that is not the tenant's: the server's 404, said plainly, with a retry.
  await navigateInApp(page, `/app/map/travel_consultation/999999/${target.from}/${target.to}`);
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el recorrido.' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(failure.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await page.screenshot({ path: join(OUT, 'travel-error-390-light-es.png'), fullPage: true });
  // Without a vehicle: an invitation to choose one.
  await navigateInApp(page, '/app/map/travel_consultation');
  await expect(page.getByText('Elija un vehículo')).toBeVisible();
  await page.screenshot({ path: join(OUT, 'travel-choose-390-light-es.png'), fullPage: true });
});

for (const combination of COMBINATIONS) {
  const { language, theme, user } = combination;
  test(`travel screenshots ${language} ${theme}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const target = await vehicleWithHistory(request);
    await useCombination(page, request, combination);
    await page.setViewportSize(WIDE);
    await signIn(page, user);
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await openRoute(page, target);
      await page.waitForTimeout(1500); // tiles and the fit
      const name = (kind: string) =>
        join(OUT, `travel-${kind}-${size.width}-${theme}-${language}.png`);
      await page.screenshot({ path: name('route'), fullPage: true, animations: 'disabled' });
      const play = page.getByRole('button', { name: language === 'es' ? 'Reproducir' : 'Play' });
      await play.click();
      await page.waitForTimeout(2500);
      await page.screenshot({ path: name('replay'), fullPage: false, animations: 'disabled' });
      await page.getByRole('button', { name: language === 'es' ? 'Pausar' : 'Pause' }).click();
    }
  });
}
