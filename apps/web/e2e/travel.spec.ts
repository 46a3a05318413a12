import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { apiSession, navigateInApp, saveConfig, scrollsSideways, signIn } from './support/helpers';
import {
  atBothWidths,
  NARROW,
  SHOTS_DIR,
  signInWide,
  signInWithCombination,
  testEachCombination,
} from './support/shots';
import { DEMO, USERS } from './support/users';

// Travel consultation (map/travel_consultation/{id}/{from}/{to}) against the demo fleet, whose
// simulated trucks backfill a day of history through the device ports when the server starts.

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
  // The screen's chunk and MapLibre load first (slow on a busy machine), then the history.
  await expect(page.getByTestId('travel-page')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('travel-list').locator('[data-kind="trip"]').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('speed-chart').locator('canvas')).toBeVisible();
}

/** The demo user on a wide screen, with a vehicle that has history (the test may wait for it). */
async function signInWithHistory(page: Page, request: APIRequestContext): Promise<Found> {
  test.setTimeout(240_000);
  const target = await vehicleWithHistory(request);
  await signInWide(page, DEMO);
  return target;
}

test('shows the route, trips and stops, replays it with the chart cursor following', async ({
  page,
  request,
}) => {
  const target = await signInWithHistory(page, request);
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
  // The crosshair stands where the replay cursor is, give or take the records around it (a
  // parked truck reports every few minutes, so the nearest record may lie minutes away).
  expect(Math.abs(mapHover - (await replayTime(page)))).toBeLessThan(300_000);
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
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, 'travel-empty-390-light-es.png'), fullPage: true });
  expect(await scrollsSideways(page)).toBe(false);
  // A vehicle that is not the tenant's: the server's 404, said plainly, with a retry.
  await navigateInApp(page, `/app/map/travel_consultation/999999/${target.from}/${target.to}`);
  const failure = page.getByRole('alert').filter({ hasText: 'No se pudo cargar el recorrido.' });
  await expect(failure).toBeVisible({ timeout: 30_000 });
  await expect(failure.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  await page.screenshot({ path: join(SHOTS_DIR, 'travel-error-390-light-es.png'), fullPage: true });
  // Without a vehicle: an invitation to choose one.
  await navigateInApp(page, '/app/map/travel_consultation');
  await expect(page.getByText('Elija un vehículo')).toBeVisible();
  await page.screenshot({
    path: join(SHOTS_DIR, 'travel-choose-390-light-es.png'),
    fullPage: true,
  });
});

