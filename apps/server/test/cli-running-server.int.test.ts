// Issue 21 items 5 and 9: `rumbo` commands run as real child processes while a server runs. On
// the server's DATA_DIR they are handed to it over its control socket (its database, its bus);
// from elsewhere, on a NATS cluster, the change is announced on NATS. Either way the new device's
// first frame shows in `last_position` and on `/api/wslp` without a restart, and the server's
// database socket is never taken.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { connect as natsConnect } from '@nats-io/transport-node';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.js';
import { EmbeddedInUseError, servePglite } from '../src/db/embedded-server.js';
import { embeddedPaths } from '../src/db/database.js';
import { startServer, type RunningServer } from '../src/server.js';
import { loginDevice, sendFrames, truckRecord } from './ingest-helpers.js';
import { LOCAL_DEMO_SERVER, natsReachable, signInHeaders } from './harness.js';
import { dropPostgres, recreatePostgres } from './server-child.js';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '../src/cli.ts');
const adminUrl = process.env.TEST_DATABASE_URL;
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const natsUp = adminUrl ? await natsReachable(natsUrl) : false;

/** A fresh PostgreSQL database next to TEST_DATABASE_URL; `drop` removes it. */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rumbo_cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  return { url: await recreatePostgres(name), drop: () => dropPostgres(name) };
}

/** A server of this process on a fresh DATA_DIR (ports chosen by the OS). */
async function serve(env: Record<string, string>): Promise<RunningServer> {
  return startServer(
    loadConfig({
      ...LOCAL_DEMO_SERVER,
      DEMO_VEHICLES: '0',
      ADMIN_PASSWORD: 'admin-password',
      SESSION_SECRET: 's'.repeat(40),
      ALTCHA_HMAC_KEY: 'a'.repeat(40),
      ...env,
    }),
  );
}

/** `rumbo …` as a child process with these settings. */
function rumbo(env: Record<string, string>, ...args: string[]) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.NATS_URL;
  return run(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...clean, ...env } });
}

