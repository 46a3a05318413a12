import { expect, test, type Page } from '@playwright/test';
import { vehicleWithDevice } from './support/device-vehicle';
import { saveConfig } from './support/helpers';
import { inEachLook, signInWide } from './support/shots';
import { sendTeltonika } from './support/teltonika-device';
import { USERS } from './support/users';

// Issue 22: a bell a person can read. Three speeding episodes of one truck, told when each ends,
// make one line of the bell ("AB123CD: 3 × …, last 12:52") that opens to show each, newest first;
// speeding is a warning, so no pop-up covers the screen (critical ones only by default). The bell
// and the alert list at 1440 and 390 px, light and dark, Spanish and English.

const START = { lat: -34.6037, lng: -58.3816 };
const bell = (page: Page) => page.getByTestId('notifications-bell');

test('several alerts of one truck and code are one line of the bell, in time order, without a pop-up', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const user = USERS.groupedBell;
  const { plate, imei } = await vehicleWithDevice(request, user, 'GB');
  await saveConfig(request, user, { idioma: 'es', darkMode: false });
  await signInWide(page, user);
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 0 sin leer');
  await page.waitForTimeout(1500);

  // Three episodes at 110 km/h of 30 s each, back to 40 km/h between them.
  const episode = (k: number) => [
    ...Array.from({ length: 6 }, (_, i) => ({
      ...START,
      lng: START.lng + (k * 10 + i) * 0.0015,
      speedKmh: 110,
    })),
    { ...START, lng: START.lng + (k * 10 + 7) * 0.0015, speedKmh: 40 },
    { ...START, lng: START.lng + (k * 10 + 8) * 0.0015, speedKmh: 40 },
  ];
  await sendTeltonika(imei, [...episode(0), ...episode(1), ...episode(2)]);
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 3 sin leer', {
    timeout: 15_000,
  });
  // A warning: no pop-up (the user may widen it in the settings).
  await expect(page.getByTestId('snackbar')).toBeHidden();

  const shots = { prefix: 'alerts', pointerAway: false };
  await inEachLook(page, request, user, shots, async ({ look, shot }) => {
    await page.goto('/app/fleet/alerts');
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
    await expect(page.getByText(plate).first()).toBeVisible({ timeout: 30_000 });
    await shot('list');
    await bell(page).click();
    const panel = page.getByRole('dialog');
    const group = panel.getByTestId('notification-group');
    await expect(group).toHaveCount(1);
    await expect(group).toContainText(`${plate}: 3 ×`);
    await group.getByRole('button').click();
    const lines = panel.getByTestId('notifications-list').getByRole('listitem');
    // The group's line and its three alerts.
    await expect(lines).toHaveCount(4);
    await shot('bell');
    await page.keyboard.press('Escape');
  });
  await saveConfig(request, user, { idioma: 'es', darkMode: false });
});
