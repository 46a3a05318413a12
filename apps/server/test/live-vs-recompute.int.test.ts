// Property: whatever order records arrive in (flagged, late, resent), and across restarts that
// lose a vehicle's in-memory state and held sums, what live processing and its late-record
// recomputes stored equals a replay of every stored record from scratch.
import type { Position } from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeWindow } from '../src/pipeline/recompute.js';
import { defaultSinks } from '../src/pipeline/sinks/index.js';
import { addTruck } from './api.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const DAY0 = Date.UTC(2026, 9, 5, 5, 0, 0);

/** A small seeded generator (mulberry32): every run of a seed sees the same stream. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A truck's working day: drives, idling at the kerb, engine-off stops, in fix-time order. */
function truckDay(deviceId: string, rnd: () => number): Position[] {
  const out: Position[] = [];
  let t = DAY0;
  let lat = 40.4;
  let lng = -3.7;
  let odometerM = 250_000_000;
  let fuelUsedL = 90_000;
  const end = DAY0 + 16 * 3_600_000;
  const push = (speedKmh: number, ignition: boolean, stepS: number) => {
    const metres = (speedKmh / 3.6) * stepS;
    lng += metres / 85_000;
    odometerM += metres;
    fuelUsedL += ignition ? (speedKmh > 0 ? metres * 0.00032 : stepS * 0.0006) : 0;
    t += stepS * 1000;
    out.push({
      deviceId,
      fixTimeMs: t,
      lat,
      lng,
      speedKmh,
      wheelSpeedKmh: speedKmh,
      headingDeg: 90,
      satellites: 11,
      ignition,
      rpm: ignition ? (speedKmh > 0 ? 1200 + Math.round(rnd() * 400) : 650) : 0,
      odometerM: Math.round(odometerM),
      fuelUsedL,
      attributes: {},
    });
  };
  while (t < end) {
    const kind = rnd();
    if (kind < 0.4) {
      const minutes = 10 + rnd() * 50;
      const speed = 30 + rnd() * 55;
      for (let s = 0; s < minutes * 60;) {
        const step = 5 + Math.round(rnd() * 25);
        push(Math.max(0, speed + (rnd() - 0.5) * 20), true, step);
        s += step;
      }
      lat += (rnd() - 0.5) * 0.01;
    } else if (kind < 0.6) {
      const minutes = 3 + rnd() * 20;
      for (let s = 0; s < minutes * 60; s += 30) push(0, true, 30);
    } else {
      const minutes = 15 + rnd() * 90;
      for (let s = 0; s < minutes * 60; s += 300) push(0, false, 300);
    }
  }
  return out;
}

/**
 * The stream as a device delivers it: some records implausible (flagged), some packets resent,
 * some runs held back in the device's buffer and sent late, packets of 1–10 records.
 */
function delivered(records: Position[], rnd: () => number): Position[][] {
  const flagged = records.map((p) => (rnd() < 0.03 ? { ...p, satellites: 99 } : p));
  const held: Position[][] = [];
  const inOrder: Position[] = [];
  for (let i = 0; i < flagged.length;) {
    if (rnd() < 0.01 && held.length < 4) {
      const run = 10 + Math.floor(rnd() * 40);
      held.push(flagged.slice(i, i + run));
      i += run;
    } else {
      inOrder.push(flagged[i]!);
      i += 1;
    }
  }
  const packets: Position[][] = [];
  for (let i = 0; i < inOrder.length;) {
    const size = 1 + Math.floor(rnd() * 10);
    const packet = inOrder.slice(i, i + size);
    packets.push(packet);
    if (rnd() < 0.04) packets.push(packet);
    i += size;
    // A held-back run goes out a while later, as a device empties its buffer.
    if (held.length > 0 && rnd() < 0.02) packets.push(held.shift()!);
  }
  packets.push(...held);
  return packets;
}

interface Derived {
  trips: unknown[];
  stops: unknown[];
  idle: unknown[];
  rollups: unknown[];
  indicators: unknown[];
  zoneEvents: unknown[];
}

/** Zone and POI codes (issue 12): their events must not depend on how records arrived either. */
const ZONE_CODES = ['AZA', 'SDZ', 'AZP', 'DZP', 'DAZ', 'EEZ', 'AIP', 'DPI', 'CIP'];

