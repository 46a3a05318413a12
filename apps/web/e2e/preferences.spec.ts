import { expect, test } from '@playwright/test';
import { navigateInApp, signIn } from './support/helpers';
import { USERS } from './support/users';

test('dark mode and language persist across reloads', async ({ page }) => {
  const html = page.locator('html');
  await signIn(page, USERS.prefs);
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('nav-drawer').hover();
  await page.getByTestId('dark-mode-switch').click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(await background()).toBe('rgb(14, 22, 33)');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  await page.getByTestId('nav-drawer').hover();
  await page.getByRole('link', { name: 'Configuración' }).click();
  await page.mouse.move(700, 300);
  await page.locator('#idioma').click();
  await page.getByRole('option', { name: 'English' }).click();
  await page.getByTestId('save-preferences').click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // Signed out, the login screen keeps the last language and theme of this browser.
  await page.getByTestId('logout-button').click();
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('profile, avatar and map centre are saved from the settings screen', async ({ page }) => {
  await signIn(page, USERS.settings);
  await navigateInApp(page, '/app/user/settings');
  await expect(page.locator('#nombre')).toHaveValue(USERS.settings.nombre);

  await page.locator('#telefono').fill('+54 11 5555-0101');
  await page.getByRole('button', { name: /Guardar perfil|Save profile/ }).click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Cambios guardados|Changes saved/);

  await page.getByTestId('avatar-input').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(page.getByTestId('avatar-preview').locator('img')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: /Subir foto|Upload picture/ }).click();
  await expect(page.getByTestId('snackbar')).toHaveText(
    /Foto de perfil actualizada|Profile picture updated/,
  );
  await expect(page.getByTestId('nav-drawer').locator('img').first()).toHaveAttribute(
    'src',
    /^data:image\/png/,
  );

  const lat = page.locator('#map-lat');
  const before = await lat.inputValue();
  const map = page.getByTestId('map-picker');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.2);
  await expect(lat).not.toHaveValue(before);
  await page.getByTestId('save-preferences').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/Cambios guardados|Changes saved/);
  const saved = await lat.inputValue();
  await page.reload();
  await expect(page.locator('#map-lat')).toHaveValue(saved);
  await expect(page.locator('#telefono')).toHaveValue('+54 11 5555-0101');
});
