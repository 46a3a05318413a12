import { expect, test, type Page } from '@playwright/test';
import type { FuelConsumptionAnswer } from '@rumbo/contracts';
import type { AvlRecordInput } from '../../../packages/telematics/src/teltonika/teltonika.encoder';
import { vehicleWithDevice } from './support/device-vehicle';
import { exportsExcel, openScreen, scrollsSideways } from './support/helpers';
import {
  atBothWidths,
  ES_LIGHT,
  NARROW,
  shooter,
  signInWide,
  signInWithCombination,
  testEachCombination,
  WIDE,
} from './support/shots';
import { sendRecords } from './support/teltonika-device';
import { USERS } from './support/users';

// The fuel screens (issue 14) on the demo fleet (its history goes through the real fuel detector,
// and its trucks carry tanks): refills and thefts with a refill's level chart, consumption with the
// balance explained, AdBlue ratios, urea refills; then a suspected theft made by real Teltonika
// frames in a company of its own, confirmed with a note, and the tank editor in administration.
// Screenshots at 1440 and 390 px, light and dark, Spanish and English.

const TITLES = {
  es: {
    refuel: 'Detección de cargas',
    consumption: 'Análisis de consumo',
    catalyst: 'AdBlue (catalizador)',
    urea: 'Cargas de urea',
  },
  en: {
    refuel: 'Refill detection',
    consumption: 'Consumption analysis',
    catalyst: 'AdBlue (catalyst)',
    urea: 'Urea refills',
  },
};

/** Waits for a list's table, or its empty message; true when rows are listed. */
async function listed(page: Page, testId: string): Promise<boolean> {
  const table = page.getByTestId(testId);
  const empty = page.getByTestId('table-empty');
  await expect(table.or(empty)).toBeVisible({ timeout: 60_000 });
  return table.isVisible();
}

/** The level chart of the open event's dialog has drawn its readings. */
async function expectLevelChart(page: Page) {
  const chart = page.getByTestId('fuel-event-dialog').getByTestId('level-chart');
  await expect(chart.locator('canvas')).toBeVisible({ timeout: 30_000 });
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(5);
  expect(Number(await chart.getAttribute('data-evidence'))).toBeGreaterThan(0);
}

