import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from './support/ports';
import { startRumbo } from './support/rumbo-server';

const nextWebDir = process.env.RUMBO_E2E_NEXT_WEB_DIR;
const firstWebDir = process.env.RUMBO_E2E_WEB_DIR;

test('the update prompt appears when a new build is served, and the page reloads once', async ({
  browser,
}) => {
  test.skip(!nextWebDir || !firstWebDir, 'needs the second build made by scripts/e2e.mjs');
  const port = await freePort();
  const root = mkdtempSync(join(tmpdir(), 'rumbo-e2e-update-'));
  const options = { port, dataDir: join(root, 'data'), logFile: join(root, 'server.log') };
  let server = await startRumbo({ ...options, webDir: firstWebDir! });
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    const firstBuild = await page.locator('html').getAttribute('data-build');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
      .toBe(true);

    // A new version is deployed: the server restarts with the second build.
    await server.stop();
    server = await startRumbo({ ...options, webDir: nextWebDir! });
    await page.reload();
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(prompt).toContainText('Hay una nueva versión disponible');
    // Still the old version until the user agrees.
    expect(await page.locator('html').getAttribute('data-build')).toBe(firstBuild);

    let loads = 0;
    page.on('load', () => (loads += 1));
    await prompt.getByRole('button', { name: 'Actualizar' }).click();
    await expect
      .poll(() => page.locator('html').getAttribute('data-build'), { timeout: 30_000 })
      .not.toBe(firstBuild);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await page.waitForTimeout(3000);
    expect(loads).toBe(1);
    await expect(prompt).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});
