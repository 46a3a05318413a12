import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { LOCAL_DEMO_SERVER } from './harness.js';

describe('server start with the embedded database', () => {
  it('starts, serves health, stops cleanly and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-start-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      ...LOCAL_DEMO_SERVER,
      ADMIN_PASSWORD: 'admin-password',
    });
    const first = await startServer(config);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ database: { reachable: true, mode: 'embedded' } });
    const login = await fetch(`${first.url}/api/v2/user/generate_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demouser', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    await first.stop();

    const second = await startServer(config);
    const check = await fetch(`${second.url}/api/v2/user/validate_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(check.status).toBe(200);
    await second.stop();
    rmSync(dataDir, { recursive: true, force: true });
    // The first start registers the demo fleet (50 trucks, their places and plans): 13–20 s on a
    // loaded 2-core machine, so 30 s was too close.
  }, 90_000);
});