/** What the date fields show (spec §9): an instant at a UTC offset, in the language's format. */
function shownAt(timeMs: number, offsetHours: number, language: 'es' | 'en'): string {
  const d = new Date(timeMs + offsetHours * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  const [day, month] = [p(d.getUTCDate()), p(d.getUTCMonth() + 1)];
  const date = language === 'es' ? `${day}/${month}` : `${month}/${day}`;
  return `${date}/${d.getUTCFullYear()} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

test("the period picker follows the user's language, date format and time zone", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const target = await vehicleWithHistory(request);
  const user = USERS.travelDates;
  // The user lives at UTC+2; the browser runs at UTC−3 in Spanish (playwright.config.ts).
  await saveConfig(request, user, { idioma: 'en', timeZone: 2 });
  await signInWide(page, user);
  const address = (from: number, to: number) =>
    `/app/map/travel_consultation/${target.vehicleId}/${from}/${to}`;
  await navigateInApp(page, address(target.from, target.to));
  await expect(page.getByTestId('travel-page')).toBeVisible({ timeout: 90_000 });
  const from = page.locator('#travel-from');
  const to = page.locator('#travel-to');
  await expect(from).toHaveValue(shownAt(target.from, 2, 'en'));
  await expect(to).toHaveValue(shownAt(target.to, 2, 'en'));
  // MM/dd/yyyy in English, 24-hour clock with seconds.
  await expect(from).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  // Editing writes the instant at the user's offset: an hour earlier (or later) is exactly
  // 3,600,000 ms. The hour field wraps within its day (00 → 23), so step away from the wrap.
  const hourAtOffset = new Date(target.from + 2 * 3_600_000).getUTCHours();
  const step = hourAtOffset === 0 ? 3_600_000 : -3_600_000;
  const edited = target.from + step;
  const fromGroup = page.getByRole('group', { name: 'From' });
  await fromGroup.getByRole('spinbutton', { name: 'Hours' }).click();
  await page.keyboard.press(step < 0 ? 'ArrowDown' : 'ArrowUp');
  await expect(page).toHaveURL(new RegExp(`${address(edited, target.to)}$`));
  await expect(from).toHaveValue(shownAt(edited, 2, 'en'));
  // The calendar speaks English too.
  await fromGroup.getByRole('button', { name: /^Choose date/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeVisible();
  await expect(
    dialog.getByText(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');

  // Spanish: dd/MM/yyyy, same instants, same offset.
  await saveConfig(request, user, { idioma: 'es', timeZone: 2 });
  await page.reload();
  await expect(page.getByTestId('travel-page')).toBeVisible({ timeout: 90_000 });
  await expect(from).toHaveValue(shownAt(edited, 2, 'es'));
  await expect(to).toHaveValue(shownAt(target.to, 2, 'es'));
  const desde = page.getByRole('group', { name: 'Desde' });
  await desde.getByRole('button', { name: /^Elige fecha/ }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Cancelar' })).toBeVisible();
  await expect(
    page
      .getByRole('dialog')
      .getByText(
        /^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) \d{4}$/,
      ),
  ).toBeVisible();
  await page.keyboard.press('Escape');
});

test('cancel-all leaves travel consultation usable: what is shown stays, a cut load offers a retry', async ({
  page,
  request,
}) => {
  const target = await signInWithHistory(page, request);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/tile\.openstreetmap|Failed to load resource/.test(m.text())) {
      problems.push(`console: ${m.text()}`);
    }
  });
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  // Requests let through only when told: the vehicle list, then the history calls.
  const held = { groups: true, history: false };
  const holdWhile = (key: keyof typeof held) => async (route: Route) => {
    while (held[key]) await new Promise((r) => setTimeout(r, 100));
    await route.continue().catch(() => undefined);
  };
  await page.route('**/api/vehicles/groups/vehicles', holdWhile('groups'));
  await page.route('**/api/vehicles/history/**', holdWhile('history'));

  // The case: the route is drawn while the vehicle list still loads, then cancel-all.
  await openRoute(page, target);
  const cancel = page.getByTestId('cancel-requests');
  await expect(cancel).toBeEnabled();
  await cancel.click();
  const picker = page.locator('#travel-vehicle');
  await expect(page.getByText('Se canceló la carga de la lista de vehículos.')).toBeVisible();
  await expect(picker).toHaveValue(target.plate);
  await expect(page.getByText('No se pudo cargar')).toHaveCount(0);
  await expect(page.getByTestId('replay-vehicle')).toBeAttached();
  await expect(page.getByTestId('travel-list').locator('[data-kind="trip"]').first()).toBeVisible();
  // Retry brings the list.
  held.groups = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Se canceló la carga de la lista de vehículos.')).toHaveCount(0);
  await picker.click();
  await expect(page.getByRole('option', { name: target.plate })).toBeVisible();
  await page.keyboard.press('Escape');

  // A new period cut before its history arrives: said plainly, with a retry that loads it.
  held.history = true;
  await page.getByRole('button', { name: 'Últimas 24 h' }).click();
  await expect(cancel).toBeEnabled();
  await cancel.click();
  const cancelled = page.getByTestId('travel-load-cancelled');
  await expect(cancelled).toContainText('Se canceló la carga del recorrido.');
  await expect(page.getByTestId('travel-load-failed')).toHaveCount(0);
  await expect(picker).toHaveValue(target.plate);
  held.history = false;
  await cancelled.getByRole('button', { name: 'Reintentar' }).click();
  await expect(cancelled).toHaveCount(0);
  await expect(page.getByTestId('speed-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
  expect(problems).toEqual([]);
});

testEachCombination(
  {
    title: ({ language, theme }) => `travel screenshots ${language} ${theme}`,
    shots: { prefix: 'travel', pointerAway: false },
  },
  async ({ page, request, combination, shot }) => {
    const { language } = combination;
    test.setTimeout(240_000);
    const target = await vehicleWithHistory(request);
    await signInWithCombination(page, request, combination);
    await atBothWidths(page, async () => {
      await openRoute(page, target);
      await page.waitForTimeout(1500); // tiles and the fit
      await shot('route', { fullPage: true });
      const play = page.getByRole('button', { name: language === 'es' ? 'Reproducir' : 'Play' });
      await play.click();
      await page.waitForTimeout(2500);
      await shot('replay');
      await page.getByRole('button', { name: language === 'es' ? 'Pausar' : 'Pause' }).click();
    });
  },
);
