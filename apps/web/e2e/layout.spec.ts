import { expect, test } from '@playwright/test';
import { navigateInApp, scrollsSideways, signIn } from './support/helpers';
import { USERS } from './support/users';

const SCREENS = ['/app/home', '/app/user/settings', '/app/fleet/vehicles', '/app/analysis'];

test('tablet: mini drawer of 55 px that expands on hover, no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/auth/login');
  expect(await scrollsSideways(page)).toBe(false);
  await signIn(page, USERS.layout);
  const drawer = page.locator('.MuiDrawer-paper');
  await page.mouse.move(900, 500);
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(55);
  await drawer.hover();
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(272);
  await page.mouse.move(900, 500);
  await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(55);
  await expect(page.getByTestId('logout-button')).toBeVisible();
  for (const path of SCREENS) {
    await navigateInApp(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollsSideways(page), path).toBe(false);
  }
});

test('phone: menu button, cancel and logout in the drawer, no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth/login');
  for (const path of ['/auth/login', '/auth/recovery', '/auth/recovery/abc', '/404']) {
    await navigateInApp(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollsSideways(page), path).toBe(false);
  }
  await signIn(page, USERS.layout);
  for (const path of SCREENS) {
    await navigateInApp(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await scrollsSideways(page), path).toBe(false);
  }
  await expect(page.getByTestId('nav-drawer')).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const drawer = page.getByTestId('nav-drawer');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cancel-requests')).toBeVisible();
  await expect(drawer.getByTestId('logout-button')).toBeVisible();
  await drawer.getByRole('link', { name: 'Panel' }).click();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await drawer.getByTestId('logout-button').click();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
