import { expect, test, type Page } from '@playwright/test';
import { navigateInApp } from './support/helpers';
import { applyCombination, atBothWidths, signInWide, testEachCombination } from './support/shots';

// Every screen at 1440 and 390 px, light and dark, Spanish and English, for people to look at.

testEachCombination(
  {
    title: ({ language, theme }) => `screenshots ${language} ${theme}`,
    shots: { pointerAway: false },
  },
  async ({ page, request, combination, shot }) => {
    const { language, theme, user } = combination;
    test.setTimeout(240_000);
    await applyCombination(page, request, combination);
    const heading = () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // Public screens, both widths.
    await atBothWidths(page, async () => {
      await page.goto('/auth/login');
      await heading();
      await shot('login');
      await page.locator('#username').fill('abc');
      await page.locator('#password').fill('a b');
      await shot('login-errors');
      for (const [path, name] of [
        ['/auth/recovery', 'recovery'],
        ['/auth/422', 'otp-expired'],
        ['/404', 'not-found'],
        ['/403', 'forbidden'],
      ] as const) {
        await navigateInApp(page, path);
        await heading();
        await shot(name);
      }
      await navigateInApp(page, '/auth/recovery/5f0c2a9e-code');
      await heading();
      await page.locator('#email').fill('ana@rumbo.test');
      await page.locator('#new-password').fill('Camion-Rojo-2031');
      await page.locator('#repeat-password').fill('Camion-Rojo-2030');
      await expect(page.getByTestId('password-strength')).toBeVisible();
      await shot('recovery-token', { fullPage: true });
    });

    // Signed-in screens, both widths.
    await signInWide(page, user);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await atBothWidths(page, async (size) => {
      const narrow = size.width < 600;
      await navigateInApp(page, '/app/home');
      await heading();
      // The CO₂ card has its figures (decision 0050) before the shot.
      await expect(page.getByTestId('figure-co2')).toContainText(/\d (t|kg)$/u, {
        timeout: 30_000,
      });
      await moveAway(page);
      await shot('home', { fullPage: true });
      await navigateInApp(page, '/app/user/settings');
      await expect(page.locator('#nombre')).toHaveValue(user.nombre);
      await moveAway(page);
      await shot('settings', { fullPage: true });
      await navigateInApp(page, '/app/fleet/safety_drive');
      await heading();
      await shot('placeholder');
      await page.getByTestId('notifications-bell').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('notifications');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      if (narrow) {
        await page
          .getByRole('button', { name: language === 'es' ? 'Abrir menú' : 'Open menu' })
          .click();
        await expect(page.getByTestId('nav-drawer')).toBeVisible();
      } else {
        await page.getByTestId('nav-drawer').hover();
      }
      await page.locator('[data-group="maintenance"]').click();
      await page.waitForTimeout(300);
      await shot('drawer');
      if (!narrow) await moveAway(page);
      await page.getByTestId('logout-button').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shot('logout-dialog');
      await page.getByRole('button', { name: language === 'es' ? 'Cancelar' : 'Cancel' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  },
);

async function moveAway(page: Page) {
  const size = page.viewportSize();
  await page.mouse.move((size?.width ?? 400) - 10, (size?.height ?? 400) - 10);
}
