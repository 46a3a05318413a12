import type pg from 'pg';
import { encodeCodec8eFrame } from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { addTruck } from './api.js';
import { testApp, testBackends, testConfig } from './harness.js';
import {
  loginDevice,
  openTestIngest,
  sendFrames,
  truckRecord,
  type DeviceSocket,
} from './ingest-helpers.js';

// Group commit across devices (decision 0055): single-record packets of many devices are stored
// in one transaction per group, and each device is acknowledged only once its group committed.
const DEVICES = 50;
const T0 = Date.now() - 3_600_000;

for (const backend of testBackends()) {
  describe(`group commit of 1-record packets across devices (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    const devices: DeviceSocket[] = [];
    const deviceIds: number[] = [];
    const imei = (i: number) => `3590077${String(i).padStart(8, '0')}`;

    beforeAll(async () => {
      // A wait far longer than any test: no record may sit out this interval; a group goes at
      // the end of its event-loop turn when nothing commits, or when the commits before it end.
      ctx = await testApp(backend, {
        config: testConfig(),
        pipeline: { flushIntervalMs: 60_000 },
      });
      for (let i = 0; i < DEVICES; i++) {
        const added = await addTruck(ctx.database.db, imei(i), `GC${String(i).padStart(3, '0')}`);
        deviceIds.push(added.deviceId);
      }
      ingest = await openTestIngest(ctx);
    }, 300_000);
    afterAll(async () => {
      for (const device of devices) device.end();
      await ingest?.close();
      await ctx?.close();
    });

    const stats = () => ctx.app.services.pipeline!.stats;
    const sendOneEach = (atMs: number) => {
      for (const device of devices)
        device.write(encodeCodec8eFrame([truckRecord(atMs, { speedKmh: 50 })]));
    };
    const ackCounts = () => devices.map((d) => d.acks().length);
    const storedPerDevice = async (query: (text: string) => Promise<pg.QueryResult>) => {
      const result = await query(
        `select device_id, count(*)::int as n from positions where device_id = any('{${deviceIds.join(',')}}') group by device_id`,
      );
      const counts = new Map<number, number>();
      for (const row of result.rows as { device_id: number; n: number }[])
        counts.set(Number(row.device_id), row.n);
      return deviceIds.map((id) => counts.get(id) ?? 0);
    };

    // expect.poll (the helpers' waits) runs only inside a test, so the logins are one.
    it('logs the 50 devices in and stores a first record of each', async () => {
      const port = ingest.teltonikaPort;
      devices.push(...(await Promise.all(deviceIds.map((_, i) => loginDevice(port, imei(i))))));
      // First records: each vehicle's state is loaded, as for a device that has been sending.
      await Promise.all(devices.map((d) => sendFrames(d, [truckRecord(T0, { speedKmh: 40 })], 1)));
    }, 300_000);

    it('stores 50 concurrent single-record packets in fewer transactions than packets, without waiting for the interval', async () => {
      const before = { ...stats() };
      const started = performance.now();
      sendOneEach(T0 + 10_000);
      await expect.poll(ackCounts, { timeout: 15_000, interval: 20 }).toEqual(devices.map(() => 2));
      // The 60-second interval never held a record: an idle pipeline commits at once.
      expect(performance.now() - started).toBeLessThan(15_000);
      const transactions = stats().batches - before.batches;
      expect(stats().partsWritten - before.partsWritten).toBe(DEVICES);
      expect(transactions).toBeGreaterThan(0);
      expect(transactions).toBeLessThan(DEVICES / 2);
      expect(await storedPerDevice((text) => ctx.database.pool.query(text))).toEqual(
        devices.map(() => 2),
      );
    });

    it('acknowledges no device of a group before the group is stored', async () => {
      // Hold the database: embedded PGlite has one connection (the test takes it); on
      // PostgreSQL the test locks the positions table, so the group's COPY waits.
      const held = await ctx.database.pool.connect();
      let released = false;
      const release = async () => {
        if (released) return;
        released = true;
        if (backend === 'postgres') await held.query('commit');
        held.release();
      };
      try {
        if (backend === 'postgres') {
          await held.query('begin');
          await held.query('lock table positions in access exclusive mode');
        }
        const before = { ...stats() };
        sendOneEach(T0 + 20_000);
        // Long enough for every packet to be decoded, stepped and queued in its group.
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(ackCounts()).toEqual(devices.map(() => 2));
        expect(stats().batches).toBe(before.batches);
        expect(await storedPerDevice((text) => held.query(text))).toEqual(devices.map(() => 2));
        await release();
        await expect
          .poll(ackCounts, { timeout: 15_000, interval: 20 })
          .toEqual(devices.map(() => 3));
        expect(await storedPerDevice((text) => ctx.database.pool.query(text))).toEqual(
          devices.map(() => 3),
        );
        expect(stats().partsWritten - before.partsWritten).toBe(DEVICES);
        // One group was waiting on the database; the rest gathered behind it.
        expect(stats().batches - before.batches).toBeLessThanOrEqual(6);
      } finally {
        await release();
      }
    });
  });
}
