import type { Position } from '@rumbo/telematics';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeLogin } from '@rumbo/telematics';
import { startIngest } from '../src/ingest/start-ingest.js';
import { DeviceRegistry } from '../src/modules/fleet/device-registry.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { addTruck } from './api.js';
import { DeviceSocket, TEST_INGEST_WORKERS } from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

const T0 = Date.UTC(2026, 10, 19, 9, 0, 0);

/** A drive of `minutes` at `speedKmh` heading east, one record every 10 s, then a stop with ignition off. */
function driveThenStop(
  deviceId: string,
  startMs: number,
  minutes: number,
  speedKmh: number,
  startOdometerM: number,
): Position[] {
  const out: Position[] = [];
  const steps = (minutes * 60) / 10;
  const metresPerStep = (speedKmh / 3.6) * 10;
  for (let i = 0; i <= steps; i++) {
    out.push({
      deviceId,
      fixTimeMs: startMs + i * 10_000,
      lat: -34.6,
      lng: -58.4 + (i * metresPerStep) / 92_000,
      speedKmh,
      wheelSpeedKmh: speedKmh,
      satellites: 10,
      ignition: true,
      rpm: 1300,
      odometerM: startOdometerM + i * metresPerStep,
      fuelUsedL: 1000 + i * metresPerStep * 0.00033,
      headingDeg: 90,
      attributes: {},
    });
  }
  const end = out.at(-1)!;
  for (let i = 1; i <= 60; i++) {
    out.push({
      ...end,
      fixTimeMs: end.fixTimeMs + i * 10_000,
      speedKmh: 0,
      wheelSpeedKmh: 0,
      ignition: i < 3,
      rpm: i < 3 ? 600 : 0,
    });
  }
  return out;
}

