import { expect, test } from '@playwright/test';
import { navigateInApp, signIn } from './support/helpers';
import { DEMO, USERS } from './support/users';

test('log out of all sessions ends the session of a second browser', async ({
  browser,
  baseURL,
}) => {
  const first = await browser.newContext({ baseURL });
  const second = await browser.newContext({ baseURL });
  const a = await first.newPage();
  const b = await second.newPage();
  await signIn(a, USERS.logoutAll);
  await signIn(b, USERS.logoutAll);
  await expect(b.getByTestId('link-status')).toHaveAttribute('data-status', 'authenticated');

  await a.getByTestId('nav-drawer').hover();
  await a.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();
  const dialog = a.getByRole('dialog');
  await expect(dialog.getByText(/Se cerrará la sesión en todos tus dispositivos/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(a).toHaveURL(/\/auth\/login$/);

  // The second browser is told over its socket and leaves at once.
  await expect(b).toHaveURL(/\/auth\/login$/, { timeout: 20_000 });
  await b.goto('/app/home');
  await expect(b).toHaveURL(/\/auth\/login$/);
  await first.close();
  await second.close();
});

test('cancel requests aborts what is in flight, without an error', async ({ page }) => {
  await signIn(page, DEMO);
  let held = 0;
  // The request is held until the browser aborts it (or the test ends): a fixed hold ran out
  // before the click on a slow machine, and the button it meant to press was disabled again.
  let release: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/rest/user/get_profile', async (route) => {
    held += 1;
    await Promise.race([aborted, new Promise((resolve) => setTimeout(resolve, 120_000))]);
    await route.continue().catch(() => undefined);
  });
  const failed = page.waitForEvent('requestfailed', (r) => r.url().includes('get_profile'));
  void failed.then(release, release);
  await page.getByTestId('nav-drawer').hover();
  await page.getByRole('link', { name: 'Configuración' }).click();
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  await page.mouse.move(700, 400);
  const cancel = page.getByTestId('cancel-requests');
  await expect(cancel).toBeEnabled();
  await cancel.click();
  expect((await failed).failure()?.errorText).toMatch(/ABORTED/i);
  await expect(page.getByTestId('progress-bar')).toHaveCount(0);
  await expect(cancel).toBeDisabled();
  await expect(page.getByText('Solicitud cancelada.')).toBeVisible();
  await expect(page.getByTestId('snackbar')).toHaveCount(0);
  expect(held).toBe(1);
});

test('logging out leaves no error or warning in the console', async ({ page }) => {
  await signIn(page, USERS.logout);
  // A screen with requests that refresh, and the live link open (the server revokes the session
  // over it while the logout call is still answering).
  await navigateInApp(page, '/app/fleet/vehicles');
  await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'authenticated');
  await expect(page.locator('[data-testid="vehicles-table"] tbody tr').first()).toBeVisible({
    timeout: 30_000,
  });
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.getByTestId('logout-button').click();
  await page.getByTestId('logout-accept').click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.locator('#username')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(problems).toEqual([]);
});
