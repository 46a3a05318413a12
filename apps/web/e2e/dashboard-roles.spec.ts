import { expect, test, type Page } from '@playwright/test';
import { apiSession, scrollsSideways, signIn } from './support/helpers';
import { atBothWidths, ES_LIGHT, takeShot, WIDE } from './support/shots';
import { USERS } from './support/users';

// Issue 21, item 6 (docs/decisions/0029-views-per-route.md): each API route serves only the
// views it declares. The dashboard of the demo fleet must still show every figure for the built-in
// viewer and for a custom role with only {dashboard, fleet-vehicles}, through its own summary
// call, and no screen those roles open may meet a 403; screenshots at 1440 and 390 px.

const FIGURES = [
  'fleet_score',
  'distance',
  'fuel',
  'co2',
  'ralenti',
  'eco_driving',
  'vehicles_in_transit',
  'alerts_today',
];

/** Collects the API answers 403 the page meets. */
function forbiddenCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) {
      refused.push(response.url());
    }
  });
  return refused;
}

async function checkDashboard(page: Page, name: string) {
  await atBothWidths(page, async () => {
    await page.goto('/app/home');
    const distance = page.getByTestId('figure-distance');
    await expect(distance).toBeVisible({ timeout: 60_000 });
    await expect(distance).not.toHaveText('—');
    for (const figure of FIGURES) {
      await expect(page.locator(`[data-figure="${figure}"]`)).toBeVisible();
    }
    await expect(page.getByTestId('figure-vehicles_in_transit')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('figure-alerts_today')).toHaveText(/^\d+$/);
    expect(await scrollsSideways(page), 'dashboard scrolls sideways').toBe(false);
    await takeShot(page, `dashboard-${name}`, ES_LIGHT, { fullPage: true });
  });
}

test('the viewer’s dashboard shows every figure and meets no 403', async ({ page }) => {
  const refused = forbiddenCalls(page);
  await signIn(page, USERS.viewer);
  await checkDashboard(page, 'viewer');
  await page.setViewportSize(WIDE);
  await page.goto('/app/map/current_location');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/app/fleet/vehicles');
  await expect(page.locator('[data-row], [data-card]').first()).toBeVisible({ timeout: 30_000 });
  expect(refused).toEqual([]);
});

test('a role with only the dashboard and the vehicles list works without the other screens’ calls', async ({
  page,
  request,
}) => {
  const admin = await apiSession(request, { username: 'demoadmin', password: 'demo1234' });
  const roles = await request.get('/api/rest/admin/roles', { headers: admin.headers });
  let role = ((await roles.json()) as { id: number; name: string }[]).find(
    (r) => r.name === 'Panel y vehículos',
  );
  if (!role) {
    const made = await request.post('/api/rest/admin/roles', {
      headers: admin.headers,
      data: {
        name: 'Panel y vehículos',
        startOn: 'dashboard',
        views: ['dashboard', 'fleet-vehicles'],
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    role = (await made.json()) as { id: number; name: string };
  }
  const user = { username: 'panel001', password: 'panel1234' };
  const created = await request.post('/api/rest/admin/users', {
    headers: admin.headers,
    data: {
      username: user.username,
      email: 'panel001@rumbo.test',
      nombre: 'Pía',
      apellido: 'Panel',
      roleId: role.id,
      password: user.password,
    },
  });
  expect([200, 409]).toContain(created.status());

  const refused = forbiddenCalls(page);
  await signIn(page, user);
  await checkDashboard(page, 'custom-role');
  await atBothWidths(page, async () => {
    await page.goto('/app/fleet/vehicles');
    const first = page.locator('[data-row], [data-card]').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await takeShot(page, 'dashboard-custom-role-vehicles', ES_LIGHT, {
      fullPage: true,
      pointerAway: false,
    });
  });
  expect(refused).toEqual([]);
  // The other screens stay closed to it.
  await page.goto('/app/analysis');
  await expect(page).toHaveURL(/\/403$/);
});