for (const backend of testBackends()) {
  describe(`live processing equals a replay from scratch (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 2, recomputeDebounceMs: 5 } });
      // Zones across the trucks' eastward path: strips every 0.4° of longitude (forbidden,
      // allowed with a 50 km/h limit, plain), a corridor and POIs along the parallel.
      const session = await signInHeaders(ctx.app);
      const headers = { token: session.token, digest: session.digest };
      const save = (geometry: object, properties: object) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v2/geofence/save',
          headers,
          payload: { type: 'Feature', geometry, properties },
        });
      const kinds = ['forbidden', 'allowed', 'none'] as const;
      for (let k = 0; k < 10; k++) {
        const west = -3.6 + k * 0.4;
        const ring = [
          [west, 40.2],
          [west + 0.05, 40.2],
          [west + 0.05, 40.6],
          [west, 40.6],
          [west, 40.2],
        ];
        const saved = await save(
          { type: 'Polygon', coordinates: [ring] },
          {
            name: `Franja ${k}`,
            accessType: kinds[k % 3],
            autoAsign: true,
            speedLimit: k % 3 === 1 ? 50 : null,
          },
        );
        expect(saved.statusCode, saved.body).toBe(200);
        const poi = await ctx.app.inject({
          method: 'POST',
          url: '/api/rest/routing/interest_point',
          headers,
          payload: {
            nombre: `Estación ${k}`,
            radio: 2_000,
            geom: { type: 'Point', coordinates: [west + 0.2, 40.4] },
          },
        });
        expect(poi.statusCode, poi.body).toBe(200);
      }
      const corridor = await save(
        {
          type: 'LineString',
          coordinates: [
            [-3.5, 40.4],
            [-1.5, 40.4],
          ],
        },
        { name: 'Corredor', autoAsign: true, width: 1_500 },
      );
      expect(corridor.statusCode, corridor.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the pipeline's index reloads
    });
    afterAll(() => ctx.close());

    async function derived(vehicleId: number): Promise<Derived> {
      const db = ctx.database.db;
      const round = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);
      const trips = await db
        .selectFrom('trips')
        .select([
          'start_time',
          'end_time',
          'distance_km',
          'driving_s',
          'idle_s',
          'fuel_l',
          'max_speed_kmh',
          'end_odometer_km',
        ])
        .where('vehicle_id', '=', vehicleId)
        .orderBy('start_time')
        .execute();
      const stops = await db
        .selectFrom('stops')
        .select(['start_time', 'end_time', 'ignition_on_s', 'lat', 'lng'])
        .where('vehicle_id', '=', vehicleId)
        .orderBy('start_time')
        .execute();
      const idle = await db
        .selectFrom('idle_periods')
        .select(['start_time', 'end_time', 'duration_s', 'fuel_l', 'fuel_source', 'lat', 'lng'])
        .where('vehicle_id', '=', vehicleId)
        .orderBy('start_time')
        .execute();
      const rollups = await db
        .selectFrom('vehicle_rollups')
        .select(['bucket', 'distance_km', 'fuel_l', 'engine_s', 'driving_s', 'idle_s'])
        .where('vehicle_id', '=', vehicleId)
        .orderBy('bucket')
        .execute();
      const indicators = [];
      for (const table of [
        'vehicle_indicators',
        'vehicle_indicators_daily',
        'vehicle_indicators_monthly',
      ] as const) {
        const rows = await db
          .selectFrom(table)
          .selectAll()
          .where('vehicle_id', '=', vehicleId)
          .orderBy('bucket')
          .orderBy('driver_code')
          .execute();
        for (const r of rows)
          indicators.push(
            Object.fromEntries(
              Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]),
            ),
          );
      }
      const zoneEvents = await db
        .selectFrom('events')
        .select(['code', 'start_time', 'end_time', 'value', 'data'])
        .where('vehicle_id', '=', vehicleId)
        .where('code', 'in', ZONE_CODES)
        .orderBy('start_time')
        .orderBy('code')
        .execute();
      return {
        zoneEvents: zoneEvents.map((e) => ({ ...e, value: round(e.value) })),
        indicators,
        trips: trips.map((r) => ({
          ...r,
          distance_km: round(r.distance_km),
          fuel_l: round(r.fuel_l),
        })),
        stops,
        idle: idle.map((r) => ({ ...r, fuel_l: round(r.fuel_l) })),
        rollups: rollups.map((r) => ({
          bucket: r.bucket,
          distance_km: round(r.distance_km),
          fuel_l: round(r.fuel_l),
          engine_s: round(r.engine_s),
          driving_s: round(r.driving_s),
          idle_s: round(r.idle_s),
        })),
      };
    }

    it('stores the same trips, stops, idle periods and rollups for random streams with flagged, late and resent records', async () => {
      const table: string[] = [];
      let zoneEventCount = 0;
      for (const seed of SEEDS) {
        const rnd = random(seed);
        const imei = String(356000000000000 + seed);
        const { vehicleId } = await addTruck(ctx.database.db, imei, `PROP${seed}`);
        const device = (await ctx.app.services.registry.resolve(imei, 'teltonika'))!;
        const records = truckDay(imei, rnd);
        const packets = delivered(records, rnd);
        let restored = 0;
        for (const packet of packets) {
          await ctx.app.services.pipeline!.submit(device, packet);
          // A restart, for this vehicle: its reducer state and the sums held since its last
          // persisted state are lost; the next packet restores them from the stored records.
          if (rnd() < 0.003) {
            ctx.app.services.pipeline!.forgetVehicle(vehicleId);
            restored += 1;
          }
        }
        await ctx.app.services.recomputer!.idle();
        // The sums each vehicle holds until its state is next persisted go in now (decision 0065).
        await ctx.app.services.pipeline!.flush();
        const live = await derived(vehicleId);

        // Every window at once: the whole history replayed by the same sinks.
        const pipeline = ctx.app.services.pipeline!;
        await pipeline.runForDevice(device, () =>
          recomputeWindow(
            {
              db: ctx.database.db,
              sinks: defaultSinks(),
              settings: pipeline.settingsFor(device),
              context: pipeline.contextFor(device),
            },
            device,
            DAY0 - 86_400_000,
          ),
        );
        const replayed = await derived(vehicleId);
        table.push(
          `seed ${seed}: ${records.length} records in ${packets.length} packets, ` +
            `${pipeline.stats.late} late so far, ${live.trips.length} trips, ${live.stops.length} stops, ` +
            `${live.idle.length} idle periods, ${live.rollups.length} rollup hours, ` +
            `${live.zoneEvents.length} zone events, ${restored} restarts`,
        );
        expect(live.trips.length).toBeGreaterThanOrEqual(3);
        expect(live.idle.length).toBeGreaterThanOrEqual(1);
        expect(live).toEqual(replayed);
        zoneEventCount += live.zoneEvents.length;
      }
      expect(zoneEventCount).toBeGreaterThan(20);
      console.log(`live vs replay (${backend}):\n  ${table.join('\n  ')}`);
    }, 240_000);
  });
}
