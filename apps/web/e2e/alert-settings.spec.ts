import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { navigateInApp, saveConfig, scrollsSideways, signIn } from './support/helpers';
import { USERS } from './support/users';

// The administrator's alert settings (issue 11): a speed level turned on and saved survives a
// reload; screenshots of the three tabs at 1440 and 390 px, light and dark, ES and EN.
const OUT = join(import.meta.dirname, 'screenshots');

test('alert settings: turn V85 on, save, reload; screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync(OUT, { recursive: true });
  const user = USERS.adminShots;
  await saveConfig(request, user, { idioma: 'es', darkMode: false });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, user);
  await navigateInApp(page, '/app/admin/alerts');
  const v85 = page.getByTestId('alert-code-V85');
  await expect(v85).toBeVisible();
  const toggle = v85.getByRole('switch');
  const wasOn = await toggle.isChecked();
  await toggle.click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByTestId('snackbar')).toContainText('Configuración guardada');
  await page.reload();
  await expect(page.getByTestId('alert-code-V85').getByRole('switch')).toBeChecked({
    checked: !wasOn,
  });
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  for (const language of ['es', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      await saveConfig(request, user, { idioma: language, darkMode: theme === 'dark' });
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, user);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
        await navigateInApp(page, '/app/admin/alerts');
        await page.getByRole('tab').first().click();
        await expect(page.getByTestId('alert-code-V95')).toBeVisible();
        for (const [index, tab] of ['codes', 'thresholds', 'scopes'].entries()) {
          await page.getByRole('tab').nth(index).click();
          await page.mouse.move(width - 5, 5);
          const name = `admin-alerts-${tab}-${width}-${theme}-${language}`;
          await page.screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled' });
          expect.soft(await scrollsSideways(page), name).toBe(false);
        }
      }
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
    }
  }
});
