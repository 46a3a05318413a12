import { createSocket } from 'node:dgram';
import { encodeCodec8eFrame, encodeTeltonikaUdp } from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { addTruck } from './api.js';
import { DeviceSocket, loginDevice, sendFrames, truckRecord } from './ingest-helpers.js';
import { testApp, testBackends, testConfig } from './harness.js';

// The device ports in their worker thread (decision 0046): bad input never stops the worker or
// the process, and a worker that stops is replaced on the same ports.

const BASE = Date.UTC(2026, 10, 21, 8, 0, 0);

for (const backend of testBackends()) {
  describe(`ingest worker thread (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    const imei = `35${String(Math.floor(Math.random() * 1e12)).padStart(13, '0')}`;
    let next = BASE;
    const records = (n: number) =>
      Array.from({ length: n }, () => truckRecord((next += 10_000), { speedKmh: 40 }));
    const stored = async (): Promise<number> => {
      const row = await ctx.database.db
        .selectFrom('positions')
        .innerJoin('devices', 'devices.id', 'positions.device_id')
        .where('devices.unique_id', '=', imei)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    beforeAll(async () => {
      ctx = await testApp(backend, { config: testConfig(), pipeline: { flushIntervalMs: 5 } });
      await addTruck(ctx.database.db, imei, 'WRK001');
      ingest = await startIngest(ctx.app.services.ingest, {
        teltonikaPort: 0,
        osmandPort: 0,
        host: '127.0.0.1',
        workers: 1,
      });
    });
    afterAll(async () => {
      await ingest?.close();
      await ctx?.close();
    });

    it('runs the listeners in a worker and stores what it acknowledges', async () => {
      expect(ingest.worker).toBeDefined();
      const device = await loginDevice(ingest.teltonikaPort, imei);
      await sendFrames(device, records(30), 10);
      expect(device.acks()).toEqual([10, 10, 10]);
      expect(await stored()).toBe(30);
      device.end();
    });

    it('survives malformed frames and datagrams: counted, unanswered, the worker never stops', async () => {
      const counters = ctx.app.services.ingest.counters;
      const badBefore = counters.badFrames;
      // Bytes before a login, a login with an absurd length, a data frame with a bad CRC, noise.
      const noise = new DeviceSocket(ingest.teltonikaPort);
      await noise.ready();
      noise.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
      await noise.closed;
      const absurd = new DeviceSocket(ingest.teltonikaPort);
      await absurd.ready();
      absurd.write(Buffer.from('ffff3335', 'hex'));
      await absurd.closed;
      const device = await loginDevice(ingest.teltonikaPort, imei);
      const frame = encodeCodec8eFrame(records(1));
      frame[frame.length - 1]! ^= 0xff;
      device.write(frame);
      device.write(Buffer.alloc(300, 0x42));
      const udp = createSocket('udp4');
      udp.send(Buffer.from('not a teltonika datagram'), ingest.teltonikaPort, '127.0.0.1');
      const datagram = encodeTeltonikaUdp({
        imei,
        packetId: 1,
        avlPacketId: 1,
        records: records(1),
      });
      udp.send(datagram.subarray(0, 20), ingest.teltonikaPort, '127.0.0.1');
      await expect.poll(() => counters.badFrames - badBefore).toBeGreaterThanOrEqual(5);
      udp.close();
      expect(device.acks()).toEqual([]);
      // The same connection and the worker carry on: the next good frame is stored and answered.
      const before = await stored();
      await sendFrames(device, records(5), 5);
      expect(await stored()).toBe(before + 5);
      expect(ingest.worker!.restarts).toBe(0);
      device.end();
    });

    it('replaces a killed worker on the same port; acknowledged records stay stored once', async () => {
      const port = ingest.teltonikaPort;
      const device = await loginDevice(port, imei);
      await sendFrames(device, records(10), 10);
      const before = await stored();
      await ingest.worker!.kill();
      await device.closed;
      await ingest.worker!.ready();
      expect(ingest.worker!.restarts).toBe(1);
      expect(ingest.teltonikaPort).toBe(port);
      // The gauges the stopped worker held were taken back.
      await expect.poll(() => ctx.app.services.ingest.counters.connections).toBe(0);
      const again = await loginDevice(port, imei);
      await sendFrames(again, records(20), 10);
      expect(again.acks()).toEqual([10, 10]);
      expect(await stored()).toBe(before + 20);
      again.end();
    });
  });
}
