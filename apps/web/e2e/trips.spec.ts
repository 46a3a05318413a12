import { expect, test } from '@playwright/test';
import { vehicleWithDevice } from './support/device-vehicle';
import { scrollsSideways } from './support/helpers';
import { applyCombination, NARROW, signInWide, testEachCombination } from './support/shots';
import { sendTeltonika } from './support/teltonika-device';
import { LOOK_USERS } from './support/users';

// Planned trips (issue 15, trip loading): a plan made on the map (two clicks: origin and
// destination), an import whose file has a bad row (the per-row report, nothing imported), and a
// trip followed from real device frames (started, one DDR while 800 m off the corridor, arrived)
// with its plan against actual; screenshots at 1440 and 390 px, light and dark, ES and EN.

const START = { lat: -34.6, lng: -58.45 };
const M_LNG = 111_320 * Math.cos((START.lat * Math.PI) / 180);
const east = (m: number) => START.lng + m / M_LNG;
const north = (m: number) => START.lat + m / 111_195;

const TEXT = {
  es: {
    title: 'Viajes planificados',
    new: 'Nuevo viaje',
    save: 'Guardar',
    import: 'Importar',
    arrived: 'Llegó',
    progress: /Salió del corredor \(DDR\)/,
    report: 'ninguno de sus vehículos tiene esta patente',
  },
  en: {
    title: 'Planned trips',
    new: 'New trip',
    save: 'Save',
    import: 'Import',
    arrived: 'Arrived',
    progress: /Left the corridor \(DDR\)/,
    report: 'no vehicle of yours has this plate',
  },
};

testEachCombination(
  {
    title: ({ language, theme }) =>
      `planned trips: create on the map, import with a bad row, follow-up (${language}, ${theme})`,
    shots: { prefix: 'trips' },
    combinations: LOOK_USERS.trips,
  },
  async ({ page, request, combination, shot: tripsShot }) => {
    const { language } = combination;
    const text = TEXT[language];
    test.setTimeout(300_000);
    await applyCombination(page, request, combination);
    const shot = (name: string) => tripsShot(name, { fullPage: name === 'list' });
    const { plate, imei, session } = await vehicleWithDevice(request, combination.user, 'TR');

    // A plan along 3 km east of START, started two minutes ago, followed by device frames.
    const now = Date.now();
    const created = await request.post('/api/v2/planned-trips', {
      headers: session.headers,
      data: {
        vehicleId: (
          (await (
            await request.get('/api/vehicles/vehicles', { headers: session.headers })
          ).json()) as { vehicleId: number; plate: string }[]
        ).find((v) => v.plate === plate)!.vehicleId,
        name: 'Depósito → Cliente',
        corridorM: 300,
        stops: [
          {
            name: 'Depósito',
            ...START,
            radiusM: 150,
            plannedAt: new Date(now - 180_000).toISOString(),
          },
          {
            name: 'Cliente',
            lat: START.lat,
            lng: east(3_000),
            radiusM: 150,
            plannedAt: new Date(now + 600_000).toISOString(),
          },
        ],
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    await page.waitForTimeout(1_000); // the pipeline's plan reload
    // 72 km/h east (100 m per 5 s); from 1 km to 2 km, 800 m north of the route (50 s away).
    await sendTeltonika(
      imei,
      Array.from({ length: 32 }, (_, k) => {
        const x = k * 100;
        return {
          lat: x > 1_000 && x <= 2_000 ? north(800) : START.lat,
          lng: east(x),
          speedKmh: 72,
        };
      }),
    );

    await signInWide(page, combination.user);
    await page.goto('/app/trip/travels');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible({
      timeout: 30_000,
    });
    const row = page.locator('[data-testid^="trip-row-"]').first();
    await expect(row).toContainText(plate, { timeout: 30_000 });
    await expect(row).toContainText(text.arrived, { timeout: 30_000 });
    await expect(row.getByTestId('trip-deviations')).toHaveText('DDR × 1');
    expect(await scrollsSideways(page), 'list scrolls sideways').toBe(false);
    await shot('list');

    // The follow-up: plan against actual and the progress.
    await row.click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByTestId('trip-progress')).toContainText(text.progress);
    await expect(detail.getByTestId('trip-plan-actual')).toBeVisible();
    await page.waitForTimeout(1_500); // map tiles
    await shot('detail');
    await page.keyboard.press('Escape');

    // A plan made on the map: the vehicle, then two clicks (origin, destination).
    await page.getByRole('button', { name: text.new }).click();
    const editor = page.getByRole('dialog');
    await editor.locator('#trip-vehicle').click();
    await page.getByRole('option', { name: plate }).click();
    const map = editor.getByTestId('trip-editor-map').locator('canvas');
    await expect(map).toBeVisible();
    await page.waitForTimeout(1_000);
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.3, y: box.height * 0.5 } });
    await map.click({ position: { x: box.width * 0.7, y: box.height * 0.4 } });
    await expect(editor.getByTestId('trip-stop-1')).toBeVisible();
    await shot('editor');
    await editor.getByRole('button', { name: text.save }).click();
    await expect(page.getByRole('dialog').getByTestId('trip-plan-actual')).toBeVisible({
      timeout: 15_000,
    });
    await page.keyboard.press('Escape');

    // An import with a bad row: the report names the row and the column; nothing goes in.
    const before = await page.locator('[data-testid^="trip-row-"]').count();
    await page.getByRole('button', { name: text.import, exact: true }).click();
    const csv = [
      'plate,name,origin,origin_lat,origin_lng,start,destination,destination_lat,destination_lng,arrival',
      `${plate},Bien,A,${START.lat},${START.lng},2030-05-02 08:00,B,${START.lat},${east(5_000)},2030-05-02 09:00`,
      `XX000XX,Mal,A,${START.lat},${START.lng},2030-05-02 08:00,B,${START.lat},${east(5_000)},2030-05-02 09:00`,
    ].join('\n');
    await page.getByTestId('trip-import-file').setInputFiles({
      name: 'viajes.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    const importDialog = page.getByRole('dialog');
    await importDialog.getByRole('button', { name: text.import, exact: true }).click();
    const report = importDialog.getByTestId('trip-import-report');
    await expect(report).toContainText(text.report);
    await expect(report).toContainText('3');
    await shot('import');
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-testid^="trip-row-"]')).toHaveCount(before);

    // Phone: cards, then a trip's follow-up.
    await page.setViewportSize(NARROW);
    await expect(page.getByTestId('trips-cards')).toBeVisible();
    expect(await scrollsSideways(page), 'phone list scrolls sideways').toBe(false);
    await shot('list');
    await page.getByTestId('trips-cards').getByText('Depósito → Cliente').click();
    await expect(page.getByRole('dialog').getByTestId('trip-progress')).toBeVisible();
    await page.waitForTimeout(1_500);
    await shot('detail');
  },
);
