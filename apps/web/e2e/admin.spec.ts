import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSession, navigateInApp, signIn } from './support/helpers';
import { inEachSavedLook, SHOTS_DIR, takeShot } from './support/shots';
import { sendTeltonika } from './support/teltonika-device';
import { USERS } from './support/users';

// Administration against the real server: vehicles, devices (and the device's first frames over
// Teltonika TCP), roles and users.

/** A fresh 15-digit IMEI per call. */
let imeiSeq = 0;
function freshImei(): string {
  imeiSeq += 1;
  return `35${String(Date.now()).slice(-10)}${String(process.pid % 100).padStart(2, '0')}${imeiSeq}`.slice(
    0,
    15,
  );
}

const ROUTE = [
  { lat: -34.6037, lng: -58.3816, speedKmh: 42 },
  { lat: -34.6031, lng: -58.3795, speedKmh: 48 },
  { lat: -34.6025, lng: -58.3772, speedKmh: 51 },
];

/** Picks an option of an MUI select opened from `trigger`. */
async function choose(page: Page, trigger: string, option: string | RegExp) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** The live last info of a vehicle, as `/rest/vehicle/last_position` answers it. */
async function lastInfoOf(request: APIRequestContext, plate: string) {
  const session = await apiSession(request, USERS.admin);
  const reply = await request.get('/api/rest/vehicle/last_position', {
    headers: session.headers,
  });
  const all = (await reply.json()) as {
    plate: string;
    lastConnection: string | null;
    lat: number | null;
  }[];
  await request.post('/api/auth/logout', { headers: session.headers, data: session.headers });
  return all.find((info) => info.plate === plate);
}