for (const backend of testBackends()) {
  describe(`pipeline: trips, rollups, history, late records (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let headers: Record<string, string>;
    let vehicleId: number;
    const imei = '359000000000123';

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5 } });
      ({ vehicleId } = await addTruck(ctx.database.db, imei, 'TR001AB'));
      await loadLiveFleet(ctx.database.db, ctx.app.services.live, Date.now());
      const session = await signInHeaders(ctx.app);
      headers = { token: session.token, digest: session.digest };
    });
    afterAll(() => ctx.close());

    const submit = async (positions: Position[]) => {
      const device = await ctx.app.services.registry.resolve(imei, 'teltonika');
      return ctx.app.services.pipeline!.submit(device!, positions);
    };

    it('closes a trip after a 30-minute drive and a stop, with distance from the odometer', async () => {
      const records = driveThenStop(imei, T0, 30, 80, 700_000_000);
      for (let i = 0; i < records.length; i += 25) await submit(records.slice(i, i + 25));
      const trips = await ctx.database.db
        .selectFrom('trips')
        .selectAll()
        .where('vehicle_id', '=', vehicleId)
        .execute();
      expect(trips).toHaveLength(1);
      expect(trips[0]!.distance_km).toBeCloseTo(40, 0);
      expect(trips[0]!.max_speed_kmh).toBe(80);
      const rollups = await ctx.database.db
        .selectFrom('vehicle_rollups')
        .selectAll()
        .where('vehicle_id', '=', vehicleId)
        .execute();
      const km = rollups.reduce((sum, r) => sum + r.distance_km, 0);
      expect(km).toBeCloseTo(40, 0);
      expect(rollups.reduce((sum, r) => sum + r.driving_s, 0)).toBeGreaterThan(29 * 60);
      const state = await ctx.database.db
        .selectFrom('vehicle_state')
        .selectAll()
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      expect(state.status).toBe('off');
    });

    it('answers the route, trips and stops of the period for replay', async () => {
      const q = `from=${T0 - 60_000}&to=${T0 + 3_600_000}`;
      const route = await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/history/${vehicleId}/positions?${q}`,
        headers,
      });
      expect(route.statusCode).toBe(200);
      const points = route.json<{ t: number; speedKmh: number }[]>();
      expect(points.length).toBe(181 + 60);
      expect(points[1]!.speedKmh).toBe(80);
      expect(points.every((p, i) => i === 0 || p.t > points[i - 1]!.t)).toBe(true);
      const trips = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/vehicles/history/${vehicleId}/trips?${q}`,
          headers,
        })
      ).json<unknown[]>();
      expect(trips).toHaveLength(1);
      const bad = await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/history/${vehicleId}/trips?from=10&to=5`,
        headers,
      });
      expect(bad.statusCode).toBe(400);
      const other = await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/history/999999/trips?${q}`,
        headers,
      });
      expect(other.statusCode).toBe(404);
    });

    it('stores late records and recomputes the window without rolling back the live status', async () => {
      const later = T0 + 4 * 3_600_000;
      await submit(driveThenStop(imei, later, 20, 60, 800_000_000).slice(0, 5));
      const liveBefore = ctx.app.services.live.get(vehicleId)!.info.lastConnection;
      // A buffered drive from before `later`, sent afterwards.
      const buffered = driveThenStop(imei, T0 + 2 * 3_600_000, 20, 60, 750_000_000);
      await submit(buffered);
      expect(ctx.app.services.live.get(vehicleId)!.info.lastConnection).toBe(liveBefore);
      await expect
        .poll(
          async () =>
            (
              await ctx.database.db
                .selectFrom('trips')
                .select('id')
                .where('vehicle_id', '=', vehicleId)
                .execute()
            ).length,
          { timeout: 10_000 },
        )
        .toBe(2);
      const stored = await ctx.database.db
        .selectFrom('positions')
        .select('fix_time')
        .where('fix_time', '>=', new Date(T0 + 2 * 3_600_000))
        .where('fix_time', '<', new Date(later))
        .execute();
      expect(stored.length).toBe(buffered.length);
    });

    it('stores a resent record once and keeps awkward text intact, NUL aside (COPY on PostgreSQL)', async () => {
      const at = T0 + 10 * 3_600_000;
      const awkward: Position = {
        deviceId: imei,
        fixTimeMs: at,
        lat: -34.61,
        lng: -58.38,
        satellites: 9,
        driverCode: 'AR\\12\t34\nX',
        attributes: { note: 'back\\slash "quoted" tab\tnew\nline ñ', raw: 'nul\u0000byte' },
      };
      const first = await submit([awkward, { ...awkward, fixTimeMs: at + 1000 }]);
      expect(first).toEqual({ accepted: 2, rejected: 0 });
      // Resent (the ack was lost), in one batch with a new record and a duplicate inside it.
      await submit([
        awkward,
        { ...awkward, fixTimeMs: at + 2000 },
        { ...awkward, fixTimeMs: at + 2000 },
      ]);
      const rows = await ctx.database.db
        .selectFrom('positions')
        .select(['fix_time', 'driver_code', 'attributes'])
        .where('fix_time', '>=', new Date(at))
        .where('fix_time', '<=', new Date(at + 2000))
        .orderBy('fix_time')
        .execute();
      expect(rows.map((r) => new Date(r.fix_time).getTime())).toEqual([at, at + 1000, at + 2000]);
      expect(rows[0]!.driver_code).toBe('AR\\12\t34\nX');
      expect(rows[0]!.attributes).toMatchObject({
        note: 'back\\slash "quoted" tab\tnew\nline ñ',
        raw: 'nulbyte',
      });
    });

    it('refuses an unknown device when auto-register is off', async () => {
      const strict = new DeviceRegistry({
        db: ctx.database.db,
        live: ctx.app.services.live,
        autoRegisterTenant: null,
      });
      const ingest = await startIngest(
        { ...ctx.app.services.ingest, resolveDevice: (id, p) => strict.resolve(id, p) },
        { teltonikaPort: 0, osmandPort: 0, host: '127.0.0.1', workers: TEST_INGEST_WORKERS },
      );
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin('356999999999999'));
      await device.closed;
      expect([...device.bytes()]).toEqual([0]);
      expect(await strict.resolve('356999999999999', 'teltonika')).toBeNull();
      await ingest.close();
    });
  });
}

for (const backend of testBackends()) {
  describe(`pipeline: sums held with the vehicle's state (${backend}, decision 0065)`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    const imei = '359000000000456';

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 2, statePersistMs: 400 } });
    });
    afterAll(() => ctx.close());

    /** A vehicle's distance summed over a sums table, km to the micrometre. */
    async function storedKm(
      table: 'vehicle_rollups' | 'vehicle_indicators',
      vehicleId: number,
    ): Promise<number> {
      const row = await ctx.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.sum<number>('distance_km').as('km'))
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirst();
      return Math.round(Number(row?.km ?? 0) * 1e6) / 1e6;
    }

    it('writes a quiet vehicle’s held rollups and indicators by itself, once, with its state', async () => {
      const { vehicleId } = await addTruck(ctx.database.db, imei, 'TR002AB');
      const device = (await ctx.app.services.registry.resolve(imei, 'teltonika'))!;
      const drive = driveThenStop(imei, T0, 10, 72, 500_000_000).slice(0, 61);
      const pipeline = ctx.app.services.pipeline!;
      // The first packet changes the status (persisted at once, with its sums); the rest of the
      // drive keeps it: its sums wait in memory for the next persisted state.
      await pipeline.submit(device, drive.slice(0, 1));
      await pipeline.submit(device, drive.slice(1));
      const stored = async () => [
        await storedKm('vehicle_rollups', vehicleId),
        await storedKm('vehicle_indicators', vehicleId),
      ];
      const km = (drive.at(-1)!.odometerM! - drive[0]!.odometerM!) / 1000;
      const [heldKm] = await stored();
      expect(heldKm).toBeLessThan(km / 2);
      // Nothing more arrives: the sweep writes them within a period.
      await expect.poll(stored, { timeout: 5_000 }).toEqual([km, km]);
      const state = await ctx.database.db
        .selectFrom('vehicle_state')
        .select('fix_time')
        .where('vehicle_id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      expect(new Date(state.fix_time!).getTime()).toBe(drive.at(-1)!.fixTimeMs);
      // Written once: later sweeps and the close add nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await pipeline.flush();
      expect(await stored()).toEqual([km, km]);
    });

    it('counts nothing twice on the first restart after an upgrade (a state without the mark)', async () => {
      const upgraded = '359000000000457';
      const { vehicleId } = await addTruck(ctx.database.db, upgraded, 'TR003AB');
      const device = (await ctx.app.services.registry.resolve(upgraded, 'teltonika'))!;
      const drive = driveThenStop(upgraded, T0, 20, 72, 600_000_000).slice(0, 121);
      const pipeline = ctx.app.services.pipeline!;
      const stateRow = () =>
        ctx.database.db
          .selectFrom('vehicle_state')
          .select('reducer')
          .where('vehicle_id', '=', vehicleId)
          .executeTakeFirstOrThrow();
      await pipeline.submit(device, drive.slice(0, 40));
      await pipeline.flush();
      const { reducer } = await stateRow();
      expect(reducer).toMatchObject({ sumsHeld: true });
      // An earlier version persisted this state (no mark) and then stored the next records with
      // their sums at once, without persisting the state again.
      const { sumsHeld: _mark, ...earlier } = reducer as Record<string, unknown>;
      await pipeline.submit(device, drive.slice(40, 80));
      await pipeline.flush();
      await ctx.database.db
        .updateTable('vehicle_state')
        .set({ reducer: sql`${JSON.stringify(earlier)}::jsonb` })
        .where('vehicle_id', '=', vehicleId)
        .execute();
      // The restart: the state is read again and the records after it replayed.
      pipeline.forgetVehicle(vehicleId);
      await pipeline.submit(device, drive.slice(80));
      await pipeline.flush();
      expect(await storedKm('vehicle_rollups', vehicleId)).toBe(
        (drive.at(-1)!.odometerM! - drive[0]!.odometerM!) / 1000,
      );
    });
  });
}
