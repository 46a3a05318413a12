import { request as httpRequest } from 'node:http';
import { createSocket } from 'node:dgram';
import {
  encodeCodec8eFrame,
  encodeLogin,
  encodeTcpPacket,
  encodeTeltonikaUdp,
} from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { DeviceSocket, truckRecord, TEST_INGEST_WORKERS } from './ingest-helpers.js';
import { addTruck, signIn } from './api.js';
import { testApp, testBackends, testConfig } from './harness.js';

const BASE = Date.UTC(2026, 10, 21, 8, 0, 0);
// Short timeouts and a small port cap, so the tests see them act in well under a second.
const LIMITS = {
  loginTimeoutMs: 1500,
  partialFrameTimeoutMs: 400,
  maxPortBufferedBytes: 2 * 1024 * 1024,
};

/** A POST whose answer is read even when the server stops reading the body; `chunked` streams it. */
function post(
  port: number,
  body: Buffer,
  chunked = false,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    if (!chunked) return req.end(body);
    for (let at = 0; at < body.length; at += 16 * 1024)
      req.write(body.subarray(at, at + 16 * 1024));
    req.end();
  });
}

const frames = (n: number, from: number) =>
  Array.from({ length: n }, (_, i) =>
    encodeCodec8eFrame([truckRecord(from + i * 10_000, { speedKmh: 50 })]),
  );

