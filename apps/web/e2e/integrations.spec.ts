import { expect, type Page } from '@playwright/test';
import { apiSession, navigateInApp } from './support/helpers';
import { applyCombination, atBothWidths, signInWide, testEachCombination } from './support/shots';
import { LOOK_USERS } from './support/users';

// Issue 27's screens for people to look at: the scheduled reports in settings (with a send's
// history and the administrators' allowed addresses), the API keys tab and the webhooks tab, at
// 1440 and 390 px. Each combination has its own company, so its lists hold only what it made.

/** A public address (the server refuses private ones and, in the test, cannot resolve names). */
const WEBHOOK_URL = 'https://93.184.215.14/rumbo/eventos';

testEachCombination(
  {
    title: ({ language, theme }) => `integrations screenshots ${language} ${theme}`,
    shots: { prefix: 'integrations', checkSideways: true },
    combinations: LOOK_USERS.integrations,
  },
  async ({ page, request, combination, shot }) => {
    const { language, theme, user } = combination;
    await applyCombination(page, request, combination);

    // What the screens list, made through the API as another system or the user would.
    const { headers } = await apiSession(request, user);
    const call = async (method: 'post' | 'put', url: string, data: object) => {
      const answer = await request[method](url, { headers, data });
      expect(answer.ok(), `${url}: ${await answer.text()}`).toBe(true);
      return (await answer.json()) as { id: number };
    };
    await call('put', '/api/v2/reports/allowed-addresses', {
      addresses: ['trafico@cliente-logistica.example', 'compras@cliente-logistica.example'],
    });
    const recipients = (await (
      await request.get('/api/v2/reports/recipients', { headers })
    ).json()) as { users: { id: number; email: string }[] };
    const me = recipients.users.filter((u) => u.email === user.email).map((u) => u.id);
    const weekly = await call('post', '/api/v2/reports/subscriptions', {
      report: 'fleet-summary',
      period: 'last_week',
      schedule: 'weekly',
      scheduleDay: 1,
      at: '08:00',
      recipients: { users: me, addresses: ['trafico@cliente-logistica.example'] },
      language,
    });
    await call('post', '/api/v2/reports/subscriptions', {
      report: 'alerts',
      period: 'yesterday',
      schedule: 'daily',
      at: '07:30',
      recipients: { users: me },
      language,
    });
    await call('post', `/api/v2/reports/subscriptions/${weekly.id}/send`, {});
    await call('post', '/api/v2/api-keys', {
      name: 'TMS — posiciones',
      scopes: ['positions:read', 'events:read'],
    });
    await call('post', '/api/v2/webhooks', {
      url: WEBHOOK_URL,
      description: 'ERP — avisos y viajes',
      eventKinds: ['alert.*', 'trip.ended', 'fuel.theft'],
    });

    await signInWide(page, user);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await atBothWidths(page, async () => {
      await navigateInApp(page, '/app/user/settings');
      await expect(page.getByTestId('report-subscription')).toHaveCount(2);
      await expect(page.getByTestId('allowed-address')).toHaveCount(2);
      await shot('reports', { fullPage: true });
      await page.getByTestId('report-subscription').first().getByTestId('report-history').click();
      await expect(page.getByTestId('report-send').first()).toBeVisible();
      await shot('report-history');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('report-log')).toBeHidden();

      await openTab(page, 'api-keys');
      await shot('api-keys');
      await openTab(page, 'webhooks');
      await shot('webhooks');
    });
  },
);

async function openTab(page: Page, tab: 'api-keys' | 'webhooks'): Promise<void> {
  await navigateInApp(page, `/app/admin/users?tab=${tab}`);
  await expect(page.getByTestId(`${tab}-row`).first()).toBeVisible();
}
