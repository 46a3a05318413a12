import { encodeCodec8eFrame, encodeLogin, type AvlRecordInput } from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { DeviceSocket, openTestIngest } from './ingest-helpers.js';
import { apiCaller, signIn } from './api.js';
import { testApp, testBackends, addOutsiderAdmin } from './harness.js';

const BASE = Date.UTC(2026, 10, 21, 8, 0, 0);

/** A record carrying IO 87 = 60 and IO 10455 = 40 (FMB640: fuel level % and urea level %). */
function record(timestampMs: number): AvlRecordInput {
  return {
    timestampMs,
    lat: -34.6,
    lng: -58.4,
    altitudeM: 25,
    angleDeg: 90,
    satellites: 11,
    speedKmh: 0,
    io: [
      { id: 239, group: 1, value: 1 },
      { id: 87, group: 1, value: 60 },
      { id: 10455, group: 1, value: 40 },
    ],
  };
}

for (const backend of testBackends()) {
  describe(`device models: IO mapping editable at run time (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let admin: Record<string, string>;
    let operator: Record<string, string>;
    let outsider: Record<string, string>;
    const imei = `35${String(Math.floor(Math.random() * 1e12)).padStart(13, '0')}`;

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5 } });
      await addDeviceWithVehicle(ctx.database.db, {
        imei,
        plate: 'DM100AA',
        protocol: 'teltonika',
        model: 'FMC650',
        tenant: 'Transportes Demo',
      });
      await addOutsiderAdmin(ctx.database.db);
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
      operator = await signIn(ctx.app, 'demouser', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
      ingest = await openTestIngest(ctx);
    });
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const call = apiCaller(() => ctx.app, { prefix: '/api/vehicles' });

    const stored = async (fixTimeMs: number) =>
      ctx.database.db
        .selectFrom('positions')
        .innerJoin('devices', 'devices.id', 'positions.device_id')
        .select(['fuel_level', 'urea_level', 'attributes'])
        .where('devices.unique_id', '=', imei)
        .where('fix_time', '=', new Date(fixTimeMs))
        .executeTakeFirstOrThrow();

    it("decodes the next record of a connected device with its model's new mapping", async () => {
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);

      device.write(encodeCodec8eFrame([record(BASE)]));
      await expect.poll(() => device.acks()).toEqual([1]);
      // FMC650 → FMB640 family table: 87 is fuel level %, 10455 urea level %.
      expect(await stored(BASE)).toMatchObject({ fuel_level: 60, urea_level: 40 });

      const put = await call('PUT', '/admin/device-models', admin, {
        name: 'fmc650',
        protocol: 'teltonika',
        ioMapping: {
          rules: [
            { kind: 'number', id: 87, field: 'fuelLevelL', scale: 10 },
            { kind: 'number', id: 10455, field: 'fuelLevelPct', max: 100 },
          ],
        },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: 'fmc650', family: null, effectiveFamily: 'fmb640' });

      // Same connection, no restart: the next record follows the override.
      device.write(encodeCodec8eFrame([record(BASE + 10_000)]));
      await expect.poll(() => device.acks()).toEqual([1, 1]);
      const after = await stored(BASE + 10_000);
      expect(after.fuel_level).toBe(40);
      expect(after.urea_level).toBeNull();
      expect(after.attributes).toMatchObject({ fuelLevelL: 600 });

      const list = (await call('GET', '/admin/device-models', admin)).json<{ id: number }[]>();
      expect(list).toHaveLength(1);
      expect((await call('DELETE', `/admin/device-models/${list[0]!.id}`, admin)).statusCode).toBe(
        200,
      );

      // Deleted: back to the family table.
      device.write(encodeCodec8eFrame([record(BASE + 20_000)]));
      await expect.poll(() => device.acks()).toEqual([1, 1, 1]);
      expect(await stored(BASE + 20_000)).toMatchObject({ fuel_level: 60, urea_level: 40 });
      device.end();
    });

    it('refuses a bad mapping with 400 and writes nothing', async () => {
      const bad = await call('PUT', '/admin/device-models', admin, {
        name: 'FMB920',
        ioMapping: { rules: [{ kind: 'number', id: 87, field: 'notAField' }] },
      });
      expect(bad.statusCode).toBe(400);
      const body = bad.json<{ error: string; message: string; details: unknown[] }>();
      expect(body.error).toBe('validation');
      expect(body.details.length).toBeGreaterThan(0);
      const unknownKey = await call('PUT', '/admin/device-models', admin, {
        name: 'FMB920',
        ioMapping: { rules: [{ kind: 'flag', id: 1, field: 'ignition', offset: 3 }] },
      });
      expect(unknownKey.statusCode).toBe(400);
      expect((await call('GET', '/admin/device-models', admin)).json()).toEqual([]);
    });

    it('keeps device models to device administrators of the same tenant', async () => {
      expect((await call('GET', '/admin/device-models', operator)).statusCode).toBe(403);
      const mine = await call('PUT', '/admin/device-models', admin, { name: 'FMB140' });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ effectiveFamily: 'fmb1xx', ioMapping: null });
      const id = mine.json<{ id: number }>().id;
      expect((await call('GET', '/admin/device-models', outsider)).json()).toEqual([]);
      expect((await call('DELETE', `/admin/device-models/${id}`, outsider)).statusCode).toBe(404);
      // Upsert by name, case-insensitively: still one row.
      await call('PUT', '/admin/device-models', admin, { name: 'fmb140', family: 'fmb640' });
      const list = (await call('GET', '/admin/device-models', admin)).json<{ family: string }[]>();
      expect(list).toEqual([expect.objectContaining({ id, name: 'fmb140', family: 'fmb640' })]);
    });
  });
}
