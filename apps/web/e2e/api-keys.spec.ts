import { expect, test } from '@playwright/test';
import { apiSession, navigateInApp, saveConfig, signIn } from './support/helpers';
import { inEachSavedLook, takeShot } from './support/shots';
import { USERS } from './support/users';

// API keys (issue 27 item 2): an administrator creates a key in the users screen's second tab,
// sees it once, another system reads with it, and revoking it shuts that system out at once.

test('an administrator creates a key shown once, a system reads with it, revoking shuts it out', async ({
  page,
  request,
}) => {
  const user = USERS.apiKeys;
  await saveConfig(request, user, { idioma: 'en', darkMode: false });
  await signIn(page, user);
  await navigateInApp(page, '/app/admin/users?tab=api-keys');
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const name = `TMS ${Date.now()}`;
  await page.getByTestId('api-keys-create').click();
  const dialog = page.getByTestId('api-key-dialog');
  // Bad input stays on the form with its reasons.
  await dialog.locator('#api-key-addresses').fill('10.0.0.300');
  await dialog.getByTestId('scope-positions:read').uncheck();
  await dialog.getByTestId('api-key-save').click();
  await expect(dialog.getByText('Required value')).toBeVisible();
  await expect(dialog.getByText('Choose at least one scope')).toBeVisible();
  await expect(dialog.getByText(/must be an IP address/)).toBeVisible();
  await dialog.locator('#api-key-name').fill(name);
  await dialog.getByTestId('scope-fleet:read').check();
  await dialog.locator('#api-key-addresses').fill('');
  await dialog.getByTestId('api-key-save').click();

  const secret = (await page.getByTestId('api-key-secret').textContent()) ?? '';
  expect(secret).toMatch(/^rk_\d+_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(/shown only this once/)).toBeVisible();
  await page.getByTestId('api-key-secret-done').click();
  const row = page.getByTestId('api-keys-row').filter({ hasText: name });
  await expect(row).toContainText('Never used');
  await expect(row).toContainText('Read fleet, drivers and reports');
  // The list shows the key's prefix only, never its 43 secret characters (base64url: they may
  // hold "_" themselves, so they are what follows the second "_", not a split's third piece).
  await expect(row).not.toContainText(secret.slice(secret.indexOf('_', 3) + 1));

  const withKey = { headers: { authorization: `Bearer ${secret}` } };
  expect((await request.get('/api/driver', withKey)).status()).toBe(200);
  expect((await request.post('/api/driver', { ...withKey, data: { nombre: 'X' } })).status()).toBe(
    403,
  );

  await row.getByTestId('row-revoke').click();
  await page.getByTestId('confirm-revoke-accept').click();
  await expect(row).toContainText('Revoked');
  expect((await request.get('/api/driver', withKey)).status()).toBe(401);
});

test('API keys screenshots: list and new-key dialog at 1440 and 390, ES and EN, light and dark', async ({
  page,
  request,
}) => {
  const user = USERS.apiKeysShots;
  // A key to list, whatever the other test has done so far.
  const session = await apiSession(request, user);
  const created = await request.post('/api/v2/api-keys', {
    headers: session.headers,
    data: { name: 'ERP — conductores', scopes: ['fleet:read', 'drivers:write'] },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await inEachSavedLook(page, request, user, async (look) => {
    await navigateInApp(page, '/app/admin/users?tab=api-keys');
    await expect(page.getByTestId('api-keys-row').first()).toBeVisible();
    await takeShot(page, 'api-keys', look, { checkSideways: true });
    await page.getByTestId('api-keys-create').click();
    await expect(page.getByTestId('api-key-dialog')).toBeVisible();
    await takeShot(page, 'api-keys', look, { pointerAway: false, suffix: '-dialog' });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('api-key-dialog')).toBeHidden();
  });
});
