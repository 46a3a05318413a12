import { expect, test } from '@playwright/test';
import { navigateInApp, scrollsSideways, signIn } from './support/helpers';
import { atBothWidths, signInWithCombination, testEachCombination } from './support/shots';
import { USERS } from './support/users';

// driver/admin: create, edit and delete a driver in the screen (its own company), and
// screenshots of the demo company's drivers.

test('a driver is created, edited and deleted in driver/admin', async ({ page }) => {
  const code = `E2E${String(Date.now()).slice(-8)}`;
  await signIn(page, USERS.drivers);
  await navigateInApp(page, '/app/driver/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Choferes' })).toBeVisible({
    timeout: 45_000,
  });
  const rows = page.getByTestId('drivers-row');

  await page.getByTestId('drivers-create').click();
  const dialog = page.getByTestId('driver-dialog');
  // Required name, and a code with a space, are refused in the browser.
  await dialog.locator('#driver-codigo').fill('AB CD');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Valor requerido')).toBeVisible();
  await expect(dialog.getByText('Espacios en blanco no permitidos')).toBeVisible();
  await dialog.locator('#driver-nombre').fill('Rosa');
  await dialog.locator('#driver-apellido').fill('Quiroga');
  await dialog.locator('#driver-codigo').fill(code.toLowerCase());
  await dialog.locator('#driver-documento').fill('30111222');
  // The licence's expiry in the Spanish picker: dd/MM/yyyy, typed section by section.
  const expiry = dialog.getByRole('group', { name: 'Vencimiento de la licencia' });
  for (const [section, digits] of [
    ['Dia', '31'],
    ['Mes', '03'],
    ['Año', '2030'],
  ] as const) {
    const field = expiry.getByRole('spinbutton', { name: section });
    await field.click();
    await field.pressSequentially(digits, { delay: 50 });
    await expect(field).not.toHaveText(/^(DD|MM|AAAA)$/);
  }
  await expect(dialog.locator('#driver-licenciaVence')).toHaveValue('31/03/2030');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Chofer creado')).toBeVisible();
  const row = rows.filter({ hasText: 'Rosa Quiroga' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(code.toUpperCase());
  await expect(row).toContainText('31/03/2030');

  // The same code again is refused by the server, on the code field.
  await page.getByTestId('drivers-create').click();
  await dialog.locator('#driver-nombre').fill('Otra');
  await dialog.locator('#driver-codigo').fill(code);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    dialog.getByText('Otro chofer ya tiene ese código de tarjeta o iButton').first(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // Edit: surname and phone.
  await row.getByTestId('row-edit').click();
  await expect(dialog.locator('#driver-nombre')).toHaveValue('Rosa');
  await dialog.locator('#driver-apellido').fill('Quiroga Paz');
  await dialog.locator('#driver-telefono').fill('+54 9 351 555-0101');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const edited = rows.filter({ hasText: 'Rosa Quiroga Paz' });
  await expect(edited).toContainText('+54 9 351 555-0101');

  // Search finds it by code; delete asks first.
  await page.locator('#drivers-search').fill(code.slice(-6));
  await expect(rows).toHaveCount(1);
  await edited.getByTestId('row-delete').click();
  await expect(page.getByTestId('confirm-delete')).toContainText('Rosa Quiroga Paz');
  await page.getByTestId('confirm-delete-accept').click();
  await expect(page.getByText('Eliminado correctamente')).toBeVisible();
  await expect(page.getByTestId('drivers-empty')).toBeVisible();
});

testEachCombination(
  {
    title: ({ language, theme }) => `driver/admin screenshots ${language} ${theme}`,
    shots: { prefix: 'drivers' },
  },
  async ({ page, request, combination, shot }) => {
    test.setTimeout(240_000);
    await signInWithCombination(page, request, combination);
    await atBothWidths(page, async () => {
      await page.goto('/app/driver/admin');
      // The demo company's drivers, one per simulated truck's card.
      await expect(page.getByTestId('drivers-row').first()).toBeVisible({ timeout: 45_000 });
      expect(await scrollsSideways(page)).toBe(false);
      await shot('list');
      await page.getByTestId('drivers-row').first().getByTestId('row-edit').click();
      await expect(page.getByTestId('driver-dialog')).toBeVisible();
      await page.waitForTimeout(300);
      await shot('dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('driver-dialog')).toBeHidden();
    });
  },
);
