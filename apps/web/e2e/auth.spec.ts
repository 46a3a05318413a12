import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { apiSession, navigateInApp, saveConfig, signIn } from './support/helpers';
import { DEMO, USERS } from './support/users';

test.describe('sign-in', () => {
  test('a fresh browser shows sign-in without MUI, in at most 120 KB of gzipped script', async ({
    browser,
    baseURL,
  }) => {
    // Issue 25's web goal (decision 0062): the first screen carries no UI kit.
    const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      scripts.set(pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const names = [...scripts.keys()];
    expect(names.filter((name) => /ui-base|mui|emotion/i.test(name))).toEqual([]);
    expect(await page.evaluate(() => document.querySelector('style[data-emotion]'))).toBeNull();
    const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(total, names.join(', ')).toBeLessThanOrEqual(120 * 1024);
    await context.close();
  });

  test('signs in and out in Spanish', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Ingresar' });
    await expect(submit).toBeDisabled();
    await page.locator('#username').fill('demo');
    await expect(page.getByText('tamaño mínimo requerido 6')).toBeVisible();
    await page.locator('#username').fill(DEMO.username);
    await page.locator('#password').fill(DEMO.password);
    await expect(submit).toBeEnabled();
    await page.locator('#password').press('Enter');
    await expect(page).toHaveURL(/\/app\/home$/);
    await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
    await expect(page.getByTestId('user-full-name')).toHaveText('Demo Operador');
    await expect(page.getByTestId('link-status')).toHaveAttribute('data-status', 'authenticated');

    await page.getByTestId('logout-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('¿Seguro que quieres cerrar la sesión?')).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(350);
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    // The stored session is gone: the app stays signed out after a reload.
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login$/);
    const stored = await page.evaluate(() => localStorage.getItem('rumbo.auth'));
    expect(JSON.parse(stored ?? '{}')).toMatchObject({
      token: null,
      loginStatus: 'unauthenticated',
    });
  });

  test('signs in and out in English', async ({ page, request }) => {
    await saveConfig(request, USERS.english, { idioma: 'en' });
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.locator('#username').fill('abc');
    await expect(page.getByText("can't be less than 6")).toBeVisible();
    await page.locator('#username').fill(USERS.english.username);
    await page.locator('#password').fill('has space');
    await expect(page.getByText('white space is not allowed')).toBeVisible();
    await page.locator('#password').fill(USERS.english.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByTestId('logout-button').click();
    await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('warns about a wrong password', async ({ page }) => {
    await page.goto('/auth/login');
    await page.locator('#username').fill(USERS.viewer.username);
    await page.locator('#password').fill('not-the-password');
    await page.locator('#password').press('Enter');
    await expect(page.getByTestId('snackbar')).toHaveText(/Usuario o contraseña incorrectos/);
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('snackbar')).toHaveText(/Wrong username or password/);
  });

  test('signs in with a one-time link and removes otp from the address', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const session = await apiSession(request, USERS.otp);
    const reply = await request.post('/api/auth/otp', { headers: session.headers, data: {} });
    expect(reply.ok(), await reply.text()).toBe(true);
    const { url } = (await reply.json()) as { url: string };
    expect(url).toContain('/auth/login?otp=');
    await page.goto(url);
    await expect(page).toHaveURL(/\/app\/home$/);
    expect(page.url()).not.toContain('otp=');
    await expect(page.getByTestId('user-full-name')).toHaveText(/Prueba otp00001/);

    // The code is single use: the same link again shows the expired-code screen.
    const second = await browser.newContext({ baseURL });
    const other = await second.newPage();
    await other.goto(url);
    await expect(other).toHaveURL(/\/auth\/422$/);
    await expect(other.getByText('El código OTP no es válido o ha expirado')).toBeVisible();
    // While the code is expired, every route of the app leads back to that screen.
    await other.evaluate(() => {
      history.pushState(null, '', '/app/home');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(other).toHaveURL(/\/auth\/422$/);
    await other.getByRole('button', { name: 'Ir a iniciar sesión' }).click();
    await expect(other).toHaveURL(/\/auth\/login$/);
    await second.close();
  });
});

test.describe('guard', () => {
  test('a disallowed view gives 403 and its menu item is disabled', async ({ page }) => {
    await signIn(page, USERS.viewer);
    await page.goto('/app/fleet/alerts');
    await expect(page).toHaveURL(/\/403$/);
    await expect(
      page.getByRole('heading', { name: 'No tienes permiso para acceder a esta página' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
    await page.getByTestId('nav-drawer').hover();
    await page.locator('[data-group="fleet"]').click();
    await expect(page.locator('[data-view="fleet-alerts"]')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(page.locator('[data-view="fleet-vehicles"]')).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await page.locator('[data-view="fleet-vehicles"]').click();
    await expect(page).toHaveURL(/\/app\/fleet\/vehicles$/);
  });

  test('an unknown route gives 404, with a way back', async ({ page }) => {
    await page.goto('/app/no/such/screen');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signIn(page, DEMO);
    for (const path of ['/app/map', '/app/fleet/ralenti_vehicle/x/1/2', '/nowhere']) {
      await navigateInApp(page, '/app/home');
      await expect(page).toHaveURL(/\/app\/home$/);
      await navigateInApp(page, path);
      await expect(page).toHaveURL(/\/404$/);
    }
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page).toHaveURL(/\/app\/home$/);
  });

  test('signed-out visitors go to login, signed-in ones skip it', async ({ page }) => {
    await page.goto('/app/user/settings');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, DEMO);
    await navigateInApp(page, '/auth/login');
    await expect(page).toHaveURL(/\/app\/home$/);
    await navigateInApp(page, '/app');
    await expect(page).toHaveURL(/\/app\/home$/);
    // A full load of a deep link keeps the address once the session is checked.
    await page.goto('/app/fleet/groups');
    await expect(page.getByRole('heading', { name: 'Grupos', level: 1 })).toBeVisible();
  });
});
