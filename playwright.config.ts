import { defineConfig } from '@playwright/test';

// Browser tests of the web app: system Chromium against the real built server (see
// scripts/e2e.mjs, which builds first and picks the port).
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Set once in the main process; the workers inherit it, so everyone agrees on the address.
process.env.RUMBO_E2E_PORT ??= String(20_000 + (process.pid % 20_000));
const baseURL = `http://localhost:${process.env.RUMBO_E2E_PORT}`;

export default defineConfig({
  testDir: 'apps/web/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './apps/web/e2e/support/global-setup.ts',
  outputDir: 'test-results',
  // Three at a time on two cores: a test mostly waits (the browser tests' processes used 0.56 of a
  // core in a 30-minute run at two workers; decision 0047, second addendum).
  workers: 3,
  fullyParallel: true,
  retries: 0,
  // A test's own limit; CI's machine has run 2–4 × slower than a quiet one (decision 0047: the
  // stop-33 CI took 31.6 min for what a quiet machine runs in 8).
  timeout: 240_000,
  expect: { timeout: 45_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // The service worker's install downloads every precached file; only the update test needs it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