/** A signed-in `/api/wslp` socket collecting the plates it was told about with a position. */
async function liveSocket(server: RunningServer) {
  const session = await signInHeaders(server.app);
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/wslp`);
  const seen = new Map<string, number>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      action?: string;
      payload?: { plate: string; lat: number | null }[];
    };
    if (message.action !== 'positions/update') return;
    for (const v of message.payload ?? []) if (v.lat !== null) seen.set(v.plate, v.lat);
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ token: session.token, digest: session.digest }));
  return { session, seen, close: () => socket.close() };
}

/** Sends one frame as `imei` and checks it reaches `last_position` and `/api/wslp`. */
async function expectLive(server: RunningServer, imei: string, plate: string, lat: number) {
  const socket = await liveSocket(server);
  const listed = async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/rest/vehicle/last_position',
      headers: { token: socket.session.token, digest: socket.session.digest },
    });
    return response.json<{ plate: string; lat: number | null }[]>().find((v) => v.plate === plate);
  };
  try {
    // Listed before any frame: the announcement on the bus reloaded the live fleet.
    await expect.poll(listed, { timeout: 5_000 }).toMatchObject({ plate, lat: null });
    const device = await loginDevice(server.teltonikaPort, imei);
    await sendFrames(device, [truckRecord(Date.now() - 5_000, { lat, speedKmh: 40 })]);
    device.end();
    await expect.poll(() => socket.seen.get(plate), { timeout: 10_000 }).toBeCloseTo(lat, 5);
    await expect.poll(async () => (await listed())?.lat, { timeout: 10_000 }).toBeCloseTo(lat, 5);
  } finally {
    socket.close();
  }
}

describe('rumbo commands while an embedded server runs on the same DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-clirun-'));
  let server: RunningServer;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands `device add` to the server: the device shows live at its first frame; the database socket stays', async () => {
    server = await serve({ DATA_DIR: dataDir });
    const { socketDir, storeDir } = embeddedPaths(dataDir);
    const dbSocket = join(socketDir, '.s.PGSQL.5432');
    expect(existsSync(dbSocket)).toBe(true);
    const env = { DATA_DIR: dataDir };
    const imei = '352094081230001';
    const added = await rumbo(env, 'device', 'add', '--imei', imei, '--plate', 'CL001AA');
    expect(added.stdout).toMatch(new RegExp(`device ${imei} → vehicle CL001AA \\(id \\d+\\)`));
    expect((await rumbo(env, 'tenant', 'add', 'Transportes Norte')).stdout).toContain(
      'tenant "Transportes Norte"',
    );
    expect((await rumbo(env, 'migrate')).stdout).toContain('up to date');
    // The server's own database has them, and its socket still answers.
    const device = await server.database.db
      .selectFrom('devices')
      .select('unique_id')
      .where('unique_id', '=', imei)
      .executeTakeFirst();
    expect(device?.unique_id).toBe(imei);
    expect(
      await server.database.db
        .selectFrom('tenants')
        .select('name')
        .where('name', '=', 'Transportes Norte')
        .executeTakeFirst(),
    ).toBeDefined();
    expect(existsSync(dbSocket)).toBe(true);
    await new Promise<void>((resolve, reject) => {
      const probe = netConnect(dbSocket, () => {
        probe.destroy();
        resolve();
      });
      probe.once('error', reject);
    });
    await expectLive(server, imei, 'CL001AA', -34.61);

    // A second copy of the database is never opened over the running one's files.
    await expect(servePglite(storeDir, socketDir)).rejects.toBeInstanceOf(EmbeddedInUseError);
    expect(existsSync(dbSocket)).toBe(true);
    // Bad input is refused by the command line itself, nothing sent.
    await expect(
      rumbo(env, 'device', 'add', '--imei', imei, '--plate', 'X', '--protocol', 'carrier-pigeon'),
    ).rejects.toMatchObject({ code: 2 });
  }, 180_000);
});

describe('rumbo commands while a process serves the embedded database without a control socket', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-clidb-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses with a clear message and exit code 3, leaving the socket in place', async () => {
    const { socketDir, storeDir } = embeddedPaths(dataDir);
    const running = await servePglite(storeDir, socketDir);
    try {
      const error = await rumbo(
        { DATA_DIR: dataDir },
        'device',
        'add',
        '--imei',
        '352094081230009',
        '--plate',
        'CL009AA',
      ).then(
        () => null,
        (e: unknown) => e as { code: number; stderr: string },
      );
      expect(error?.code).toBe(3);
      expect(error?.stderr).toContain("a running Rumbo server uses this data folder's database");
      expect(existsSync(join(socketDir, '.s.PGSQL.5432'))).toBe(true);
    } finally {
      await running.stop();
    }
  }, 120_000);
});

describe.skipIf(!adminUrl)('rumbo commands while a server runs on PostgreSQL', () => {
  const dirs: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rumbo-clipg-'));
    dirs.push(dir);
    return dir;
  };

  it('on the server’s DATA_DIR: `device add` goes through the server and its bus', async () => {
    const database = await freshPostgres();
    cleanups.push(() => database.drop());
    const dataDir = tempDir();
    const server = await serve({ DATA_DIR: dataDir, DATABASE_URL: database.url });
    cleanups.push(() => server.stop());
    const imei = '352094081230002';
    const added = await rumbo(
      { DATA_DIR: dataDir, DATABASE_URL: database.url },
      'device',
      'add',
      '--imei',
      imei,
      '--plate',
      'CL002AA',
    );
    expect(added.stdout).toContain(`device ${imei} → vehicle CL002AA`);
    await expectLive(server, imei, 'CL002AA', -34.62);
  }, 180_000);

  it.skipIf(!natsUp)(
    'from another process on a NATS cluster (the command line, another API node): the change is announced on NATS and the server shows it live',
    async () => {
      const database = await freshPostgres();
      cleanups.push(() => database.drop());
      const prefix = `rumbocli${process.pid}`;
      const nats = { NATS_URL: natsUrl, NATS_PREFIX: prefix };
      const server = await serve({ DATA_DIR: tempDir(), DATABASE_URL: database.url, ...nats });
      cleanups.push(async () => {
        await server.stop();
        const { jetstreamManager } = await import('@nats-io/jetstream');
        const nc = await natsConnect({ servers: natsUrl });
        await (
          await jetstreamManager(nc)
        ).streams
          .delete(`${prefix.toUpperCase()}_RECORDS`)
          .catch(() => false);
        await nc.close();
      });
      const imei = '352094081230003';
      // Another DATA_DIR: no server answers there, the command line writes and announces.
      const added = await rumbo(
        { DATA_DIR: tempDir(), DATABASE_URL: database.url, ...nats },
        'device',
        'add',
        '--imei',
        imei,
        '--plate',
        'CL003AA',
      );
      expect(added.stdout).toContain(`device ${imei} → vehicle CL003AA`);
      await expectLive(server, imei, 'CL003AA', -34.63);

      // Another API node on the same cluster: a vehicle created there over HTTP, and then deleted,
      // reaches this node's live fleet through NATS.
      const other = await serve({ DATA_DIR: tempDir(), DATABASE_URL: database.url, ...nats });
      cleanups.push(() => other.stop());
      const admin = await signInHeaders(other.app, 'demoadmin', 'demo1234');
      const created = await other.app.inject({
        method: 'POST',
        url: '/api/vehicles/admin/vehicles',
        headers: { token: admin.token, digest: admin.digest },
        payload: { plate: 'CL004AA' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const viewer = await signInHeaders(server.app);
      const plates = async () =>
        (
          await server.app.inject({
            method: 'GET',
            url: '/api/rest/vehicle/last_position',
            headers: { token: viewer.token, digest: viewer.digest },
          })
        )
          .json<{ plate: string }[]>()
          .map((v) => v.plate);
      await expect.poll(plates, { timeout: 5_000 }).toContain('CL004AA');
      const { vehicleId } = created.json<{ vehicleId: number }>();
      const removed = await other.app.inject({
        method: 'DELETE',
        url: `/api/vehicles/admin/vehicles/${vehicleId}`,
        headers: { token: admin.token, digest: admin.digest },
      });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      await expect.poll(plates, { timeout: 5_000 }).not.toContain('CL004AA');
    },
    180_000,
  );
});