for (const backend of testBackends()) {
  describe(`device ports under hostile input (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let user: Record<string, string>;
    let admin: Record<string, string>;
    const imei = `35${String(Math.floor(Math.random() * 1e12)).padStart(13, '0')}`;

    beforeAll(async () => {
      ctx = await testApp(backend, {
        config: testConfig({ INGEST_AUTO_REGISTER: '1' }),
        pipeline: { flushIntervalMs: 5 },
      });
      await addTruck(ctx.database.db, imei, 'HARD001');
      ingest = await startIngest(ctx.app.services.ingest, {
        teltonikaPort: 0,
        osmandPort: 0,
        mqttUrl: undefined,
        host: '127.0.0.1',
        teltonikaLimits: LIMITS,
        workers: TEST_INGEST_WORKERS,
      });
      user = await signIn(ctx.app);
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
    });
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const counters = () => ctx.app.services.ingest.counters;
    const osmand = (query: string) => fetch(`http://127.0.0.1:${ingest.osmandPort}/?${query}`);
    const listVehicles = () =>
      ctx.app.inject({ method: 'GET', url: '/api/vehicles/vehicles', headers: user });
    const listDevices = () =>
      ctx.app.inject({ method: 'GET', url: '/api/vehicles/admin/devices', headers: admin });
    const deviceCount = async (uniqueId: string) =>
      (
        await ctx.database.db
          .selectFrom('devices')
          .select('id')
          .where('unique_id', '=', uniqueId)
          .execute()
      ).length;
    const loggedIn = async (): Promise<DeviceSocket> => {
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      expect(device.bytes()[0]).toBe(1);
      return device;
    };

    describe('OsmAnd port', () => {
      it('registers a 21-character id with a plate that fits, and the vehicle list still answers 200', async () => {
        const id = 'abcdefghijklmnopqrstu';
        const answer = await osmand(`id=${id}&lat=-34.5&lon=-58.5`);
        expect(answer.status).toBe(200);
        const vehicles = await listVehicles();
        expect(vehicles.statusCode).toBe(200);
        const mine = vehicles
          .json<{ plate: string; deviceUniqueId: string | null }[]>()
          .find((v) => v.deviceUniqueId === id);
        expect(mine?.plate.length).toBeLessThanOrEqual(20);
        expect(mine?.plate).toMatch(/^abcdefghijklm-[0-9a-f]{6}$/);
      });

      it('gives two long ids with the same start two different plates', async () => {
        const ids = ['vehiculo-reparto-norte-01', 'vehiculo-reparto-norte-02'];
        for (const id of ids)
          expect((await osmand(`id=${id}&lat=-34.5&lon=-58.5`)).status).toBe(200);
        const plates = (await listVehicles())
          .json<{ plate: string; deviceUniqueId: string | null }[]>()
          .filter((v) => ids.includes(v.deviceUniqueId ?? ''))
          .map((v) => v.plate);
        expect(new Set(plates).size).toBe(2);
      });

      it.each(['%ZZ%', "a';b", 'a;b', 'x'.repeat(41)])(
        'refuses the id %j with 400 and registers nothing',
        async (id) => {
          const answer = await osmand(
            `${new URLSearchParams({ id }).toString()}&lat=-34.5&lon=-58.5`,
          );
          expect(answer.status).toBe(400);
          expect(await answer.text()).toMatch(/^bad device id: 1 to 40 characters/);
          expect(await deviceCount(id)).toBe(0);
          expect((await listDevices()).statusCode).toBe(200);
        },
      );

      it('lists devices and vehicles stored before ids were checked (odd id, 21-character plate)', async () => {
        const db = ctx.database.db;
        const tenant = await db
          .selectFrom('tenants')
          .select('id')
          .where('name', '=', 'Transportes Demo')
          .executeTakeFirstOrThrow();
        const vehicle = await db
          .insertInto('vehicles')
          .values({ tenant_id: tenant.id, plate: 'legacy-plate-21-chars' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('devices')
          .values({
            tenant_id: tenant.id,
            unique_id: "%ZZ%a';b",
            protocol: 'osmand',
            vehicle_id: vehicle.id,
            auto_registered: true,
          })
          .execute();
        expect((await listVehicles()).statusCode).toBe(200);
        const devices = await listDevices();
        expect(devices.statusCode).toBe(200);
        expect(devices.json<{ uniqueId: string }[]>().map((d) => d.uniqueId)).toContain("%ZZ%a';b");
      });

      it('stores a lone surrogate in extras as U+FFFD instead of failing the batch', async () => {
        const body = JSON.stringify({
          device_id: 'phone-surrogate',
          location: {
            timestamp: new Date(BASE).toISOString(),
            coords: { latitude: -34.6, longitude: -58.4 },
            extras: { note: 'x\ud800y' },
          },
        });
        const answer = await post(ingest.osmandPort, Buffer.from(body));
        expect(answer).toEqual({ status: 200, text: 'stored 1' });
        const row = await ctx.database.db
          .selectFrom('positions')
          .innerJoin('devices', 'devices.id', 'positions.device_id')
          .select('positions.attributes')
          .where('devices.unique_id', '=', 'phone-surrogate')
          .executeTakeFirstOrThrow();
        expect(row.attributes).toMatchObject({ note: 'x\ufffdy' });
      });

      it.each([
        ['with a length', false],
        ['chunked', true],
      ])('answers 413 naming the real limit to a body over 256 KiB (%s)', async (_, chunked) => {
        const answer = await post(ingest.osmandPort, Buffer.alloc(300 * 1024, 0x20), chunked);
        expect(answer).toEqual({ status: 413, text: 'payload too large: at most 256 KiB' });
      });
    });

    describe('Teltonika TCP port', () => {
      it('acknowledges the valid frames after a stalled 00000000 00000200 header at once', async () => {
        const device = await loggedIn();
        device.write(Buffer.concat([Buffer.from('0000000000000200', 'hex'), ...frames(6, BASE)]));
        await expect.poll(() => device.acks(), { timeout: 3000 }).toEqual([1, 1, 1, 1, 1, 1]);
        device.end();
      });

      it('acknowledges the frames after a plausible header whose length lied', async () => {
        const device = await loggedIn();
        const liar = Buffer.from('0000000000000fa08e01', 'hex'); // Codec 8E, 4,000 bytes claimed
        device.write(Buffer.concat([liar, ...frames(3, BASE + 100_000)]));
        await expect.poll(() => device.acks(), { timeout: 3000 }).toEqual([1, 1, 1]);
        device.end();
      });

      it('acknowledges the frames after a header claiming 1 MiB', async () => {
        const device = await loggedIn();
        device.write(Buffer.from('0000000000100000', 'hex'));
        device.write(Buffer.concat(frames(3, BASE + 200_000)));
        await expect.poll(() => device.acks(), { timeout: 3000 }).toEqual([1, 1, 1]);
        device.end();
      });

      it('closes a connection whose first frame is data, not a login, without an answer', async () => {
        const device = new DeviceSocket(ingest.teltonikaPort);
        await device.ready();
        device.write(frames(1, BASE)[0]!);
        await device.closed;
        expect(device.bytes().length).toBe(0);
      });

      it('closes a connection that sends garbage before a login', async () => {
        const device = new DeviceSocket(ingest.teltonikaPort);
        await device.ready();
        device.write(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
        await device.closed;
        expect(device.bytes().length).toBe(0);
      });

      it('closes a slow-loris connection (a byte every 200 ms) within the partial-frame timeout', async () => {
        const device = new DeviceSocket(ingest.teltonikaPort);
        await device.ready();
        const started = Date.now();
        const login = encodeLogin(imei);
        let sent = 0;
        const drip = setInterval(() => device.write(login.subarray(sent, ++sent)), 200);
        await device.closed;
        clearInterval(drip);
        expect(Date.now() - started).toBeLessThan(LIMITS.partialFrameTimeoutMs + 1000);
        expect(device.bytes().length).toBe(0);
      });

      it('closes a connection that never logs in (keep-alives only) at the login timeout', async () => {
        const device = new DeviceSocket(ingest.teltonikaPort);
        await device.ready();
        const started = Date.now();
        const ping = setInterval(() => device.write(Buffer.from([0xff])), 100);
        await device.closed;
        clearInterval(ping);
        expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.loginTimeoutMs - 100);
        expect(Date.now() - started).toBeLessThan(LIMITS.loginTimeoutMs + 1000);
      });

      it('closes a logged-in connection whose frame stays incomplete', async () => {
        const device = await loggedIn();
        const frame = frames(1, BASE + 300_000)[0]!;
        device.write(frame.subarray(0, frame.length - 5));
        const started = Date.now();
        await device.closed;
        expect(Date.now() - started).toBeLessThan(LIMITS.partialFrameTimeoutMs + 1000);
        expect(device.acks()).toEqual([]);
      });

      it('keeps the port-wide buffered bytes under the cap with 200 connections holding partial frames, and releases them on close', async () => {
        // The ingest worker's counters reach this thread within a few ms (decision 0046).
        await expect.poll(() => counters().teltonikaBufferedBytes).toBe(0);
        const devices = await Promise.all(Array.from({ length: 200 }, () => loggedIn()));
        let closed = 0;
        for (const device of devices) void device.closed.then(() => (closed += 1));
        // Each claims 60,000 bytes of Codec 8E data and sends 30,000: 6 MB against a 2 MiB cap.
        const partial = Buffer.concat([
          Buffer.from('000000000000ea608e01', 'hex'),
          Buffer.alloc(30_000, 0x11),
        ]);
        let highest = 0;
        const sample = setInterval(() => {
          highest = Math.max(highest, counters().teltonikaBufferedBytes);
        }, 1);
        for (const device of devices) device.write(partial);
        await expect.poll(() => closed, { timeout: 5000 }).toBeGreaterThan(100);
        highest = Math.max(highest, counters().teltonikaBufferedBytes);
        // Filled up to the cap, never past it (without the cap: 6 MB until the partials time out).
        expect(highest).toBeGreaterThan(LIMITS.maxPortBufferedBytes / 2);
        expect(highest).toBeLessThanOrEqual(LIMITS.maxPortBufferedBytes);
        for (const device of devices) device.end();
        await Promise.all(devices.map((d) => d.closed));
        clearInterval(sample);
        await expect.poll(() => counters().teltonikaBufferedBytes).toBe(0);
      });
    });

    it('refuses a record whose IO count contradicts its content, over TCP and UDP', async () => {
      const data = encodeCodec8eFrame([truckRecord(BASE + 400_000)]).subarray(8, -4);
      data.writeUInt16BE(data.readUInt16BE(28) + 1, 28); // total IO count, after the event id
      const device = await loggedIn();
      device.write(Buffer.concat([encodeTcpPacket(data), frames(1, BASE + 410_000)[0]!]));
      await expect.poll(() => device.acks()).toEqual([1]);
      device.end();

      const udp = createSocket('udp4');
      const answers: Buffer[] = [];
      udp.on('message', (message) => answers.push(message));
      const good = encodeTeltonikaUdp({
        imei,
        packetId: 9,
        avlPacketId: 1,
        records: [truckRecord(BASE + 420_000)],
      });
      const bad = Buffer.concat([good.subarray(0, good.length - data.length), data]);
      bad.writeUInt16BE(bad.length - 2, 0);
      bad.writeUInt16BE(8, 2);
      udp.send(bad, ingest.teltonikaPort, '127.0.0.1');
      udp.send(good, ingest.teltonikaPort, '127.0.0.1');
      await expect.poll(() => answers.length).toBe(1);
      expect(answers[0]!.readUInt16BE(2)).toBe(9);
      udp.close();
    });
  });
}