testEachCombination(
  {
    title: ({ language, theme }) => `fuel screens with the demo fleet (${language}, ${theme})`,
    shots: { prefix: 'fuel', fullPage: true },
  },
  async ({ page, request, combination, shot }) => {
    const { language, theme } = combination;
    test.setTimeout(420_000);
    await signInWithCombination(page, request, combination);

    await atBothWidths(page, async (_size, wide) => {
      // Refills and suspected thefts: the demo history holds refills; one opens its level chart.
      await openScreen(page, '/app/fuel/refuel?period=last7d', TITLES[language].refuel);
      expect(await listed(page, 'fuel-events-table'), 'the demo history has refills').toBe(true);
      await expect(page.getByTestId('figure-refills')).not.toHaveText(/\s0$/);
      expect(await scrollsSideways(page), 'refuel scrolls sideways').toBe(false);
      await shot('refuel');
      if (wide && language === 'es' && theme === 'light') await exportsExcel(page);
      const table = page.getByTestId('fuel-events-table');
      await table
        .locator('[data-row]')
        .filter({ has: page.locator('[data-code="CRG"]') })
        .first()
        .click();
      await expectLevelChart(page);
      await expect(page.getByTestId('fuel-event-explanation')).toBeVisible();
      await shot('refill-chart');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('fuel-event-dialog')).toBeHidden();

      // Consumption per vehicle with the trend and a balance explained, then per driver.
      await openScreen(page, '/app/fuel/consumtion?period=last7d', TITLES[language].consumption);
      expect(await listed(page, 'fuel-consumption-table')).toBe(true);
      await expect(page.getByTestId('consumption-trend').locator('svg').first()).toBeVisible();
      const first = page.getByTestId('fuel-consumption-table').locator('[data-row]').first();
      await first
        .locator(wide ? 'td' : 'button')
        .first()
        .click();
      await expect(page.getByTestId('balance-detail').first()).toBeVisible();
      // The demo trucks count their fuel: CO₂ per row and in total, none of it estimated.
      await expect(page.getByTestId('figure-co2')).toContainText(/\d t|\d kg/u);
      await expect(first.getByTestId('co2-estimated')).toHaveCount(0);
      expect(await scrollsSideways(page), 'consumption scrolls sideways').toBe(false);
      await shot('consumption');
      await page.getByTestId('by-driver').click();
      await expect(page).toHaveURL(/by=driver/);
      expect(await listed(page, 'fuel-consumption-table')).toBe(true);
      await shot('consumption-drivers');

      // A phone (no fuel data) among the trucks: N/D, and the fleet's L/100 km over the trucks'
      // kilometres only. The e2e demo has 5 Teltonika trucks (the 10th is the phone), so a phone
      // row as the server answers it (apps/server/test) is added to the real answer.
      await page.route('**/api/v2/fuel/consumption/**', async (route) => {
        const real = (await (await route.fetch()).json()) as FuelConsumptionAnswer;
        const truck = real.rows[0]!;
        const phone = {
          ...truck,
          vehicleId: 999_999,
          plate: 'TEL001',
          distanceKm: 1_234.5,
          fuelL: 0,
          idleFuelL: 0,
          drivingFuelL: 0,
          idleS: 0,
          lPer100Km: null,
          drivingLPer100Km: null,
          idleLPerH: null,
          balance: null,
          // As the server estimates it (decision 0050): 1,234.5 km × 32 L/100 km × 2.47 kg/L.
          co2: { fuelType: 'diesel' as const, ttwKg: 975.7, wtwKg: 1236.5, isEstimated: true },
        };
        await route.fulfill({ json: { ...real, rows: [...real.rows, phone] } });
      });
      await page.goto('/app/fuel/consumtion?period=last7d');
      const phoneRow = page.getByTestId('fuel-consumption-table').locator('[data-row="999999:"]');
      await expect(phoneRow).toContainText(language === 'es' ? 'N/D' : 'N/A', { timeout: 45_000 });
      await expect(phoneRow).not.toContainText('0,0 l/100km');
      // Its CO₂ is estimated from the kilometres, and marked; the total says how much of it is.
      await expect(phoneRow).toContainText(language === 'es' ? '975,7 kg' : '975.7 kg');
      await expect(phoneRow.getByTestId('co2-estimated').first()).toBeVisible();
      await expect(page.getByTestId('figure-co2')).toContainText(
        language === 'es' ? '975,7 kg estimado' : '975.7 kg estimated',
      );
      if (theme === 'light') await shot('consumption-phone');
      await page.unroute('**/api/v2/fuel/consumption/**');

      // AdBlue per vehicle with its ratio.
      await openScreen(page, '/app/fuel/catalyst?period=last7d', TITLES[language].catalyst);
      expect(await listed(page, 'fuel-adblue-table')).toBe(true);
      await expect(page.getByTestId('adblue-rule')).toBeVisible();
      expect(await scrollsSideways(page), 'catalyst scrolls sideways').toBe(false);
      await shot('catalyst');

      // Urea refills (a day of demo history may hold none: then the empty message).
      await openScreen(page, '/app/fuel/add?period=last7d', TITLES[language].urea);
      await listed(page, 'fuel-events-table');
      expect(await scrollsSideways(page), 'urea scrolls sideways').toBe(false);
      await shot('urea');
    });
  },
);

/**
 * A truck's frames as an FMB640 sends them: 10 s apart driving, 60 s stopped (engine off), the
 * fuel level (IO 87, %) and AdBlue level (IO 10455, %) given per record, the ECU fuel counter
 * (IO 86) burning 30 L/h while driving.
 */
function truckFrames(
  startMs: number,
  legs: {
    minutes: number;
    speedKmh: number;
    fuel: (i: number) => number;
    urea: (i: number) => number;
  }[],
): AvlRecordInput[] {
  const records: AvlRecordInput[] = [];
  let t = startMs;
  let lng = -58.4;
  let used = 120_000;
  for (const leg of legs) {
    const everyS = leg.speedKmh > 0 ? 10 : 60;
    const count = Math.round((leg.minutes * 60) / everyS);
    for (let i = 0; i < count; i++) {
      const moving = leg.speedKmh > 0;
      records.push({
        timestampMs: t,
        lat: -34.6,
        lng,
        speedKmh: leg.speedKmh,
        angleDeg: 90,
        satellites: 11,
        altitudeM: 25,
        io: [
          { id: 239, group: 1, value: moving ? 1 : 0 },
          { id: 240, group: 1, value: moving ? 1 : 0 },
          { id: 80, group: 1, value: leg.speedKmh },
          { id: 87, group: 1, value: leg.fuel(i) },
          { id: 10455, group: 1, value: leg.urea(i) },
          { id: 86, group: 4, value: Math.floor(used) },
        ],
      });
      t += everyS * 1000;
      lng += (leg.speedKmh / 3.6) * everyS * 1e-5;
      if (moving) used += (30 * everyS) / 3600;
    }
  }
  return records;
}

