import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in through the login screen and waits for the start view. */
export async function signIn(page: Page, user: Credentials): Promise<void> {
  await page.goto('/auth/login');
  await page.locator('#username').fill(user.username);
  await page.locator('#password').fill(user.password);
  await page.locator('#password').press('Enter');
  await page.waitForURL(/\/app\//);
  await expect(page.getByTestId('nav-drawer').first()).toBeAttached();
}

/** A session made through the API, as the app makes it. */
export async function apiSession(request: APIRequestContext, user: Credentials) {
  const digest = 'e2eDigest0123456';
  // Only the fields the calls take: request bodies are strict (an unknown field is a 400).
  const credentials = { username: user.username, password: user.password };
  const auth = await request.post('/api/auth/generate_token?with_claim=true', {
    data: { ...credentials, digest },
  });
  expect(auth.ok(), await auth.text()).toBe(true);
  const { token } = (await auth.json()) as { token: string };
  const v2 = await request.post('/api/v2/user/generate_token', { data: credentials });
  const { token: userToken } = (await v2.json()) as { token: string };
  const headers = { token, digest };
  return { token, digest, userToken, headers };
}

/** Saves a user's configuration through the API (language, dark mode…). */
export async function saveConfig(
  request: APIRequestContext,
  user: Credentials,
  patch: Record<string, unknown>,
): Promise<void> {
  const session = await apiSession(request, user);
  const current = await request.post('/api/rest/auth/user', {
    headers: session.headers,
    data: { token: session.token },
  });
  const configuracion = (await current.json()) as {
    config: Record<string, unknown>;
    darkMode: boolean;
  };
  const saved = await request.post('/api/rest/user/save_config', {
    headers: session.headers,
    data: { ...configuracion.config, darkMode: configuracion.darkMode, ...patch },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await request.post('/api/auth/logout', { headers: session.headers, data: session.headers });
}

/** Waits for a mail to `to` received after `since` (ms) and returns its decoded text. */
export async function waitForMail(to: string, since: number, timeoutMs = 30_000): Promise<string> {
  const dir = process.env.RUMBO_E2E_MAIL_DIR;
  if (!dir) throw new Error('RUMBO_E2E_MAIL_DIR not set');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of readdirSync(dir).sort().reverse()) {
      const raw = readFileSync(join(dir, name), 'utf8');
      const text = decodeQuotedPrintable(raw);
      const sentAt = Date.parse(/^Date: (.+)$/m.exec(raw)?.[1] ?? '');
      if (text.includes(to) && (!Number.isFinite(sentAt) || sentAt >= since - 2000)) return text;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** True when the page can scroll sideways (the layouts must not). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}

/** Moves within the app without reloading it (as a link would). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Opens `path` and waits for the screen's title (its h1 named `title`). */
export async function openScreen(
  page: Page,
  path: string,
  title: string,
  timeout = 45_000,
): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout });
}

/** Clicks the export button `testId` and checks that an Excel file downloads. */
export async function exportsExcel(page: Page, testId = 'table-export'): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(testId).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
}
