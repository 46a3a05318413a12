import { expect, test } from '@playwright/test';
import { RPM_BANDS, type AnalysisRow } from '@rumbo/contracts';
import { CAN_ONLY } from '../src/shared/analysis/indicator-format';
import { apiSession, exportsExcel, openScreen, scrollsSideways } from './support/helpers';
import { atBothWidths, signInWithCombination, testEachCombination } from './support/shots';

// The driving-analysis screens (issue 13) with the demo fleet (its history backfill goes through
// the real detector chain): dashboard cards with numbers, the fleet indicators and export, one
// vehicle against a comparative period, safe driving against four previous periods, idling of the
// fleet and of one vehicle; screenshots at 1440 and 390 px, light and dark, Spanish and English.

const TITLES = {
  es: {
    home: 'Inicio',
    analysis: 'Indicadores de la flota',
    safety: 'Conducción segura',
    idle: 'Ralentí',
  },
  en: {
    home: 'Dashboard',
    analysis: 'Fleet indicators',
    safety: 'Safe driving',
    idle: 'Idle time',
  },
};

testEachCombination(
  {
    title: ({ language, theme }) => `analysis screens with the demo fleet (${language}, ${theme})`,
    shots: { prefix: 'analysis', fullPage: true },
  },
  async ({ page, request, combination, shot }) => {
    const { language, theme } = combination;
    test.setTimeout(420_000);
    await signInWithCombination(page, request, combination);

    await atBothWidths(page, async (_size, wide) => {
      // Dashboard: every card shows a figure once loaded (the demo history is in this week).
      await page.goto('/app/home');
      const distance = page.getByTestId('figure-distance');
      await expect(distance).toBeVisible({ timeout: 60_000 });
      await expect(distance).not.toHaveText('—');
      await expect(page.getByTestId('figure-vehicles_in_transit')).toHaveText(/^\d+$/);
      await expect(page.getByTestId('figure-alerts_today')).toHaveText(/^\d+$/);
      await expect(page.getByTestId('figure-fleet_score')).toBeVisible();
      expect(await scrollsSideways(page), 'dashboard scrolls sideways').toBe(false);
      await shot('home');

      // Fleet indicators: rows with letters; export on the wide screen.
      await openScreen(page, '/app/analysis?period=last7d', TITLES[language].analysis);
      const table = page.getByTestId('analysis-table');
      await expect(table).toBeVisible({ timeout: 45_000 });
      await expect(table.locator('[data-letter]').first()).toBeVisible();
      expect(await scrollsSideways(page), 'analysis scrolls sideways').toBe(false);
      await shot('fleet');
      if (wide && language === 'es' && theme === 'light') await exportsExcel(page);

      // One vehicle against the previous period.
      await table.locator('[data-row], [data-card]').first().click();
      await expect(page.getByTestId('vehicle-analysis-page')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('vehicle-indicators')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('[data-indicator]')).toHaveCount(10);
      const route = /\/app\/analysis\/\d+\/(\d+)\/(\d+)$/.exec(page.url());
      expect(route).not.toBeNull();
      const [from, to] = [Number(route![1]), Number(route![2])];

      // The truck with the most kickdowns: rpm distribution, kickdowns on the map and timeline.
      const session = await apiSession(request, combination.user);
      const rows = (await (
        await request.get(`/api/analysis/${from}/${to}/?opts[]=all`, { headers: session.headers })
      ).json()) as AnalysisRow[];
      const busiest = rows.reduce((a, b) => (b.kickdowns > a.kickdowns ? b : a));
      expect(busiest.kickdowns).toBeGreaterThan(0);
      await page.goto(`/app/analysis/${busiest.vehicleid}/${from}/${to}`);
      await expect(page.getByTestId('vehicle-rpm').locator('svg').first()).toBeVisible({
        timeout: 60_000,
      });
      await expect(page.getByTestId('vehicle-days').locator('svg').first()).toBeVisible();
      await expect(page.getByTestId('vehicle-events-map')).toBeVisible({ timeout: 60_000 });
      await expect(page.locator('[data-code="KDN"]').first()).toBeVisible();
      await expect(page.getByRole('img', { name: /Kickdown/ }).first()).toBeAttached();
      expect(await scrollsSideways(page), 'vehicle analysis scrolls sideways').toBe(false);
      await page.waitForTimeout(1_500); // map tiles
      await shot('vehicle');

      // A phone truck (OsmAnd, no CAN): N/D and no letter for the CAN indicators and eco-driving.
      // The e2e demo fleet has 5 Teltonika trucks (the 10th is the phone), so the answer of one
      // truck is turned into what the server answers for a phone (apps/server/test/analysis.int.test.ts).
      const phoneId =
        rows.find((r) => r.vehicleid !== busiest.vehicleid)?.vehicleid ?? busiest.vehicleid;
      await page.route(`**/api/analysis/${from}/${to}/${phoneId}`, async (route) => {
        const real = (await (await route.fetch()).json()) as AnalysisRow;
        const nd = { value: null, profile: null, score: null, lowCoverage: false, coverage: 0 };
        for (const key of CAN_ONLY) real.evaluation[key] = nd;
        // No harsh-event input either (issue 22): hard braking is N/D, not a clean A.
        real.evaluation.hardBraking = nd;
        real.hardBrakes = 0;
        for (const band of RPM_BANDS) real.rpmBands[band] = 0;
        real.kickdowns = 0;
        real.kickdownEvents = [];
        await route.fulfill({ json: real });
      });
      await page.goto(`/app/analysis/${phoneId}/${from}/${to}`);
      const eco = page.locator('[data-indicator="averageEcoDriving"]');
      await expect(eco).toContainText(language === 'es' ? 'N/D' : 'N/A', { timeout: 60_000 });
      await expect(eco.locator('[data-letter=""]').first()).toBeVisible();
      await expect(page.getByTestId('vehicle-rpm-none')).toBeVisible();
      await expect(page.locator('[data-indicator="hardBraking"]')).toContainText(
        language === 'es' ? 'N/D' : 'N/A',
      );
      if (theme === 'light') await shot('vehicle-phone');
      await page.unroute(`**/api/analysis/${from}/${to}/${phoneId}`);

      // Safe driving: the fleet score and four previous periods.
      await page.goto('/app/fleet/safety_drive?period=last7d');
      await expect(page.getByTestId('safety-fleet-score')).toBeVisible({ timeout: 45_000 });
      for (const k of [1, 2, 3, 4])
        await expect(page.getByTestId(`safety-previous-${k}`)).toBeVisible();
      await expect(page.getByTestId('safety-vehicles')).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('safety-trend').locator('svg').first()).toBeVisible();
      expect(await scrollsSideways(page), 'safety drive scrolls sideways').toBe(false);
      await shot('safety');

      // Idling of the fleet, then of one vehicle.
      await page.goto('/app/fleet/ralenti_agg?period=last7d');
      const idle = page.getByTestId('ralenti-table');
      await expect(idle).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('ralenti-chart').locator('svg').first()).toBeVisible();
      expect(await scrollsSideways(page), 'idle scrolls sideways').toBe(false);
      await shot('ralenti');
      await idle.locator('[data-row], [data-card]').first().click();
      await expect(page.getByTestId('ralenti-vehicle-page')).toBeVisible({ timeout: 60_000 });
      await expect(page.getByTestId('ralenti-periods')).toBeVisible({ timeout: 60_000 });
      expect(await scrollsSideways(page), 'vehicle idle scrolls sideways').toBe(false);
      await shot('ralenti-vehicle');
    });
  },
);