test('a suspected theft from a real device is confirmed with a note; the tank editor refuses a falling table', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const user = USERS.fuel;
  const { plate, imei, vehicleId, session } = await vehicleWithDevice(request, user, 'FU');
  const tanks = await request.put(`/api/vehicles/admin/vehicles/${vehicleId}/tanks`, {
    headers: session.headers,
    data: { tanks: [{ capacityL: 600, calibration: null }], adBlueCapacityL: 80 },
  });
  expect(tanks.ok(), await tanks.text()).toBe(true);

  // Driving at 40 %, a stop where it fills to 70 % (and AdBlue 20 → 80 %), driving on; then a
  // 40-minute stop where the level falls to 55 % with the engine off (90 L), driving on.
  const sloshing = (base: number) => (i: number) => base + (i % 3) - 1;
  const start = Date.now() - 2 * 3_600_000;
  await sendRecords(
    imei,
    truckFrames(start, [
      { minutes: 20, speedKmh: 80, fuel: sloshing(40), urea: () => 20 },
      {
        minutes: 30,
        speedKmh: 0,
        fuel: (i) => (i < 10 ? 40 : 70),
        urea: (i) => (i < 12 ? 20 : 80),
      },
      { minutes: 10, speedKmh: 80, fuel: sloshing(70), urea: () => 80 },
      { minutes: 40, speedKmh: 0, fuel: (i) => (i < 15 ? 70 : 55), urea: () => 80 },
      { minutes: 10, speedKmh: 80, fuel: sloshing(55), urea: () => 80 },
    ]),
  );
  const from = start - 3_600_000;
  const to = Date.now() + 3_600_000;
  await expect
    .poll(
      async () => {
        const answer = await request.get(
          `/api/v2/fuel/events/${from}/${to}?codes[]=CRG&codes[]=DCS&codes[]=AUR`,
          { headers: { 'user-token': session.userToken } },
        );
        const body = (await answer.json()) as { events?: { code: string }[] };
        return (body.events ?? []).map((e) => e.code).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(['AUR', 'CRG', 'DCS']);

  await signInWide(page, user);
  await page.goto('/app/fuel/refuel?period=last7d&kind=pending');
  const row = page.getByTestId('fuel-events-table').locator('[data-row]').first();
  await expect(row).toContainText(plate, { timeout: 45_000 });
  await expect(row.locator('[data-review="pending"]')).toBeVisible();
  await row.click();
  await expectLevelChart(page);
  await expect(page.getByTestId('fuel-event-explanation')).toContainText('faltan');
  const shot = shooter(page, ES_LIGHT, { prefix: 'fuel', fullPage: true });
  await shot('theft');
  await page.setViewportSize(NARROW);
  await shot('theft');
  await page.setViewportSize(WIDE);

  await page.locator('#theft-note').fill('Revisado con el chofer: no hubo trasvase.');
  await page.getByTestId('theft-confirm').click();
  await expect(page.getByTestId('theft-reviewed')).toContainText('Confirmado por');
  await expect(page.getByTestId('theft-reviewed')).toContainText('no hubo trasvase');
  await shot('theft-confirmed');
  await page.keyboard.press('Escape');
  // It leaves the thefts to review; with every kind shown it reads "confirmed".
  await expect(page.getByTestId('table-empty')).toBeVisible();
  await page.goto('/app/fuel/refuel?period=last7d');
  await expect(page.locator('[data-review="confirmed"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('figure-pending')).toContainText('0');

  // The AdBlue refill of the same frames, with its chart.
  await page.goto('/app/fuel/add?period=last7d');
  await page.getByTestId('fuel-events-table').locator('[data-row]').first().click();
  await expectLevelChart(page);
  await shot('urea-chart');
  await page.keyboard.press('Escape');

  // Tanks: a calibration table whose new point falls is refused; once fixed it saves.
  await page.goto('/app/admin/vehicles');
  await page.getByRole('button', { name: `Tanques de combustible de ${plate}` }).click();
  const dialog = page.getByTestId('tanks-dialog');
  await expect(dialog.locator('#tank-0-capacity')).toHaveValue('600');
  await dialog.getByRole('switch', { name: /Tabla de calibración/ }).check();
  await dialog.getByRole('button', { name: 'Agregar un punto' }).click();
  await dialog.locator('#tank-0-point-2-pct').fill('50');
  await dialog.locator('#tank-0-point-2-litres').fill('280');
  await dialog.getByTestId('tanks-save').click();
  await expect(dialog.getByText('Debe ser mayor que el punto anterior').first()).toBeVisible();
  await shot('tanks-error');
  await dialog.getByRole('button', { name: 'Quitar el punto 2' }).click();
  await dialog.getByTestId('tanks-save').click();
  await expect(dialog).toBeHidden();
  const saved = await request.get(`/api/vehicles/admin/vehicles/${vehicleId}/tanks`, {
    headers: session.headers,
  });
  expect(await saved.json()).toEqual({
    tanks: [
      {
        capacityL: 600,
        calibration: [
          { pct: 0, litres: 0 },
          { pct: 50, litres: 280 },
        ],
      },
    ],
    adBlueCapacityL: 80,
  });
});
