// Queclink @Track over a real socket, in the session shell: frames from Queclink's protocol
// documents (packages/telematics/src/protocols/queclink/queclink.fixtures.ts), with this test's
// IMEI and recent GPS times put in (records years old would be refused as past retention).
import { QUECLINK_DOC_FRAMES as DOC } from '@rumbo/telematics/protocols/queclink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { addTruck } from './api.js';
import { DeviceSocket, TEST_INGEST_WORKERS } from './ingest-helpers.js';
import { testApp, testBackends, testConfig } from './harness.js';

const DOC_IMEI = '135790246811220';
const BASE_MS = Math.floor((Date.now() - 3_600_000) / 1000) * 1000;

/** YYYYMMDDHHMMSS (UTC). */
function gpsTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** A document frame as sent by `imei`, its GPS times moved to `atMs` (and one second apart). */
function asDevice(frame: string, imei: string, atMs: number): string {
  let n = 0;
  return frame
    .replace(DOC_IMEI, imei)
    .replace(
      /,(\d{14}),(\d{4}),/g,
      (_match, _time: string, mcc: string) => `,${gpsTime(atMs + 1000 * n++)},${mcc},`,
    );
}

for (const backend of testBackends()) {
  describe(`Queclink @Track over a real socket (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let port: number;
    const imei = `86${String(Math.floor(Math.random() * 1e12)).padStart(13, '0')}`;

    beforeAll(async () => {
      ctx = await testApp(backend, { config: testConfig(), pipeline: { flushIntervalMs: 5 } });
      // A protocol the migrations never named: stored since 0024 dropped the CHECKs.
      await addTruck(ctx.database.db, imei, 'QL300AA', { protocol: 'queclink' });
      ingest = await startIngest(ctx.app.services.ingest, {
        teltonikaPort: 0,
        osmandPort: 0,
        host: '127.0.0.1',
        streamPorts: { queclink: 0 },
        streamLimits: { loginTimeoutMs: 1500 },
        workers: TEST_INGEST_WORKERS,
      });
      port = ingest.streamPorts.queclink!;
    });
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const rows = async () =>
      ctx.database.db
        .selectFrom('positions')
        .innerJoin('devices', 'devices.id', 'positions.device_id')
        .select(['positions.fix_time', 'positions.speed', 'positions.odometer_m'])
        .where('devices.unique_id', '=', imei)
        .orderBy('positions.fix_time')
        .execute();
    const text = (device: DeviceSocket) => device.bytes().toString('latin1');
    const counters = () => ctx.app.services.ingest.counters;

    it('answers the heartbeat, stores a report and answers +SACK with its count after commit', async () => {
      const device = new DeviceSocket(port);
      await device.ready();
      device.write(Buffer.from(DOC.gl300Heartbeat.replace(DOC_IMEI, imei)));
      await expect.poll(() => text(device)).toBe(DOC.gl300HeartbeatAnswer);
      device.write(Buffer.from(asDevice(DOC.gl300FriTwo, imei, BASE_MS)));
      await expect.poll(() => text(device)).toBe(DOC.gl300HeartbeatAnswer + DOC.reportAnswer);
      const stored = await rows();
      expect(stored.map((r) => new Date(r.fix_time).getTime())).toEqual([BASE_MS, BASE_MS + 1000]);
      // Speed is stored in tenths of km/h.
      expect(stored[0]!.speed).toBe(43);
      device.end();
    });

    it('survives a report split at every byte, several in one read and line breaks between', async () => {
      const device = new DeviceSocket(port);
      await device.ready();
      const spd = asDevice(DOC.gv300Spd, imei, BASE_MS + 10_000);
      for (const byte of Buffer.from(spd)) device.write(Buffer.of(byte));
      const fri = asDevice(DOC.gl300Fri, imei, BASE_MS + 20_000);
      device.write(Buffer.from(`\r\n${fri}\r\n${asDevice(DOC.gl300Fri, imei, BASE_MS + 30_000)}`));
      await expect.poll(() => text(device)).toBe(DOC.reportAnswer.repeat(3));
      const stored = await rows();
      expect(stored).toHaveLength(5);
      expect(Number(stored[2]!.odometer_m)).toBe(2_000_000);
      device.end();
    });

    it('leaves a malformed message unanswered, counts it and keeps the connection', async () => {
      const device = new DeviceSocket(port);
      await device.ready();
      device.write(Buffer.from(asDevice(DOC.gl300Fri, imei, BASE_MS + 40_000)));
      await expect.poll(() => text(device)).toBe(DOC.reportAnswer);
      const badBefore = counters().badFrames;
      device.write(
        Buffer.from(`+RESP:GTFRI,1A0102,${imei},,0,0,9,1,4.3,92,70.0,1.0,2.0,20260101000000,11F0$`),
      );
      await expect.poll(() => counters().badFrames).toBe(badBefore + 1);
      device.write(Buffer.from(asDevice(DOC.gl300Fri, imei, BASE_MS + 50_000)));
      await expect.poll(() => text(device)).toBe(DOC.reportAnswer.repeat(2));
      expect(await rows()).toHaveLength(7);
      device.end();
    });

    it('closes, unanswered, a connection from an unknown device or one sending garbage first', async () => {
      const unknownBefore = counters().unknownDevices;
      const stranger = new DeviceSocket(port);
      await stranger.ready();
      stranger.write(Buffer.from(DOC.gl300Heartbeat.replace(DOC_IMEI, '860000000000001')));
      await stranger.closed;
      expect(counters().unknownDevices).toBe(unknownBefore + 1);
      expect(stranger.bytes().length).toBe(0);
      const noisy = new DeviceSocket(port);
      await noisy.ready();
      noisy.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
      await noisy.closed;
      expect(noisy.bytes().length).toBe(0);
      const silent = new DeviceSocket(port);
      await silent.ready();
      const started = Date.now();
      await silent.closed;
      expect(Date.now() - started).toBeLessThan(3000);
    });
  });
}
