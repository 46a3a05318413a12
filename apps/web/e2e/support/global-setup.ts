import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './ports';
import { REPO_ROOT, startRumbo } from './rumbo-server';
import { startSmtp } from './smtp';
import { ADMIN_TENANT, ALL_USERS, TENANT } from './users';

export const ADMIN_PASSWORD = 'e2e-admin-password';

/**
 * Starts a real SMTP server and the real built server with a fresh temporary database, the demo
 * tenant and the test users; tells the tests where mail lands. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.RUMBO_E2E_PORT);
  if (!port) throw new Error('RUMBO_E2E_PORT is not set (playwright.config.ts sets it)');
  const root = mkdtempSync(join(tmpdir(), 'rumbo-e2e-'));
  const dataDir = join(root, 'data');
  const mailDir = join(root, 'mail');
  // The server serves a copy, so a rebuild during the run cannot change what it serves.
  const webDir = join(root, 'web');
  cpSync(join(REPO_ROOT, 'apps/web/dist'), webDir, { recursive: true });

  const smtp = await startSmtp(mailDir);
  const env = {
    SMTP_URL: smtp.url,
    SUPPORT_EMAIL: 'soporte@rumbo.test',
    DEMO: '1',
    DEMO_VEHICLES: '5',
    DEMO_HISTORY_DAYS: '1',
    ADMIN_PASSWORD,
    // Fixed (not random) so tests can send device frames to it; unknown devices register
    // themselves in "Nuevos" (admin.spec.ts).
    TELTONIKA_PORT: String(await freePort()),
    INGEST_AUTO_REGISTER: '1',
    INGEST_AUTO_REGISTER_TENANT: ADMIN_TENANT,
  };
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(REPO_ROOT, 'apps/web/e2e/support/seed-users.mjs'),
      JSON.stringify(ALL_USERS.map((u) => ({ ...u, tenant: u.tenant ?? TENANT }))),
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    },
  );
  const server = await startRumbo({
    port,
    dataDir,
    webDir,
    env,
    logFile: join(root, 'server.log'),
  });
  process.env.RUMBO_E2E_TELTONIKA_PORT = env.TELTONIKA_PORT;
  process.env.RUMBO_E2E_MAIL_DIR = mailDir;
  process.env.RUMBO_E2E_ROOT = root;
  process.env.RUMBO_E2E_WEB_DIR = webDir;
  console.log(`e2e: server ${server.url}, files in ${root}`);

  return async () => {
    await server.stop();
    await smtp.close();
  };
}
