// CO₂ of planned trips (issue 27 item 4, decision 0050): the list and the detail carry what the
// vehicle emitted between the trip's start and its arrival (or now), from the recorded trips of
// that span — counted fuel where the ECU counted it, else an estimate marked as such; a recorded
// trip that sticks out of the span counts for its share inside; nothing before the start.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CO2_FACTORS, type PlannedTrip, type PlannedTripDetail } from '@rumbo/contracts';
import { type Headers, addTruck, signIn, tenantIdOf } from './api.js';
import { testApp, testBackends } from './harness.js';

const HOUR = 3_600_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const { ttwKg: TTW, wtwKg: WTW } = CO2_FACTORS.diesel;

for (const backend of testBackends()) {
  describe(`CO₂ of planned trips (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let operator: Headers;
    let counted: number;
    let gpsOnly: number;
    let tenantId: number;
    const t0 = Date.now() - 6 * HOUR;
    const ids: Record<'arrived' | 'underWay' | 'planned', number> = {
      arrived: 0,
      underWay: 0,
      planned: 0,
    };

    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url: `/api/v2${url}`,
        headers: { ...operator, 'accept-language': 'es' },
        ...(payload ? { payload } : {}),
      });
    const plan = (vehicleId: number, name: string, startMs: number) => ({
      vehicleId,
      name,
      stops: [
        { name: 'Depósito', lat: -34.6, lng: -58.5, plannedAt: new Date(startMs).toISOString() },
        {
          name: 'Luján',
          lat: -34.6,
          lng: -58.3,
          plannedAt: new Date(startMs + 3 * HOUR).toISOString(),
        },
      ],
    });
    const recorded = (
      vehicleId: number,
      fromMs: number,
      toMs: number,
      km: number,
      l: number | null,
    ) =>
      ctx.database.db
        .insertInto('trips')
        .values({
          tenant_id: tenantId,
          vehicle_id: vehicleId,
          start_time: new Date(fromMs),
          end_time: new Date(toMs),
          start_lat: -34.6,
          start_lng: -58.5,
          end_lat: -34.6,
          end_lng: -58.3,
          distance_km: km,
          driving_s: (toMs - fromMs) / 1000,
          idle_s: 0,
          fuel_l: l,
          max_speed_kmh: 90,
          avg_speed_kmh: 70,
          driver_code: null,
        })
        .execute();
    const progress = (
      planId: number,
      vehicleId: number,
      kind: string,
      atMs: number,
      stop: number,
    ) =>
      ctx.database.db
        .insertInto('planned_trip_progress')
        .values({
          planned_trip_id: planId,
          vehicle_id: vehicleId,
          kind,
          stop_index: stop,
          at: new Date(atMs),
          lat: null,
          lng: null,
          place: null,
        })
        .execute();

    beforeAll(async () => {
      ctx = await testApp(backend);
      const db = ctx.database.db;
      ({ vehicleId: counted } = await addTruck(db, '359000000027101', 'CO2001'));
      ({ vehicleId: gpsOnly } = await addTruck(db, '359000000027102', 'CO2002'));
      await sql`update vehicles set kind = 'tractor' where id in (${counted}, ${gpsOnly})`.execute(
        db,
      );
      tenantId = await tenantIdOf(db, counted);
      operator = await signIn(ctx.app, 'demouser', 'demo1234');
      const save = async (vehicleId: number, name: string, startMs: number) => {
        const r = await call('POST', '/planned-trips', plan(vehicleId, name, startMs));
        expect(r.statusCode, r.body).toBe(200);
        return r.json<PlannedTripDetail>().id;
      };
      ids.arrived = await save(counted, 'Arrived', t0);
      ids.underWay = await save(gpsOnly, 'Under way', t0);
      ids.planned = await save(counted, 'Planned', Date.now() + 5 * HOUR);
      // The counted truck: started at t0, arrived at t0 + 3 h.
      await progress(ids.arrived, counted, 'started', t0, 0);
      await progress(ids.arrived, counted, 'arrived', t0 + 3 * HOUR, 1);
      // Half of this one is before the start: 50 km and 20 L of it count.
      await recorded(counted, t0 - HOUR, t0 + HOUR, 100, 40);
      await recorded(counted, t0 + 1.5 * HOUR, t0 + 2.5 * HOUR, 80, 25);
      // After the arrival: not the trip's.
      await recorded(counted, t0 + 4 * HOUR, t0 + 5 * HOUR, 90, 30);
      // The GPS-only truck: started, not arrived, 100 km without a fuel counter.
      await progress(ids.underWay, gpsOnly, 'started', t0, 0);
      await recorded(gpsOnly, t0 + 0.5 * HOUR, t0 + 1.5 * HOUR, 100, null);
    }, 180_000);
    afterAll(() => ctx?.close());

    it('lists each started trip with the CO₂ of its span, counted or estimated', async () => {
      const r = await call('GET', '/planned-trips');
      expect(r.statusCode, r.body).toBe(200);
      const list = r.json<PlannedTrip[]>();
      const byId = (id: number) => list.find((t) => t.id === id)!;
      // 20 L (half of the first) + 25 L, each × the diesel factors, summed.
      expect(byId(ids.arrived).co2).toEqual({
        fuelType: 'diesel',
        ttwKg: round1(round1(20 * TTW) + round1(25 * TTW)),
        wtwKg: round1(round1(20 * WTW) + round1(25 * WTW)),
        isEstimated: false,
      });
      expect(byId(ids.arrived).co2!.ttwKg).toBe(111.2);
      // 100 km × 32 L/100 km (a tractor) = 32 L × 2.47 = 79.0 kg, marked estimated.
      expect(byId(ids.underWay).co2).toEqual({
        fuelType: 'diesel',
        ttwKg: round1(32 * TTW),
        wtwKg: round1(32 * WTW),
        isEstimated: true,
      });
      expect(byId(ids.planned).co2).toBeNull();
    });

    it('gives the detail the same CO₂ as the list', async () => {
      const r = await call('GET', `/planned-trips/${ids.arrived}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json<PlannedTripDetail>().co2).toMatchObject({ ttwKg: 111.2, isEstimated: false });
    });
  });
}
