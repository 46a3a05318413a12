import { expect, test } from '@playwright/test';
import { vehicleWithDevice } from './support/device-vehicle';
import { exportsExcel, openScreen, scrollsSideways } from './support/helpers';
import { inEachLookPage } from './support/shots';
import { sendTeltonika } from './support/teltonika-device';
import { USERS } from './support/users';

// diagnostic/history (issue 15): real FMB640 frames carrying DM1 reports (IO 10493) give a truck
// a closed red-stop oil-pressure fault and an open amber AdBlue one; the screen lists them with
// the code as mechanics read it beside its description, filters them, draws the truck's
// timeline and exports Excel; screenshots at 1440 and 390 px, light and dark, Spanish and English.

/** DM1 data fields: lamps, flash, then SPN/FMI/OC bytes (decisions/0026). */
const OIL_RED = Uint8Array.from([0x14, 0xff, 0x64, 0x00, 0x01, 0x01]); // SPN 100 FMI 1, red+amber
const ADBLUE_AMBER = Uint8Array.from([0x04, 0xff, 0xe1, 0x06, 0x11, 0x01]); // SPN 1761 FMI 17
const NONE = { id: 10493, group: 4 as const, value: 0 };

const TEXT = {
  es: {
    title: 'Historial de fallas',
    oil: 'Presión de aceite del motor',
    critical: 'Crítica',
    vehicle: 'Vehículo',
  },
  en: {
    title: 'Fault history',
    oil: 'Engine oil pressure',
    critical: 'Critical',
    vehicle: 'Vehicle',
  },
};

test('fault history from real DM1 frames, four languages and themes, two widths', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const user = USERS.diagnostics;
  const { plate, imei, session } = await vehicleWithDevice(request, user, 'DG');
  // 40 minutes a record a minute: healthy, 15 min oil pressure (red stop), healthy, then the
  // AdBlue level warning that is still active.
  const points = Array.from({ length: 40 }, (_, i) => {
    const dm1 =
      i >= 5 && i < 20
        ? { id: 10493, group: 'X' as const, value: OIL_RED }
        : i >= 30
          ? { id: 10493, group: 'X' as const, value: ADBLUE_AMBER }
          : NONE;
    return { lat: -34.6, lng: -58.45 + i * 0.01, speedKmh: 60, io: [dm1] };
  });
  await sendTeltonika(imei, points, 60);
  // The records are acknowledged once stored; their episodes follow in the pipeline's next batch.
  const now = Date.now();
  await expect
    .poll(
      async () => {
        const answer = await request.get(
          `/api/rest/diagnostics/faults?from=${now - 86_400_000}&to=${now + 60_000}`,
          { headers: session.headers },
        );
        return ((await answer.json()) as { faults: unknown[] }).faults.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);

  const shots = { prefix: 'diagnostics', fullPage: true };
  await inEachLookPage(browser, request, user, shots, async ({ page, look, wide, shot }) => {
    const { language, theme } = look;
    await openScreen(page, '/app/diagnostic/history', TEXT[language].title, 30_000);
    const list = page.getByTestId(wide ? 'faults-table' : 'faults-cards');
    await expect(list).toBeVisible({ timeout: 30_000 });
    const oil = list.locator('[data-row="SPN 100 / FMI 1"], [data-card="SPN 100 / FMI 1"]');
    await expect(oil).toContainText(TEXT[language].oil);
    await expect(oil).toContainText(TEXT[language].critical);
    await expect(list.locator('[data-row], [data-card]')).toHaveCount(2);
    await expect(page.getByTestId('fault-summary-open')).toContainText('1');
    await expect(page.getByTestId('fault-timeline').locator('[data-fault-bar]')).toHaveCount(2);
    expect(await scrollsSideways(page), 'fault history scrolls sideways').toBe(false);
    await shot('fleet');

    // Only critical ones; then the truck's own timeline.
    await page.goto('/app/diagnostic/history?severity=critical');
    await expect(list.locator('[data-row], [data-card]')).toHaveCount(1, { timeout: 30_000 });
    await page.goto(`/app/diagnostic/history?period=today`);
    if (wide) {
      await page.getByRole('combobox', { name: TEXT[language].vehicle, exact: true }).click();
      await page.getByRole('option', { name: plate }).click();
    } else {
      // A card opens its vehicle's timeline.
      await list.locator('[data-card="SPN 100 / FMI 1"]').click();
    }
    await expect(page).toHaveURL(/vehicle=\d+/);
    await expect(page.getByText(plate).first()).toBeVisible();
    await expect(page.getByTestId('fault-timeline').locator('[data-fault-bar]')).toHaveCount(2);
    expect(await scrollsSideways(page), 'vehicle timeline scrolls sideways').toBe(false);
    await shot('vehicle');

    if (wide && language === 'es' && theme === 'light') await exportsExcel(page);
  });
});
