import { expect, test } from '@playwright/test';
import { signIn, waitForMail } from './support/helpers';
import { USERS } from './support/users';

test('recovers a password end to end through a real SMTP server', async ({ page }) => {
  const user = USERS.recovery;
  const since = Date.now();
  await page.goto('/auth/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/auth\/recovery$/);
  await expect(page.getByRole('link', { name: /soporte@rumbo\.test/ })).toHaveAttribute(
    'href',
    'mailto:soporte@rumbo.test',
  );
  const reset = page.getByRole('button', { name: 'Restablecer' });
  await expect(reset).toBeDisabled();
  await page.locator('#email').fill('not-an-address');
  await expect(page.getByText('formato inválido')).toBeVisible();
  await expect(reset).toBeDisabled();
  await page.locator('#email').fill(user.email);
  await reset.click();
  await expect(page.getByTestId('snackbar')).toHaveText(/En tu bandeja de entrada encontrarás/);
  await expect(page).toHaveURL(/\/auth\/login$/);

  const mail = await waitForMail(user.email, since);
  const link = /https?:\/\/[^\s"<>]+\/auth\/recovery\/[\w-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();
  const code = link!.split('/').pop()!;
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Nueva contraseña' })).toBeVisible();
  await expect(page.locator('#code')).toHaveValue(code);
  await expect(page.locator('#code')).toHaveAttribute('readonly', '');

  const newPassword = 'Camion-Rojo-2031';
  await page.locator('#email').fill(user.email);
  await page.locator('#new-password').fill('abc');
  await expect(page.getByText('tamaño mínimo requerido 6')).toBeVisible();
  await page.locator('#new-password').fill(newPassword);
  await expect(page.getByTestId('password-strength')).toContainText(/Fuerte|Muy fuerte/);
  await page.locator('#repeat-password').fill('Camion-Rojo-2030');
  await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
  const submit = page.getByRole('button', { name: 'Guardar contraseña' });
  await expect(submit).toBeDisabled();
  await page.locator('#repeat-password').fill(newPassword);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByTestId('snackbar')).toHaveText(/La contraseña fue actualizada/);
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, { username: user.username, password: newPassword });
  await expect(page).toHaveURL(/\/app\/home$/);
});

test('shows the strength labels of a new password', async ({ page }) => {
  await page.goto('/auth/recovery/sample-code');
  const bar = page.getByTestId('password-strength');
  await page.locator('#new-password').fill('abcdef');
  await expect(bar).toContainText('Muy débil');
  await page.locator('#new-password').fill('Tr0mb0n-Azul-Lento-77');
  await expect(bar).toContainText('Muy fuerte');
});
