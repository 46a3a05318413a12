import { expect, test, type APIRequestContext } from '@playwright/test';
import { vehicleWithDevice } from './support/device-vehicle';
import { saveConfig, scrollsSideways, signIn } from './support/helpers';
import { ES_LIGHT, inEachLook, shooter, signInWide } from './support/shots';
import { sendTeltonika, speedingEpisode } from './support/teltonika-device';
import { USERS } from './support/users';

// fleet/alerts: a real device frame raises a speeding alert in the alerts company; the screen
// lists it with its icon, driver and value, shows its place, links to the travel consultation at
// that moment and acknowledges it with a comment.

const FAST = { lat: -34.6037, lng: -58.3816 };

/** The alerts company's events of the last day, as the screen reads them. */
async function events(request: APIRequestContext, headers: Record<string, string>) {
  const now = Date.now();
  const reply = await request.post('/api/v2/event/get_all', {
    headers,
    data: { from: now - 86_400_000, to: now + 60_000 },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { payload: { id: number; code: string; plate: string }[] })
    .payload;
}

test('a speeding alert from a device frame is listed, opened and acknowledged', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const { plate, imei, session } = await vehicleWithDevice(request, USERS.alerts, 'AL');
  // 110 km/h for 25 s, then back under the limit: one speeding episode, closed.
  await sendTeltonika(imei, speedingEpisode(FAST, 110));
  await expect
    .poll(async () => (await events(request, session.headers)).filter((e) => e.plate === plate), {
      timeout: 30_000,
    })
    .not.toHaveLength(0);
  const raised = (await events(request, session.headers)).filter((e) => e.plate === plate);
  const speeding = raised.find((e) => e.code.toUpperCase() === 'V95') ?? raised[0]!;

  await saveConfig(request, USERS.alerts, { idioma: 'es', darkMode: false });
  await signInWide(page, USERS.alerts);
  await page.goto('/app/fleet/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByTestId('alerts-preset-last7d')).toHaveClass(/MuiChip-colorPrimary/);
  const table = page.getByTestId('alerts-table');
  const row = table.locator('[data-row]').filter({ hasText: plate }).first();
  await expect(row).toBeVisible({ timeout: 45_000 });
  // Counts by type, the type's icon, the value in km/h.
  await expect(
    page.locator(`[data-testid="alerts-count"][data-code="${speeding.code}"]`),
  ).toBeVisible();
  await page.locator('#alerts-vehicle').click();
  await page.getByRole('option', { name: plate }).click();
  await expect(table.locator('[data-row]')).toHaveCount(raised.length);
  await expect(row.locator(`[data-alert-icon="${speeding.code}"]`)).toBeVisible();
  await expect(table).toContainText(/11\d,\d km\/h/);
  const shot = shooter(page, ES_LIGHT, { prefix: 'alerts' });
  await shot('list');

  await table
    .locator('[data-row]')
    .filter({ hasText: /Exceso|velocidad/ })
    .first()
    .click();
  const dialog = page.getByTestId('alert-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('base-map').or(dialog.getByText(/WebGL/))).toBeVisible();
  const travel = dialog.getByTestId('alert-travel');
  const href = (await travel.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/app\/map\/travel_consultation\/\d+\/\d+\/\d+$/);
  const [from, to] = href.split('/').slice(-2);
  expect(Number(to) - Number(from)).toBeGreaterThanOrEqual(60 * 60_000);
  await page.waitForTimeout(500);
  await shot('dialog');

  await dialog.locator('#alert-comment').fill('Llamé al chofer: bajó la velocidad.');
  await dialog.getByTestId('alert-acknowledge').click();
  await expect(page.getByText('Alerta atendida')).toBeVisible();
  await expect(dialog.getByTestId('alert-acknowledged')).toContainText(
    'Llamé al chofer: bajó la velocidad.',
  );
  await expect(dialog.getByTestId('alert-acknowledged')).toContainText('Alma Arce');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(row).toContainText('Atendida');

  // The travel consultation opens on the vehicle at that moment.
  await table.locator('[data-row]').filter({ hasText: plate }).first().click();
  await page.getByTestId('alert-travel').click();
  await expect(page).toHaveURL(/\/app\/map\/travel_consultation\/\d+\/\d+\/\d+$/);

  // Screenshots of the list in every language and theme, desktop and phone.
  await inEachLook(
    page,
    request,
    USERS.alerts,
    { prefix: 'alerts' },
    async ({ wide, shot: inLook }) => {
      await page.goto('/app/fleet/alerts');
      await expect(page.getByTestId('alerts-table').locator('[data-row]').first()).toBeVisible({
        timeout: 45_000,
      });
      expect(await scrollsSideways(page)).toBe(false);
      await inLook('screen');
      if (!wide) {
        await page.getByTestId('alerts-table').locator('[data-row]').first().click();
        await expect(page.getByTestId('alert-dialog')).toBeVisible();
        await page.waitForTimeout(500);
        await inLook('dialog');
        await page.keyboard.press('Escape');
      }
    },
  );
  await saveConfig(request, USERS.alerts, { idioma: 'es', darkMode: false });
});

test('the alerts screen says when a period has no alerts, and when the events cannot load', async ({
  page,
}) => {
  await signIn(page, USERS.drivers);
  // A company without vehicles: no alerts in any period.
  await page.goto('/app/fleet/alerts?period=yesterday');
  await expect(page.getByText('No hay alertas en este período.', { exact: false })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByTestId('alerts-preset-yesterday')).toHaveClass(/MuiChip-colorPrimary/);
  // The events call fails: an error with a retry that works once the server answers again.
  let fail = true;
  await page.route('**/api/v2/event/get_all', (route) =>
    fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
  );
  await page.goto('/app/fleet/alerts');
  await expect(page.getByText('No se pudieron cargar las alertas.', { exact: false })).toBeVisible({
    timeout: 45_000,
  });
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('No hay alertas en este período.', { exact: false })).toBeVisible();
});
