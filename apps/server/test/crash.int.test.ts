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
  recreatePostgres,
  startServerChild,
} from './server-child.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('crash during ingest (PostgreSQL)', () => {
  const name = `rumbo_crash_${process.pid}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rumbo-crash-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await dropPostgres(name);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged record exactly once after kill -9 and restart', async () => {
    const url = await recreatePostgres(name);
    const { env: ports, httpPort, devicePort } = await childServerEnv(url, dataDir);
    const env = {
      ...ports,
      INGEST_AUTO_REGISTER: '1',
      ADMIN_PASSWORD: 'crash-test-password',
      LOG_LEVEL: 'silent',
    };
    child = await startServerChild(env, httpPort);

    const imei = '354000000000999';
    const base = Date.UTC(2026, 10, 1, 0, 0, 0);
    const acked: number[] = [];
    const sentFrames: number[][] = [];
    const device = new DeviceSocket(devicePort);
    await device.ready();
    device.write(encodeLogin(imei));
    await expect.poll(() => device.bytes().length).toBe(1);
    // Send packets back to back, each with 5 new records; remember which were acknowledged.
    let next = 0;
    const sendOne = () => {
      const times = Array.from({ length: 5 }, () => base + next++ * 1000);
      sentFrames.push(times);
      device.write(encodeCodec8eFrame(times.map((t) => truckRecord(t, { speedKmh: 50 }))));
    };
    for (let i = 0; i < 20; i++) sendOne();
    const deadline = Date.now() + 1500;
    while (Date.now() < deadline) {
      const acks = device.acks().length;
      while (sentFrames.length < acks + 20) sendOne();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    await device.closed;
    const ackCount = device.acks().length;
    for (const frame of sentFrames.slice(0, ackCount)) acked.push(...frame);
    expect(acked.length).toBeGreaterThan(50);

    child = await startServerChild(env, httpPort);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const rows = await check.query<{ t: Date }>(
      `select p.fix_time as t from positions p join devices d on d.id = p.device_id where d.unique_id = $1`,
      [imei],
    );
    const stored = new Set(rows.rows.map((r) => r.t.getTime()));
    expect(rows.rows.length).toBe(stored.size);
    for (const t of acked) expect(stored.has(t)).toBe(true);

    // The device resends what was not acknowledged: stored once, acknowledged.
    const again = new DeviceSocket(devicePort);
    await again.ready();
    again.write(encodeLogin(imei));
    const unacked = sentFrames.slice(ackCount).flat();
    again.write(
      encodeCodec8eFrame(unacked.slice(0, 50).map((t) => truckRecord(t, { speedKmh: 50 }))),
    );
    await expect
      .poll(() => again.acks(), { timeout: 10_000 })
      .toEqual([Math.min(50, unacked.length)]);
    const after = await check.query<{ n: string; d: string }>(
      `select count(*) as n, count(distinct p.fix_time) as d from positions p join devices d on d.id = p.device_id where d.unique_id = $1`,
      [imei],
    );
    expect(after.rows[0]!.n).toBe(after.rows[0]!.d);
    await check.end();
    again.end();
    child.kill('SIGTERM');
  }, 120_000);
});
