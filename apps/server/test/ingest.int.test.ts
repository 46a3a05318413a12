import type { AddressInfo } from 'node:net';
import { readLiveFrame } from '@rumbo/contracts';
import { encodeCodec8eFrame, encodeLogin, encodeTeltonikaUdp } from '@rumbo/telematics';
import { createSocket } from 'node:dgram';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { addTruck, positionCount } from './api.js';
import {
  DeviceSocket,
  truckRecord,
  openTestIngest,
  TEST_INGEST_WORKERS,
} from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends, testConfig } from './harness.js';

const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const BASE = Date.UTC(2026, 10, 20, 8, 0, 0);

for (const backend of testBackends()) {
  describe(`device ingest over real sockets (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let headers: Record<string, string>;
    const imei = `35${String(Math.floor(Math.random() * 1e12)).padStart(13, '0')}`;

    beforeAll(async () => {
      ctx = await testApp(backend, {
        config: testConfig({ INGEST_AUTO_REGISTER: '1' }),
        pipeline: { flushIntervalMs: 5 },
      });
      await addTruck(ctx.database.db, imei, 'AA100AA');
      // The vehicle was created outside the app: reload it into the live fleet.
      const { loadLiveFleet } = await import('../src/realtime/load-live-fleet.js');
      await loadLiveFleet(ctx.database.db, ctx.app.services.live, Date.now());
      ingest = await openTestIngest(ctx);
      const session = await signInHeaders(ctx.app);
      headers = { token: session.token, digest: session.digest };
    });
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const countRows = (uniqueId: string) => positionCount(ctx.database.db, uniqueId);

    it('accepts the login, stores the records and acknowledges their count after commit', async () => {
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      expect(device.bytes()[0]).toBe(1);
      const records = Array.from({ length: 10 }, (_, i) =>
        truckRecord(BASE + i * 10_000, {
          speedKmh: 60,
          lng: -58.4 + i * 0.001,
          odometerM: 500_000_000 + i * 170,
        }),
      );
      device.write(encodeCodec8eFrame(records));
      await expect.poll(() => device.acks()).toEqual([10]);
      expect(await countRows(imei)).toBe(10);
      const last = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/vehicle/last_position',
        headers,
      });
      const info = last.json<
        {
          plate: string;
          lat: number;
          lng: number;
          lastConnection: string;
          fms1: { odometro: number };
        }[]
      >();
      const truck = info.find((v) => v.plate === 'AA100AA')!;
      expect(truck.lastConnection).toBe(new Date(BASE + 90_000).toISOString());
      expect(truck.lng).toBeCloseTo(-58.391, 5);
      expect(truck.fms1.odometro).toBeCloseTo(500_001.53, 2);
      device.end();
    });

    it('survives frames split at every byte and several frames in one read', async () => {
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      const a = encodeCodec8eFrame([truckRecord(BASE + 200_000), truckRecord(BASE + 210_000)]);
      const b = encodeCodec8eFrame([truckRecord(BASE + 220_000)]);
      const c = encodeCodec8eFrame([
        truckRecord(BASE + 230_000),
        truckRecord(BASE + 240_000),
        truckRecord(BASE + 250_000),
      ]);
      for (const byte of a) device.write(Buffer.from([byte]));
      device.write(Buffer.concat([Buffer.from('garbage!'), b, c]));
      await expect.poll(() => device.acks()).toEqual([2, 1, 3]);
      expect(await countRows(imei)).toBe(16);
      device.end();
    });

    it('stores a record sent twice once, and never acknowledges a frame with a bad CRC', async () => {
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      const frame = encodeCodec8eFrame([truckRecord(BASE + 300_000), truckRecord(BASE + 310_000)]);
      device.write(frame);
      device.write(frame);
      await expect.poll(() => device.acks()).toEqual([2, 2]);
      expect(await countRows(imei)).toBe(18);
      const corrupt = Buffer.from(encodeCodec8eFrame([truckRecord(BASE + 320_000)]));
      corrupt.writeUInt8(corrupt.readUInt8(corrupt.length - 1) ^ 0xff, corrupt.length - 1);
      const badBefore = ctx.app.services.ingest.counters.badFrames;
      device.write(corrupt);
      await expect.poll(() => ctx.app.services.ingest.counters.badFrames).toBe(badBefore + 1);
      device.write(encodeCodec8eFrame([truckRecord(BASE + 330_000)]));
      await expect.poll(() => device.acks()).toEqual([2, 2, 1]);
      expect(await countRows(imei)).toBe(19);
      device.end();
    });

    it('registers an unknown device in "Nuevos" when auto-register is on, visible at once', async () => {
      const stranger = '356000000000777';
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(stranger));
      await expect.poll(() => device.bytes().length).toBe(1);
      expect(device.bytes()[0]).toBe(1);
      device.write(encodeCodec8eFrame([truckRecord(BASE + 1000, { lat: -31.4, lng: -64.2 })]));
      await expect.poll(() => device.acks()).toEqual([1]);
      const groups = (
        await ctx.app.inject({ method: 'GET', url: '/api/vehicles/groups/vehicles', headers })
      ).json<{ name: string; vehicleList: { plate: string }[] }[]>();
      expect(groups.find((g) => g.name === 'Nuevos')?.vehicleList).toContainEqual(
        expect.objectContaining({ plate: stranger }),
      );
      // last_position may serve a body up to 1 s old.
      const lastLat = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/rest/vehicle/last_position', headers }))
          .json<{ plate: string; lat: number }[]>()
          .find((v) => v.plate === stranger)?.lat;
      await expect.poll(lastLat, { timeout: 3000 }).toBeCloseTo(-31.4, 5);
      device.end();
    });

    it('acknowledges a UDP packet after storing it', async () => {
      const udp = createSocket('udp4');
      const answers: Buffer[] = [];
      udp.on('message', (message) => answers.push(message));
      const packet = encodeTeltonikaUdp({
        imei,
        packetId: 7,
        avlPacketId: 3,
        records: [truckRecord(BASE + 400_000)],
      });
      udp.send(packet, ingest.teltonikaPort, '127.0.0.1');
      await expect.poll(() => answers.length).toBe(1);
      expect(answers[0]!.readUInt16BE(2)).toBe(7);
      expect(answers[0]![answers[0]!.length - 1]).toBe(1);
      udp.close();
      expect(await countRows(imei)).toBe(20);
    });

    it('takes OsmAnd requests in their variants and answers 400 without id or position', async () => {
      const base = `http://127.0.0.1:${ingest.osmandPort}`;
      const phone = 'phone-ana-01';
      const ok1 = await fetch(
        `${base}/?id=${phone}&lat=-34.61&lon=-58.38&timestamp=${Math.floor(BASE / 1000)}&speed=10&bearing=45`,
      );
      expect(ok1.status).toBe(200);
      const ok2 = await fetch(
        `${base}/?deviceid=${phone}&location=-34.62,-58.39&timestamp=2026-11-20%2008:05:00`,
        { method: 'POST' },
      );
      expect(ok2.status).toBe(200);
      const json = await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          device_id: phone,
          location: {
            timestamp: new Date(BASE + 600_000).toISOString(),
            coords: { latitude: -34.63, longitude: -58.4, speed: 5, heading: -1 },
            battery: { level: 0.8 },
          },
        }),
      });
      expect(json.status).toBe(200);
      expect(await countRows(phone)).toBe(3);
      expect((await fetch(`${base}/?lat=-34.6&lon=-58.4`)).status).toBe(400);
      expect((await fetch(`${base}/?id=${phone}`)).status).toBe(400);
      expect(
        (
          await fetch(base, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{nope',
          })
        ).status,
      ).toBe(400);
    });

    it('stores records published over MQTT and acknowledges after commit (QoS 1)', async () => {
      const listeners = await startIngest(ctx.app.services.ingest, {
        teltonikaPort: 0,
        osmandPort: 0,
        mqttUrl: MQTT_URL,
        host: '127.0.0.1',
        workers: TEST_INGEST_WORKERS,
      });
      const gateway = await mqtt.connectAsync(MQTT_URL, {
        clientId: `test-gateway-${process.pid}-${backend}`,
      });
      const id = `gw-${backend}-${process.pid}`;
      await gateway.publishAsync(
        `rumbo/${id}/telemetry`,
        JSON.stringify([
          {
            fixTimeMs: BASE + 1000,
            lat: -32.9,
            lng: -60.6,
            speedKmh: 50,
            ignition: true,
            odometerM: 1_000_000,
          },
          {
            fixTimeMs: BASE + 11_000,
            lat: -32.901,
            lng: -60.601,
            speedKmh: 52,
            ignition: true,
            odometerM: 1_000_140,
          },
        ]),
        { qos: 1 },
      );
      await expect.poll(() => countRows(id), { timeout: 10_000 }).toBe(2);
      await gateway.publishAsync(`rumbo/${id}/telemetry`, 'not json', { qos: 1 });
      await gateway.endAsync();
      await listeners.close();
    });

    it('pushes last positions on /api/wslp: a snapshot, then coalesced updates', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/wslp`);
      const messages: {
        type?: string;
        action?: string;
        payload?: { plate: string; lat: number }[];
      }[] = [];
      socket.on('message', (data: Buffer) =>
        messages.push(JSON.parse(data.toString()) as (typeof messages)[number]),
      );
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify(headers));
      await expect.poll(() => messages.length).toBeGreaterThanOrEqual(2);
      expect(messages[0]).toEqual({ type: 'Status', status: 'Ok' });
      expect(messages[1]!.action).toBe('positions/update');
      expect(messages[1]!.payload!.some((v) => v.plate === 'AA100AA')).toBe(true);
      const binary = new WebSocket(`ws://127.0.0.1:${port}/api/wslp`);
      const frames: { vehicleId: number; lat: number }[] = [];
      binary.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary)
          readLiveFrame(data, (e) => frames.push({ vehicleId: e.vehicleId, lat: e.lat }));
      });
      await new Promise((resolve) => binary.on('open', resolve));
      binary.send(JSON.stringify({ ...headers, format: 'binary' }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      device.write(
        encodeCodec8eFrame([
          truckRecord(BASE + 500_000, { lat: -34.7 }),
          truckRecord(BASE + 510_000, { lat: -34.71 }),
          truckRecord(BASE + 520_000, { lat: -34.72 }),
        ]),
      );
      await expect
        .poll(
          () =>
            messages
              .slice(2)
              .flatMap((m) => m.payload ?? [])
              .find((v) => v.plate === 'AA100AA')?.lat,
        )
        .toBeCloseTo(-34.72, 5);
      // Three records of one vehicle in one packet arrive as one coalesced entry.
      const updates = messages
        .slice(2)
        .flatMap((m) => m.payload ?? [])
        .filter((v) => v.plate === 'AA100AA');
      expect(updates).toHaveLength(1);
      const vehicleId = ctx.app.services.live
        .list(1)
        .concat(ctx.app.services.live.list(2))
        .find((v) => v.plate === 'AA100AA')?.idvehiculo;
      await expect
        .poll(() => frames.find((f) => f.vehicleId === vehicleId)?.lat)
        .toBeCloseTo(-34.72, 6);
      device.end();
      socket.close();
      binary.close();
    });

    it('survives random and mutated frames: no crash, no ack for a bad frame', async () => {
      let seed = 12345;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const good = encodeCodec8eFrame([truckRecord(BASE + 700_000), truckRecord(BASE + 710_000)]);
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      for (let i = 0; i < 15; i++) {
        const mutated = Buffer.from(good);
        // Flip bytes after the length field: the CRC no longer matches.
        for (let k = 0; k < 3; k++) {
          const at = 8 + Math.floor(random() * (mutated.length - 8));
          mutated.writeUInt8(mutated.readUInt8(at) ^ (1 + Math.floor(random() * 255)), at);
        }
        device.write(mutated);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(device.acks()).toEqual([]);
      const noise = new DeviceSocket(ingest.teltonikaPort);
      await noise.ready();
      for (let i = 0; i < 50; i++)
        noise.write(
          Buffer.from(
            Array.from({ length: 1 + Math.floor(random() * 200) }, () =>
              Math.floor(random() * 256),
            ),
          ),
        );
      noise.end();
      // The server still works: a fresh connection's good frame is stored and acknowledged.
      const fresh = new DeviceSocket(ingest.teltonikaPort);
      await fresh.ready();
      fresh.write(encodeLogin(imei));
      fresh.write(good);
      await expect.poll(() => fresh.acks()).toEqual([2]);
      device.end();
      fresh.end();
    });
  });
}
