import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeCodec8eFrame, encodeLogin } from '@rumbo/telematics';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DeviceSocket, truckRecord } from './ingest-helpers.js';
import {
  childServerEnv,
  dropPostgres,
  freePort,
  recreatePostgres,
  startServerChild,
} from './server-child.js';
import { newDigest } from './harness.js';
import { WebhookReceiver } from './webhook-receiver.js';

// Webhooks through a crash (issue 27, "Done when"): the server as a child process, a truck's trips
// told to a real local receiver; the receiver goes down, more trips end, the server is killed -9,
// both come back: every event arrives, each once (none twice in a row after an acknowledgement).

const adminUrl = process.env.TEST_DATABASE_URL;

/** One trip: 2 minutes at 60 km/h northwards from `lat`, then the ignition off for 2 minutes. */
function tripFrames(startMs: number, lat: number, odometerM: number): Buffer[] {
  const records = [];
  for (let i = 0; i <= 12; i++)
    records.push(
      truckRecord(startMs + i * 10_000, {
        lat: lat + i * 0.0015,
        speedKmh: 60,
        odometerM: odometerM + i * 166,
      }),
    );
  for (let i = 1; i <= 4; i++)
    records.push(
      truckRecord(startMs + 120_000 + i * 30_000, {
        lat: lat + 12 * 0.0015,
        ignition: false,
        odometerM: odometerM + 12 * 166,
      }),
    );
  return [encodeCodec8eFrame(records)];
}

describe.skipIf(!adminUrl)('webhooks through a receiver outage and a crash (PostgreSQL)', () => {
  const name = `rumbo_webhooks_${process.pid}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-webhooks-'));
  const receiver = new WebhookReceiver();
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await receiver.stop();
    await dropPostgres(name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every event missed while the receiver was down and the server killed -9', async () => {
    const url = await recreatePostgres(name);
    const { env: ports, httpPort, devicePort } = await childServerEnv(url, dataDir);
    const receiverPort = await freePort();
    const env = {
      ...ports,
      INGEST_AUTO_REGISTER: '1',
      INGEST_AUTO_REGISTER_TENANT: 'Rumbo',
      ADMIN_PASSWORD: 'webhooks-test-password',
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      WEBHOOKS_RETRY_BASE_S: '0.5',
      LOG_LEVEL: 'silent',
    };
    await receiver.start(receiverPort);
    child = await startServerChild(env, httpPort, { timeoutMs: 90_000 });

    const digest = newDigest();
    const signIn = await fetch(`http://127.0.0.1:${httpPort}/api/auth/generate_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'sysadmin', password: 'webhooks-test-password', digest }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    const created = await fetch(`http://127.0.0.1:${httpPort}/api/v2/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token, digest },
      body: JSON.stringify({ url: receiver.url(), eventKinds: ['trip.ended'] }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    receiver.secret = ((await created.json()) as { secret: string }).secret;

    const imei = '354000000000777';
    const base = Date.now() - 3 * 3600_000;
    let odometer = 500_000_000;
    const sendTrips = async (from: number, count: number) => {
      const device = new DeviceSocket(devicePort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      for (let i = from; i < from + count; i++) {
        for (const frame of tripFrames(base + i * 600_000, -34.6 + i * 0.05, odometer))
          device.write(frame);
        odometer += 3000;
      }
      await expect.poll(() => device.acks().length, { timeout: 30_000 }).toBe(count);
      device.end();
    };

    // The first trips end: told at once.
    await sendTrips(0, 2);
    await expect
      .poll(() => receiver.received.length, { timeout: 30_000, interval: 200 })
      .toBeGreaterThanOrEqual(1);
    const toldBefore = receiver.received.length;

    // The receiver goes down; more trips end; the server is killed -9 meanwhile.
    await receiver.stop();
    await sendTrips(2, 3);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const told = await check.query<{ n: string }>(`select count(*) as n from webhook_outbox`);
    const expected = Number(told.rows[0]!.n);
    expect(expected).toBeGreaterThan(toldBefore + 1);
    await check.end();

    await receiver.start(receiverPort);
    child = await startServerChild(env, httpPort, { timeoutMs: 90_000 });
    await expect
      .poll(() => receiver.received.length, { timeout: 60_000, interval: 250 })
      .toBeGreaterThanOrEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const ids = receiver.received.map((r) => r.id);
    // Every event, in order, each once; all signed.
    expect(new Set(ids).size).toBe(expected);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (let i = 1; i < ids.length; i++) expect(ids[i]).not.toBe(ids[i - 1]);
    expect(receiver.received.every((r) => r.signed && r.type === 'trip.ended')).toBe(true);
    child.kill('SIGTERM');
  }, 240_000);
});
