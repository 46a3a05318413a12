import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiSession, saveConfig, scrollsSideways, signIn } from './support/helpers';
import { LOOK_USERS, USERS, type TestUser } from './support/users';
import {
  atBothWidths,
  saveLook,
  shooter,
  SHOTS_DIR,
  signInWide,
  suiteCombinations,
  WIDE,
} from './support/shots';

// Fleet screens against the real server fed by the simulator (DEMO=1, 5 vehicles).

interface LastInfo {
  idvehiculo: number;
  plate: string;
  lastConnection: string | null;
  status: string;
  implementos: string | null;
  marca: string | null;
  modelo: string | null;
  modelyear: number | null;
  fms1: { odometro: number | null; ureaLevel: number | null };
  fms4: { engineHours: number | null };
}
interface Vehicle {
  vehicleId: number;
  plate: string;
  vim: string;
  kind: string;
  description: string;
  groupName: string | null;
}

const UNITS_MI = {
  volume: 'lt',
  distance: 'mi',
  consumption: 'l/100km',
  mass: 'kg',
  speed: 'km/h',
  temperature: 'C',
  pressure: 'bar',
};

const es1 = (n: number) =>
  new Intl.NumberFormat('es-ES', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

async function fetchVehicles(request: APIRequestContext, user: TestUser): Promise<Vehicle[]> {
  const session = await apiSession(request, user);
  const answer = await request.get('/api/vehicles/vehicles', { headers: session.headers });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as Vehicle[];
}

/** Keeps the last `last_position` body the page received (what its tables and popup show). */
function watchLastPosition(page: Page) {
  let latest: LastInfo[] | null = null;
  page.on('response', async (response) => {
    if (!response.url().includes('/api/rest/vehicle/last_position') || !response.ok()) return;
    try {
      latest = (await response.json()) as LastInfo[];
    } catch {
      // A response cut short by navigation: keep the previous one.
    }
  });
  return () => latest;
}

/** The plates of the visible table rows, in order. */
async function visiblePlates(page: Page): Promise<string[]> {
  return page.locator('[data-testid="vehicles-table"] tbody [data-column="plate"]').allInnerTexts();
}

async function downloadRows(page: Page): Promise<string[][]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('table-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/_\d{8}_\d{6}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text));
    rows.push(cells);
  });
  return rows;
}

