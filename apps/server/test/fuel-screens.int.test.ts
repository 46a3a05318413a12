// The fuel screens' calls (issue 14, docs/decisions/0024-fuel-screens.md) over a truck's day that
// the real detector chain turned into facts and the real sinks stored (fuel-screens-fixture.ts):
// refills, thefts and AdBlue refills, a theft's review, the tank model. Consumption and AdBlue
// ratios: fuel-consumption.int.test.ts.
import { tanksLitres } from '@rumbo/telematics';
import type {
  FuelConsumptionAnswer,
  FuelEvent,
  FuelEventLevelsAnswer,
  FuelEventsAnswer,
  VehicleTanks,
} from '@rumbo/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeVehicle } from '@rumbo/simulator';
import { DEMO_SEED, registerDemoFleet } from '../src/demo/demo-fleet.js';
import {
  D0,
  DAY,
  HOUR,
  TANKS,
  THEFT_L,
  UREA_L,
  fuelCalls,
  setUpFuelScreens,
  type FuelApp,
} from './fuel-screens-fixture.js';
import { testBackends } from './harness.js';

for (const backend of testBackends()) {
  describe(`fuel screens' calls (${backend})`, () => {
    let ctx: FuelApp;
    let operator: Record<string, string>;
    let admin: Record<string, string>;
    let outsider: Record<string, string>;
    let vehicleId: number;
    let otherVehicle: number;
    let otherEventId: number;
    let stationId: number;
    beforeAll(async () => {
      ({ ctx, operator, admin, outsider, vehicleId, otherVehicle, otherEventId, stationId } =
        await setUpFuelScreens(backend));
    }, 180_000);
    afterAll(() => ctx.close());

    const { call, count } = fuelCalls(() => ctx);
    const period = `${D0}/${D0 + DAY}`;
    const events = async (query = '') => {
      const r = await call('GET', `/api/v2/fuel/events/${period}${query}`, operator);
      expect(r.statusCode, r.body).toBe(200);
      return r.json<FuelEventsAnswer>();
    };

    it('lists the refill and the suspected theft with levels, evidence and the station', async () => {
      const answer = await events();
      expect(answer.events.map((e) => e.code)).toEqual(['DCS', 'CRG']); // newest first
      expect(answer.total).toBe(2);
      const crg = answer.events.find((e) => e.code === 'CRG')!;
      const dcs = answer.events.find((e) => e.code === 'DCS')!;
      // 35 % → 70 % through the tables: the saddle tank's non-linear litres, not 35 % of 600 L.
      const refillL = tanksLitres(TANKS, 70) - tanksLitres(TANKS, 35);
      expect(Math.abs(crg.volumeL - refillL)).toBeLessThan(refillL * 0.05);
      expect(crg.plate).toBe('FUE001');
      expect(crg).toMatchObject({ driverCode: 'CARD-F', driverName: 'Fabiana Ruiz' });
      expect(crg.capacityL).toBe(600);
      expect(crg.levelAfterPct).toBeGreaterThan(67);
      expect(crg.levelAfterPct).toBeLessThan(73);
      expect(crg.station).toMatchObject({ id: stationId, name: 'Estación Ruta 8' });
      expect(crg.station!.distanceM).toBeGreaterThan(60);
      expect(crg.station!.distanceM).toBeLessThan(100);
      expect(crg.samples.length).toBeGreaterThan(2);
      // Evidence on the clock: within the stop (07:00–07:30).
      for (const s of crg.samples) {
        expect(s.t).toBeGreaterThanOrEqual(D0 + 7 * HOUR);
        expect(s.t).toBeLessThanOrEqual(D0 + 7.5 * HOUR);
      }
      expect(Math.abs(dcs.volumeL - THEFT_L)).toBeLessThan(THEFT_L * 0.15);
      expect(dcs.review).toBeNull();
      expect(dcs.station).toBeNull();
      expect(answer.totals).toEqual([
        { code: 'CRG', count: 1, volumeL: crg.volumeL },
        { code: 'DCS', count: 1, volumeL: dcs.volumeL },
      ]);
    });

    it('lists AdBlue refills with codes[]=AUR, pages, and narrows to vehicles', async () => {
      const aur = await events('?codes[]=AUR');
      expect(aur.events.map((e) => e.code)).toEqual(['AUR']);
      expect(Math.abs(aur.events[0]!.volumeL - 45)).toBeLessThan(3);
      expect(aur.events[0]!.capacityL).toBe(UREA_L);
      const page = await events('?limit=1&page=2');
      expect(page.total).toBe(2);
      expect(page.events.map((e) => e.code)).toEqual(['CRG']);
      expect((await events(`?vids[]=${vehicleId}`)).total).toBe(2);
      // A period without events.
      const empty = await call('GET', `/api/v2/fuel/events/${D0 - DAY}/${D0}`, operator);
      expect(empty.json<FuelEventsAnswer>()).toMatchObject({ total: 0, events: [] });
    });

    it("answers an event's level chart: raw levels of the stop ± 2 h in litres", async () => {
      const crg = (await events()).events.find((e) => e.code === 'CRG')!;
      const r = await call('GET', `/api/v2/fuel/event/${crg.id}/levels`, operator);
      expect(r.statusCode, r.body).toBe(200);
      const chart = r.json<FuelEventLevelsAnswer>();
      expect(chart.event.id).toBe(crg.id);
      expect(chart.levels.length).toBeGreaterThan(100);
      expect(chart.levels.length).toBeLessThanOrEqual(600);
      for (const p of chart.levels) {
        expect(p.t).toBeGreaterThanOrEqual(chart.from);
        expect(p.t).toBeLessThan(chart.to);
        expect(p.litres).toBeCloseTo(tanksLitres(TANKS, p.pct!), 0);
      }
      expect(chart.to - chart.from).toBeGreaterThanOrEqual(4 * HOUR);
    });

    it('confirms and dismisses a suspected theft, stored with who, when and the note', async () => {
      const dcs = (await events()).events.find((e) => e.code === 'DCS')!;
      const confirm = await call('POST', `/api/v2/fuel/event/${dcs.id}/review`, operator, {
        status: 'confirmed',
        note: 'Tapa forzada',
      });
      expect(confirm.statusCode, confirm.body).toBe(200);
      expect(confirm.json<FuelEvent>().review).toMatchObject({
        status: 'confirmed',
        note: 'Tapa forzada',
        userName: 'Demo Operador',
      });
      const listed = (await events()).events.find((e) => e.code === 'DCS')!;
      expect(listed.review?.status).toBe('confirmed');
      const dismiss = await call('POST', `/api/v2/fuel/event/${dcs.id}/review`, operator, {
        status: 'dismissed',
      });
      expect(dismiss.json<FuelEvent>().review).toMatchObject({ status: 'dismissed', note: '' });
      // A dismissed theft leaves the balance's thefts and the list's figures, not the list.
      const c = await call('GET', `/api/v2/fuel/consumption/${period}`, operator);
      expect(c.json<FuelConsumptionAnswer>().rows[0]!.balance!.theftsL).toBe(0);
      const after = await events();
      expect(after.total).toBe(2);
      expect(after.events.map((e) => e.code)).toEqual(['DCS', 'CRG']);
      expect(after.totals[1]).toEqual({ code: 'DCS', count: 0, volumeL: 0 });
      await call('POST', `/api/v2/fuel/event/${dcs.id}/review`, operator, { status: 'confirmed' });
    });

    it('refuses a review of a refill, bad bodies and other tenants’ events, writing nothing', async () => {
      const crg = (await events()).events.find((e) => e.code === 'CRG')!;
      const before = await count('events', sql`review is not null`);
      const es = await call('POST', `/api/v2/fuel/event/${crg.id}/review`, operator, {
        status: 'confirmed',
      });
      expect(es.statusCode).toBe(400);
      expect(es.body).toContain('solo se puede confirmar o descartar una sospecha de robo');
      const en = await call(
        'POST',
        `/api/v2/fuel/event/${crg.id}/review`,
        operator,
        { status: 'confirmed' },
        'en',
      );
      expect(en.body).toContain('only a suspected theft can be confirmed or dismissed');
      const bad = await call('POST', `/api/v2/fuel/event/${crg.id}/review`, operator, {
        status: 'maybe',
      });
      expect(bad.statusCode).toBe(400);
      const other = await call('POST', `/api/v2/fuel/event/${otherEventId}/review`, operator, {
        status: 'confirmed',
      });
      expect(other.statusCode).toBe(404);
      expect(
        (await call('GET', `/api/v2/fuel/event/${otherEventId}/levels`, operator)).statusCode,
      ).toBe(404);
      expect(await count('events', sql`review is not null`)).toBe(before);
      // The other tenant sees only its own.
      const theirs = await call('GET', `/api/v2/fuel/events/${period}`, outsider);
      expect(theirs.json<FuelEventsAnswer>().events.every((e) => e.plate === 'NOR014')).toBe(true);
      // Naming another tenant's vehicle is a 400 in the caller's language.
      const foreign = await call(
        'GET',
        `/api/v2/fuel/events/${period}?vids[]=${otherVehicle}`,
        operator,
      );
      expect(foreign.statusCode).toBe(400);
      expect(foreign.body).toContain('no es de su empresa');
      // A reversed period.
      expect(
        (await call('GET', `/api/v2/fuel/events/${D0 + DAY}/${D0}`, operator)).statusCode,
      ).toBe(400);
    });

    it('reads and writes the tank model in vehicle administration', async () => {
      const url = `/api/vehicles/admin/vehicles/${vehicleId}/tanks`;
      const got = await call('GET', url, admin);
      expect(got.statusCode, got.body).toBe(200);
      expect(got.json<VehicleTanks>()).toEqual({
        tanks: TANKS.map((t) => ({ capacityL: t.capacityL, calibration: t.calibration ?? null })),
        adBlueCapacityL: UREA_L,
      });
      expect((await call('GET', url, operator)).statusCode).toBe(403);
      const body: VehicleTanks = {
        tanks: [
          {
            capacityL: 300,
            calibration: [
              { pct: 0, litres: 0 },
              { pct: 50, litres: 120 },
              { pct: 100, litres: 300 },
            ],
          },
          { capacityL: 250, calibration: null },
        ],
        adBlueCapacityL: 70,
      };
      const put = await call('PUT', url, admin, body);
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json<VehicleTanks>()).toEqual(body);
      const v = await ctx.database.db
        .selectFrom('vehicles')
        .select(['tank_capacity_l', 'urea_capacity_l'])
        .where('id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      expect(v).toEqual({ tank_capacity_l: 550, urea_capacity_l: 70 });
      // Another tenant's vehicle.
      const foreign = `/api/vehicles/admin/vehicles/${otherVehicle}/tanks`;
      expect((await call('GET', foreign, admin)).statusCode).toBe(404);
      expect((await call('PUT', foreign, admin, body)).statusCode).toBe(404);
    });

    it('refuses a calibration table that does not rise and negative capacities, writing nothing', async () => {
      const url = `/api/vehicles/admin/vehicles/${vehicleId}/tanks`;
      const stored = (await call('GET', url, admin)).json<VehicleTanks>();
      const falling = {
        tanks: [
          {
            capacityL: 400,
            calibration: [
              { pct: 10, litres: 50 },
              { pct: 50, litres: 40 },
            ],
          },
        ],
        adBlueCapacityL: 60,
      };
      const es = await call('PUT', url, admin, falling);
      expect(es.statusCode).toBe(400);
      expect(es.body).toContain('la tabla de calibración debe crecer');
      const en = await call('PUT', url, admin, falling, 'en');
      expect(en.body).toContain('the calibration table must rise');
      const samePct = {
        tanks: [
          {
            capacityL: 400,
            calibration: [
              { pct: 10, litres: 50 },
              { pct: 10, litres: 60 },
            ],
          },
        ],
        adBlueCapacityL: 60,
      };
      expect((await call('PUT', url, admin, samePct)).statusCode).toBe(400);
      const negative = await call('PUT', url, admin, {
        tanks: [{ capacityL: -100, calibration: null }],
        adBlueCapacityL: 60,
      });
      expect(negative.statusCode).toBe(400);
      expect(negative.body).toContain('la capacidad debe ser mayor que 0 litros');
      const negativeUrea = await call('PUT', url, admin, { tanks: [], adBlueCapacityL: -5 });
      expect(negativeUrea.statusCode).toBe(400);
      const overCapacity = await call('PUT', url, admin, {
        tanks: [
          {
            capacityL: 100,
            calibration: [
              { pct: 0, litres: 0 },
              { pct: 100, litres: 150 },
            ],
          },
        ],
        adBlueCapacityL: 60,
      });
      expect(overCapacity.statusCode).toBe(400);
      expect((await call('GET', url, admin)).json<VehicleTanks>()).toEqual(stored);
    });

    it('a vehicle edit that changes the capacity drops the tanks to one linear tank', async () => {
      const url = `/api/vehicles/admin/vehicles/${vehicleId}/tanks`;
      const vehicle = await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/admin/vehicles`,
        headers: admin,
      });
      void vehicle;
      const row = await ctx.database.db
        .selectFrom('vehicles')
        .selectAll()
        .where('id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      const input = {
        plate: row.plate,
        vim: row.vim,
        kind: row.kind,
        description: row.description,
        brand: row.brand,
        model: row.model,
        modelYear: row.model_year,
        implementId: row.implement_id,
        tankCapacityL: row.tank_capacity_l,
        ureaCapacityL: row.urea_capacity_l,
        speedLimitKmh: row.speed_limit_kmh,
        groupId: row.group_id,
      };
      const same = await call('PUT', `/api/vehicles/admin/vehicles/${vehicleId}`, admin, input);
      expect(same.statusCode, same.body).toBe(200);
      expect((await call('GET', url, admin)).json<VehicleTanks>().tanks).toHaveLength(2);
      await call('PUT', `/api/vehicles/admin/vehicles/${vehicleId}`, admin, {
        ...input,
        tankCapacityL: 700,
      });
      expect((await call('GET', url, admin)).json<VehicleTanks>().tanks).toEqual([
        { capacityL: 700, calibration: null },
      ]);
      expect(await count('vehicles')).toBeGreaterThanOrEqual(2);
    });

    it('the demo fleet: every truck a tank, one with two tanks and a calibration table', async () => {
      const db = ctx.database.db;
      const devices = Array.from({ length: 10 }, (_, i) => describeVehicle(i, { seed: DEMO_SEED }));
      await registerDemoFleet(db, devices);
      const rows = await db
        .selectFrom('vehicles as v')
        .innerJoin('devices as d', 'd.vehicle_id', 'v.id')
        .select(['v.id', 'v.tank_capacity_l', 'v.urea_capacity_l', 'v.fuel_tanks'])
        .where(
          'd.unique_id',
          'in',
          devices.map((d) => d.imei),
        )
        .execute();
      expect(rows).toHaveLength(10);
      for (const r of rows) {
        expect(r.tank_capacity_l).toBeGreaterThan(0);
        expect(r.urea_capacity_l).toBeGreaterThan(0);
      }
      const two = rows.filter((r) => r.fuel_tanks !== null);
      expect(two).toHaveLength(1);
      const tanks = (
        await call('GET', `/api/vehicles/admin/vehicles/${two[0]!.id}/tanks`, admin)
      ).json<VehicleTanks>();
      expect(tanks.tanks.map((t) => t.capacityL)).toEqual([400, 200]);
      expect(tanks.tanks[0]!.calibration!.length).toBeGreaterThan(2);
      // Within a few litres of the linear 600 L the simulator's levels mean.
      for (const pct of [10, 30, 50, 70, 90]) {
        expect(Math.abs(tanksLitres(tanks.tanks, pct) - 6 * pct)).toBeLessThan(6);
      }
    });
  });
}
