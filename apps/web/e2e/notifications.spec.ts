import { expect, test, type Page } from '@playwright/test';
import { vehicleWithDevice } from './support/device-vehicle';
import { saveConfig } from './support/helpers';
import { ES_LIGHT, type Look, NARROW, shooter, signInWide } from './support/shots';
import { sendTeltonika, speedingEpisode } from './support/teltonika-device';
import { USERS } from './support/users';

// Spec §2 and issue 11: an alert raised by a real device frame reaches a signed-in user as a
// snackbar and on the bell; the list and its read flags are kept on the server (a reload agrees);
// mark all read and clear all. The company is the test's own, so no other alert arrives.

const START = { lat: -34.6037, lng: -58.3816 };

const bell = (page: Page) => page.getByTestId('notifications-bell');
const badge = (page: Page) => bell(page).locator('.MuiBadge-badge');

/** Widens the pop-ups to every alert (the default is critical ones only, issue 22). */
async function popUpEveryAlert(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem(
      'rumbo.prefs',
      JSON.stringify({ language: 'es', darkMode: false, snackbarAlerts: 'all' }),
    ),
  );
}

/** The notifications' screenshots in `look`, the pointer where the test left it. */
const shooterIn = (page: Page, look: Look) =>
  shooter(page, look, { prefix: 'notifications', pointerAway: false });

test('a speeding alert from a device frame shows as a snackbar and on the bell; mark all read and clear all', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { plate, imei } = await vehicleWithDevice(request, USERS.bell, 'NT');
  await saveConfig(request, USERS.bell, { idioma: 'es', darkMode: false });
  await popUpEveryAlert(page);
  await signInWide(page, USERS.bell);
  await expect(bell(page)).toBeVisible();
  await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);
  // The socket is signed in once the server's list was read (the bell's label says 0 unread).
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 0 sin leer');
  await page.waitForTimeout(1500);

  // 110 km/h for 25 s, then back under the limit: a speeding episode closes (one V95 alert, the
  // vehicle's limit its detail).
  const firstSentAt = Date.now();
  await sendTeltonika(imei, speedingEpisode(START, 110));
  const snackbar = page.getByTestId('snackbar');
  await expect(snackbar).toBeVisible({ timeout: 10_000 });
  await expect(snackbar).toContainText(/Exceso de velocidad/);
  await expect(snackbar).toContainText(plate);
  const shot = shooterIn(page, ES_LIGHT);
  await shot('snackbar');
  await expect(badge(page)).not.toHaveClass(/MuiBadge-invisible/);
  const unread = Number(await badge(page).textContent());
  expect(unread).toBeGreaterThanOrEqual(1);

  // The panel lists it, newest first, unread.
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notificaciones' });
  const list = panel.getByTestId('notifications-list');
  await expect(list.getByRole('listitem')).toHaveCount(unread);
  await expect(list).toContainText(plate);
  await expect(list.getByRole('img', { name: 'No leída' })).toHaveCount(unread);
  await shot('panel');

  // Mark all read: the bell goes quiet, and a reload (the server's list) agrees.
  await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
  await expect(list.getByRole('img', { name: 'Leída', exact: true })).toHaveCount(unread);
  await expect(badge(page)).toHaveClass(/MuiBadge-invisible/);
  await page.reload();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 0 sin leer');
  await bell(page).click();
  await expect(list.getByRole('listitem')).toHaveCount(unread);
  await expect(list.getByRole('img', { name: 'Leída', exact: true })).toHaveCount(unread);

  // Clear all: the list is empty, here and after a reload.
  await panel.getByRole('button', { name: 'Borrar todas' }).click();
  await expect(panel.getByText('No hay notificaciones')).toBeVisible();
  await page.reload();
  await bell(page).click();
  await expect(page.getByRole('dialog', { name: 'Notificaciones' })).toContainText(
    'No hay notificaciones',
  );
  await page.keyboard.press('Escape');

  // A second alert in English and dark mode, on a phone: snackbar and panel.
  await saveConfig(request, USERS.bell, { idioma: 'en', darkMode: true });
  await page.setViewportSize(NARROW);
  await page.reload();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications: 0 unread');
  // The second episode's records (40 s up to now) come after the first's, as a device sends them.
  await page.waitForTimeout(Math.max(1500, firstSentAt + 45_000 - Date.now()));
  await sendTeltonika(imei, speedingEpisode(START, 112, -1));
  await expect(snackbar).toBeVisible({ timeout: 10_000 });
  await expect(snackbar).toContainText(/Speed over 95 km\/h|Over the vehicle's limit/);
  const shotEnDark = shooterIn(page, { language: 'en', theme: 'dark' });
  await shotEnDark('snackbar');
  await bell(page).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(plate);
  await shotEnDark('panel');
  await saveConfig(request, USERS.bell, { idioma: 'es', darkMode: false });
});

test('a device frame inside a geofence raises its entry alert in the app, naming the zone', async ({
  page,
  request,
}) => {
  const { plate, imei, session } = await vehicleWithDevice(request, USERS.zoneBell, 'ZN');
  const zone = await request.post('/api/v2/geofence/save', {
    headers: session.headers,
    data: {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [-58.37, -34.61] },
      properties: {
        name: 'Cliente Sur',
        radius: 400,
        autoAsign: true,
        accessType: 'none',
        notify: true,
      },
    },
  });
  expect(zone.ok(), await zone.text()).toBe(true);
  await saveConfig(request, USERS.zoneBell, { idioma: 'es', darkMode: false });
  await popUpEveryAlert(page);
  await signInWide(page, USERS.zoneBell);
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notificaciones: 0 sin leer');
  await page.waitForTimeout(1500);
  // Driving in from 1.5 km west of the zone's centre, then stopping inside it.
  await sendTeltonika(imei, [
    { lat: -34.61, lng: -58.3865, speedKmh: 40 },
    { lat: -34.61, lng: -58.383, speedKmh: 40 },
    { lat: -34.61, lng: -58.3795, speedKmh: 40 },
    { lat: -34.61, lng: -58.376, speedKmh: 40 },
    { lat: -34.61, lng: -58.373, speedKmh: 30 },
    { lat: -34.61, lng: -58.371, speedKmh: 10 },
    { lat: -34.61, lng: -58.3705, speedKmh: 0 },
  ]);
  const snackbar = page.getByTestId('snackbar');
  await expect(snackbar).toContainText(`Arribo a zona — ${plate}`, { timeout: 10_000 });
  await bell(page).click();
  const list = page
    .getByRole('dialog', { name: 'Notificaciones' })
    .getByTestId('notifications-list');
  await expect(list).toContainText('Arribo a zona');
  await expect(list).toContainText(`${plate} · Cliente Sur`);
  await shooterIn(page, ES_LIGHT)('zone');
});