test.describe('fleet', () => {
  test('vehicle popup shows the vehicle and its last info; the copy check lasts 2 s', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await saveConfig(request, USERS.fleet, { idioma: 'es', units: UNITS_MI });
    const vehicles = await fetchVehicles(request, USERS.fleet);
    expect(vehicles.length).toBe(5);
    const lastPosition = watchLastPosition(page);
    await signIn(page, USERS.fleet);
    await page.goto('/app/fleet/vehicles');
    await expect(page.locator('[data-testid="vehicles-table"] tbody tr')).toHaveCount(5);

    // A vehicle that has reported its odometer.
    await expect.poll(() => lastPosition()?.some((i) => i.fms1.odometro !== null)).toBe(true);
    const info = lastPosition()!.find((i) => i.fms1.odometro !== null)!;
    const vehicle = vehicles.find((v) => v.vehicleId === info.idvehiculo)!;
    await page
      .locator(`[data-testid="vehicles-table"] tbody tr[data-row="${vehicle.vehicleId}"]`)
      .click();
    const popup = page.getByTestId('vehicle-popup');
    await expect(popup.getByRole('heading')).toContainText(vehicle.plate);
    const field = (name: string) => popup.locator(`[data-field="${name}"] [data-value]`);
    const noInfo = 'Sin información';
    // What the popup must show, from the vehicle and the last info the page received last (the
    // popup refreshes it when it is older than 10 s, so compare until both agree).
    const expected = () => {
      const shown = lastPosition()!.find((i) => i.idvehiculo === vehicle.vehicleId)!;
      const brand = [shown.marca, shown.modelo, shown.modelyear].filter(Boolean).join(' / ');
      return {
        plate: vehicle.plate,
        chassis: vehicle.vim || noInfo,
        group: vehicle.groupName ?? noInfo,
        implements: shown.implementos ?? noInfo,
        brand_model_year: brand || noInfo,
        mileage: `${es1(shown.fms1.odometro! / 1.609344)} mi`,
        engine_hours:
          shown.fms4.engineHours === null ? noInfo : `${es1(shown.fms4.engineHours)} hs`,
        urea: shown.fms1.ureaLevel === null ? noInfo : `${es1(shown.fms1.ureaLevel)} %`,
      };
    };
    const mismatches = async () => {
      const want = expected();
      const wrong: string[] = [];
      for (const [name, value] of Object.entries(want)) {
        const text = await field(name).textContent();
        if (text !== value) wrong.push(`${name}: ${text} ≠ ${value}`);
      }
      return wrong;
    };
    await expect.poll(mismatches, { timeout: 15_000 }).toEqual([]);
    await expect(field('description')).toContainText(
      vehicle.description.trim() ? vehicle.description.trim() : /\S/,
    );

    // Copy: the check mark appears, the plate is on the clipboard, and the mark goes after 2 s.
    // The page itself times the mark (a loaded machine delays the test's own polling).
    await page.evaluate(() => {
      const times: { clicked?: number; shown?: number; hidden?: number } = {};
      (window as unknown as { copyCheck: typeof times }).copyCheck = times;
      // Capturing: stamped as the click reaches the page, before the button's handler runs.
      document.addEventListener('click', () => (times.clicked ??= performance.now()), true);
      new MutationObserver(() => {
        const present = document.querySelector('[data-testid="copy-check"]') !== null;
        if (present && times.shown === undefined) times.shown = performance.now();
        if (!present && times.shown !== undefined) times.hidden ??= performance.now();
      }).observe(document.body, { subtree: true, childList: true });
    });
    await popup.getByRole('button', { name: 'Copiar patente' }).click();
    const check = popup.getByTestId('copy-check');
    await expect(check).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vehicle.plate);
    await expect(check).toHaveCount(0, { timeout: 5000 });
    await expect(popup.getByRole('button', { name: 'Copiar patente' })).toBeVisible();
    const times = await page.evaluate(
      () =>
        (window as unknown as { copyCheck: { clicked: number; shown: number; hidden: number } })
          .copyCheck,
    );
    // The 2 s timer starts at the click (the mark is drawn a frame or more later, much later on a
    // loaded machine, so the time is counted from the click).
    expect(times.shown).toBeGreaterThanOrEqual(times.clicked);
    expect(times.hidden - times.clicked).toBeGreaterThanOrEqual(1950);
    expect(times.hidden - times.clicked).toBeLessThan(3000);
    await popup.getByRole('button', { name: 'Cerrar' }).click();
    await expect(popup).toHaveCount(0);
  });

  test('vehicles and groups export exactly the rows shown', async ({ page, request }) => {
    await saveConfig(request, USERS.fleet, { idioma: 'es', units: UNITS_MI });
    await signIn(page, USERS.fleet);
    await page.goto('/app/fleet/vehicles');
    const rows = page.locator('[data-testid="vehicles-table"] tbody tr');
    await expect(rows).toHaveCount(5);

    // Everything, sorted by plate.
    const all = await visiblePlates(page);
    let sheet = await downloadRows(page);
    expect(sheet[0]![0]).toBe('Patente');
    expect(sheet.slice(1).map((r) => r[0])).toEqual(all);

    // After a search: only the matching row.
    const target = all[2]!;
    await page.getByTestId('table-search').fill(target);
    await expect(rows).toHaveCount(1);
    sheet = await downloadRows(page);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([target]);

    // A status filter (from the address, as the overview links) plus a descending sort.
    const status = (await rows.first().locator('[data-status]').getAttribute('data-status'))!;
    await page.goto(`/app/fleet/vehicles?status=${status}&sort=plate:desc`);
    await expect(rows.first()).toBeVisible();
    const filtered = await visiblePlates(page);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered).toEqual([...filtered].sort().reverse());
    sheet = await downloadRows(page);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(filtered);

    // Groups.
    await page.goto('/app/fleet/groups');
    const groupRows = page.locator('[data-testid="groups-table"] tbody tr[data-row]');
    await expect(groupRows.first()).toBeVisible();
    const names = await page
      .locator('[data-testid="groups-table"] tbody [data-column="name"]')
      .allInnerTexts();
    sheet = await downloadRows(page);
    expect(sheet[0]![0]).toBe('Grupo');
    expect(sheet.slice(1).map((r) => r[0])).toEqual(names);
    await page.getByTestId('table-search').fill(names[0]!);
    await expect(groupRows).toHaveCount(1);
    sheet = await downloadRows(page);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([names[0]]);
  });

  for (const look of suiteCombinations(LOOK_USERS.fleet)) {
    const { language, theme, user } = look;
    test(`screenshots ${language} ${theme}`, async ({ page, request }) => {
      mkdirSync(SHOTS_DIR, { recursive: true });
      await saveLook(request, user, look);
      const shot = shooter(page, look, { prefix: 'fleet', fullPage: true });
      await signInWide(page, user);
      await atBothWidths(page, async (size) => {
        await page.goto('/app/fleet');
        await expect(page.getByTestId('status-tiles')).toBeVisible();
        expect(await scrollsSideways(page)).toBe(false);
        await shot('overview');
        await page.goto('/app/fleet/vehicles');
        const vehiclesTable = page.getByTestId('vehicles-table');
        await expect(vehiclesTable.locator('[data-row]')).toHaveCount(5);
        expect(await scrollsSideways(page)).toBe(false);
        await shot('vehicles');
        await vehiclesTable.locator('[data-row]').first().click();
        await expect(
          page.getByTestId('vehicle-popup').locator('[data-field="mileage"]'),
        ).toBeVisible();
        await page.waitForTimeout(400);
        await shot('popup', { fullPage: false });
        await page.keyboard.press('Escape');
        await page.goto('/app/fleet/groups');
        const groupsTable = page.getByTestId('groups-table');
        await expect(groupsTable.locator('[data-row]').first()).toBeVisible();
        if (size === WIDE) await groupsTable.locator('tbody tr[data-row]').first().click();
        else await groupsTable.locator('[data-row] button').first().click();
        await expect(page.getByTestId('group-vehicles').first()).toBeVisible();
        expect(await scrollsSideways(page)).toBe(false);
        await shot('groups');
        await page.goto('/app/fleet/vehicles?q=zzzz-no-such');
        await expect(page.getByTestId('table-empty')).toBeVisible();
        await shot('vehicles-no-match', { fullPage: false });
        // A failed load offers a retry that recovers.
        await page.route('**/api/vehicles/groups/vehicles', (route) =>
          route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'internal', message: 'Service unavailable' }),
          }),
        );
        await page.goto('/app/fleet/groups');
        const failed = page.getByTestId('table-error');
        await expect(failed).toContainText('Service unavailable');
        await shot('groups-error', { fullPage: false });
        await page.unroute('**/api/vehicles/groups/vehicles');
        await failed.getByRole('button').click();
        await expect(page.getByTestId('groups-table')).toBeVisible();
      });
    });
  }
});