test('administration creates a vehicle, assigns a new device to it, and the vehicle goes live', async ({
  page,
  request,
}) => {
  const plate = `E2E${String(Date.now()).slice(-5)}`;
  const imei = freshImei();
  await signIn(page, USERS.admin);

  await navigateInApp(page, '/app/admin/vehicles');
  await expect(page.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeVisible();
  await page.getByTestId('vehicles-create').click();
  const vehicleDialog = page.getByTestId('vehicle-dialog');
  await vehicleDialog.locator('#vehicle-plate').fill(plate);
  await vehicleDialog.locator('#vehicle-brand').fill('Scania');
  await vehicleDialog.locator('#vehicle-model').fill('R450');
  await vehicleDialog.locator('#vehicle-modelYear').fill('20x');
  await vehicleDialog.locator('#vehicle-plate').click();
  await expect(vehicleDialog.getByText('Debe ser un número entre 1950 y 2100')).toBeVisible();
  await vehicleDialog.locator('#vehicle-modelYear').fill('2022');
  await choose(page, '#vehicle-kind', 'Tractor');
  await page.getByTestId('vehicle-save').click();
  await expect(vehicleDialog).toBeHidden();
  const vehicleRow = page.getByTestId('vehicles-row').filter({ hasText: plate });
  await expect(vehicleRow).toContainText('Scania R450 2022');
  await expect(vehicleRow).toContainText('Sin dispositivo');
  await expect(vehicleRow.getByTestId('vehicle-last-connection')).toHaveText('Nunca');

  // A second vehicle with the same plate is refused on the field.
  await page.getByTestId('vehicles-create').click();
  await vehicleDialog.locator('#vehicle-plate').fill(plate.toLowerCase());
  await page.getByTestId('vehicle-save').click();
  await expect(vehicleDialog.getByText('Ya existe un vehículo con esa patente')).toBeVisible();
  await vehicleDialog.getByRole('button', { name: 'Cancelar' }).click();

  // Register the device unassigned, then assign it with the assign action.
  await navigateInApp(page, '/app/admin/devices');
  await page.getByTestId('devices-create').click();
  const deviceDialog = page.getByTestId('device-dialog');
  await deviceDialog.locator('#device-uniqueId').fill(imei);
  await deviceDialog.locator('#device-model').fill('FMC650');
  await page.getByTestId('device-save').click();
  await expect(deviceDialog).toBeHidden();
  const deviceRow = page.getByTestId('devices-row').filter({ hasText: imei });
  await expect(deviceRow).toContainText('Sin asignar');
  await deviceRow.getByTestId('row-assign').click();
  await choose(page, '#assign-vehicleId', new RegExp(plate));
  await page.getByTestId('assign-save').click();
  await expect(page.getByText(`Dispositivo asignado a ${plate}`)).toBeVisible();
  await expect(deviceRow).toContainText(plate);

  // The device reports; the vehicle shows its last connection and position.
  await sendTeltonika(imei, ROUTE);
  await expect
    .poll(async () => (await lastInfoOf(request, plate))?.lastConnection ?? null, {
      timeout: 20_000,
    })
    .not.toBeNull();
  expect((await lastInfoOf(request, plate))?.lat).toBeCloseTo(ROUTE[2]!.lat, 3);
  await navigateInApp(page, '/app/admin/vehicles');
  const liveRow = page.getByTestId('vehicles-row').filter({ hasText: plate });
  await expect(liveRow).toContainText(imei);
  await expect(liveRow.getByTestId('vehicle-last-connection')).not.toHaveText('Nunca', {
    timeout: 30_000,
  });
  await expect(liveRow.getByTestId('vehicle-last-connection')).toHaveText(
    /\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/,
  );
});

test('a device that registered itself stands out and is assigned to its vehicle', async ({
  page,
  request,
}) => {
  const imei = freshImei();
  const plate = `NEW${String(Date.now()).slice(-5)}`;
  await sendTeltonika(imei, ROUTE);
  const session = await apiSession(request, USERS.admin);
  const created = await request.post('/api/vehicles/admin/vehicles', {
    headers: session.headers,
    data: { plate, brand: 'Volvo', model: 'FH' },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signIn(page, USERS.admin);
  await navigateInApp(page, '/app/admin/devices');
  await expect(page.getByTestId('devices-waiting')).toBeVisible();
  const row = page.getByTestId('devices-row').filter({ hasText: imei });
  await expect(row.getByTestId('device-new-chip')).toBeVisible();
  await page.getByLabel('Solo nuevos').check();
  await expect(row).toBeVisible();
  await row.getByTestId('row-assign').click();
  await choose(page, '#assign-vehicleId', new RegExp(plate));
  await expect(page.locator('#assign-remove-placeholder')).toBeChecked();
  await page.getByTestId('assign-save').click();
  await expect(page.getByText(`Dispositivo asignado a ${plate}`)).toBeVisible();
  await page.getByLabel('Solo nuevos').uncheck();
  await expect(row).toContainText(plate);
  await expect(row.getByTestId('device-new-chip')).toHaveCount(0);

  // The placeholder vehicle is gone; new frames land on the assigned vehicle.
  const vehicles = (await (
    await request.get('/api/vehicles/vehicles', { headers: session.headers })
  ).json()) as { plate: string }[];
  expect(vehicles.some((v) => v.plate === imei)).toBe(false);
  await sendTeltonika(imei, ROUTE);
  await expect
    .poll(async () => (await lastInfoOf(request, plate))?.lastConnection ?? null, {
      timeout: 20_000,
    })
    .not.toBeNull();
});

test('a role with limited views and a user with it: the user starts on the role start view', async ({
  page,
  browser,
}) => {
  const suffix = String(Date.now()).slice(-5);
  const roleName = `Despacho ${suffix}`;
  const username = `desp${suffix}`;
  await signIn(page, USERS.admin);

  await navigateInApp(page, '/app/admin/roles');
  await expect(page.getByTestId('roles-row').filter({ hasText: 'admin' }).first()).toBeVisible();
  await page.getByTestId('roles-create').click();
  const roleDialog = page.getByTestId('role-dialog');
  await roleDialog.locator('#role-name').fill(roleName);
  await roleDialog.locator('input[name="fleet-vehicles"]').check();
  await roleDialog.locator('input[name="map-fleet-location"]').check();
  await choose(page, '#role-startOn', 'Ubicación actual');
  await roleDialog.locator('input[name="dashboard"]').uncheck();
  await page.getByTestId('role-save').click();
  await expect(roleDialog).toBeHidden();
  const roleRow = page.getByTestId('roles-row').filter({ hasText: roleName });
  await expect(roleRow).toContainText('Ubicación actual');
  await expect(roleRow).toContainText('2 pantallas');

  await navigateInApp(page, '/app/admin/users');
  await page.getByTestId('users-create').click();
  const userDialog = page.getByTestId('user-dialog');
  await userDialog.locator('#user-username').fill(username);
  await userDialog.locator('#user-email').fill(`${username}@rumbo.test`);
  await userDialog.locator('#user-nombre').fill('Diego');
  await userDialog.locator('#user-apellido').fill('Despacho');
  await choose(page, '#user-roleId', roleName);
  await userDialog.locator('#user-password').fill('desp1234');
  await page.getByTestId('user-save').click();
  await expect(userDialog).toBeHidden();
  await expect(page.getByTestId('users-row').filter({ hasText: username })).toContainText(roleName);

  // The role can't be deleted while the user has it.
  await navigateInApp(page, '/app/admin/roles');
  await expect(roleRow.getByTestId('row-delete')).toBeDisabled();

  const other = await browser.newContext();
  const userPage = await other.newPage();
  await signIn(userPage, { username, password: 'desp1234' });
  await expect(userPage).toHaveURL(/\/app\/map\/current_location$/);
  await navigateInApp(userPage, '/app/admin/users');
  await expect(userPage).toHaveURL(/\/403$/);
  await other.close();

  // The administrator's own account can't be deleted from the list.
  await navigateInApp(page, '/app/admin/users');
  const me = page.getByTestId('users-row').filter({ hasText: USERS.admin.username });
  await expect(me.getByTestId('row-delete')).toBeDisabled();
});

// Every administration screen and its dialog at 1440 and 390 px, light and dark, ES and EN.
const SCREENS = ['users', 'roles', 'vehicles', 'devices', 'groups'] as const;

test('administration screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await sendTeltonika(freshImei(), ROUTE);
  await inEachSavedLook(page, request, USERS.adminShots, async (look) => {
    for (const screen of SCREENS) {
      await navigateInApp(page, `/app/admin/${screen}`);
      await expect(page.getByTestId(`${screen}-row`).first()).toBeVisible();
      await takeShot(page, `admin-${screen}`, look, { checkSideways: true });
      // The dialog: roles with a view ticked, the others "new" saved empty (errors shown).
      if (screen === 'roles') {
        await page.getByTestId('roles-create').click();
        await page.getByTestId('role-dialog').locator('input[name="fleet-vehicles"]').check();
      } else {
        await page.getByTestId(`${screen}-create`).click();
        await page
          .getByRole('dialog')
          .getByTestId(/-save$/)
          .click();
      }
      await expect(page.getByRole('dialog')).toBeVisible();
      await takeShot(page, `admin-${screen}`, look, { pointerAway: false, suffix: '-dialog' });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
    }
  });
});
