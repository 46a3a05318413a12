import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiSession, navigateInApp, saveConfig, signIn } from './support/helpers';
import { ES_LIGHT, inEachSavedLook, SHOTS_DIR, takeShot } from './support/shots';
import { USERS } from './support/users';

// The administrator's alert settings (issue 11): a speed level turned on and saved survives a
// reload; screenshots of the four tabs (the last: the score letters, issue 22) at 1440 and
// 390 px, light and dark, ES and EN.

test('alert settings: turn V85 on, save, reload; screenshots', async ({ page, request }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const user = USERS.alertSettings;
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

  // A group of its own: a longer stop threshold and a refrigerated load; a bad range blocks saving.
  const session = await apiSession(request, user);
  const groupName = `Frío ${String(Date.now()).slice(-6)}`;
  const made = await request.post('/api/vehicles/admin/groups', {
    headers: session.headers,
    data: { name: groupName },
  });
  expect(made.ok(), await made.text()).toBe(true);
  await page.reload();
  await page.getByRole('tab', { name: 'Grupos y vehículos' }).click();
  await page.getByLabel('Agregar grupo').click();
  await page.getByRole('option', { name: groupName }).click();
  const scope = page.getByTestId('alert-scope').filter({ hasText: groupName });
  await scope.getByTestId('alert-scope-more').click();
  await scope.getByTestId('scope-threshold-stopMinutes').fill('45');
  await scope.getByTestId('scope-reefer').check();
  await scope.getByTestId('scope-reefer-minC').fill('10');
  await expect(scope.getByText('La mínima debe ser menor que la máxima')).toBeVisible();
  const save = page.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();
  await scope.getByTestId('scope-reefer-maxC').fill('12');
  await scope.getByTestId('scope-reefer-setPointC').fill('11');
  await expect(save).toBeEnabled();
  await takeShot(page, 'admin-alerts-scope', ES_LIGHT);
  await save.click();
  await expect(page.getByTestId('snackbar')).toContainText('Configuración guardada');
  await page.reload();
  await page.getByRole('tab', { name: 'Grupos y vehículos' }).click();
  const saved = page.getByTestId('alert-scope').filter({ hasText: groupName });
  await saved.getByTestId('alert-scope-more').click();
  await expect(saved.getByTestId('scope-threshold-stopMinutes')).toHaveValue('45');
  await expect(saved.getByTestId('scope-threshold-idleMinutes')).toHaveValue('');
  await expect(saved.getByTestId('scope-reefer-setPointC')).toHaveValue('11');
  await expect(saved.getByTestId('scope-reefer-maxC')).toHaveValue('12');
  const stored = await request.get('/api/rest/alerts/settings', { headers: session.headers });
  const group = ((await stored.json()) as { groups: { thresholds: object; reefer?: object }[] })
    .groups;
  expect(group.some((g) => JSON.stringify(g.thresholds) === '{"stopMinutes":45}')).toBe(true);

  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();

  await inEachSavedLook(page, request, user, async (look) => {
    await navigateInApp(page, '/app/admin/alerts');
    await page.getByRole('tab').first().click();
    await expect(page.getByTestId('alert-code-V95')).toBeVisible();
    for (const [index, tab] of ['codes', 'thresholds', 'scopes', 'scores'].entries()) {
      // On a phone the tabs scroll: a click while they scroll can land beside the tab.
      const tabButton = page.getByRole('tab').nth(index);
      await expect(async () => {
        await tabButton.scrollIntoViewIfNeeded();
        await tabButton.click();
        await expect(tabButton).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      // The score letters (issue 22): the tenant's floors and scales, not saved here.
      if (tab === 'scores') await expect(page.getByTestId('score-settings')).toBeVisible();
      await takeShot(page, `admin-alerts-${tab}`, look, { checkSideways: true });
    }
  });
});
