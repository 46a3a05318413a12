// The fuel screens' calls (issue 14, docs/decisions/0024-fuel-screens.md) over a truck's day that
// the real detector chain turned into facts and the real sinks stored: a refill at a station, an
// AdBlue refill, a theft during a long stop; two tanks, one of them non-linear (calibration table).
import {
  initialDeviceState,
  step,
  tanksLitres,
  tanksPct,
  type DeviceState,
  type FuelTank,
  type Position,
  type VehicleContext,
} from '@rumbo/telematics';
import type {
  AdBlueAnswer,
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
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { ensureUser } from '../src/modules/seed/seed.service.js';
import { toPositionRow } from '../src/pipeline/position-row.js';
import { insertPositions } from '../src/pipeline/positions.store.js';
import { defaultSinks } from '../src/pipeline/sinks/index.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Monday 5 Oct 2026, 00:00 UTC. */
const D0 = Date.UTC(2026, 9, 5);

/** A 400 L saddle tank (calibrated) and a 200 L linear one. */
const TANKS: FuelTank[] = [
  {
    capacityL: 400,
    calibration: [
      { pct: 10, litres: 20 },
      { pct: 40, litres: 200 },
      { pct: 70, litres: 335 },
      { pct: 90, litres: 380 },
    ],
  },
  { capacityL: 200 },
];
const UREA_L = 80;
/** Where the truck stops to refuel (a station POI 80 m away). */
const STATION = { lat: -34.5, lng: -58.9 };
const THEFT_L = 60;

interface Leg {
  forS: number;
  speedKmh: number;
  ignition?: boolean;
  /** Litres added to the tank at this many seconds into the leg. */
  refill?: { atS: number; litres: number; ureaL?: number };
  /** Litres taken over the leg from `fromS` for `forS` seconds. */
  theft?: { fromS: number; forS: number; litres: number };
}

/** The truck's day: levels from litres through the tank model, quantised to 1 % like FMS. */
function truckDay(deviceId: string): { positions: Position[]; burntL: number } {
  const legs: Leg[] = [
    { forS: 6 * 3600, speedKmh: 0, ignition: false }, // parked until 06:00
    { forS: 3600, speedKmh: 80 },
    {
      forS: 1800,
      speedKmh: 0,
      ignition: false,
      refill: { atS: 600, litres: tanksLitres(TANKS, 70) - tanksLitres(TANKS, 35), ureaL: 45 },
    },
    { forS: 7200, speedKmh: 80 },
    { forS: 1200, speedKmh: 0, ignition: true }, // idling 20 min
    {
      forS: 3 * 3600,
      speedKmh: 0,
      ignition: false,
      theft: { fromS: 3600, forS: 600, litres: THEFT_L },
    },
    { forS: 3600, speedKmh: 80 },
    { forS: 4 * 3600, speedKmh: 0, ignition: false },
  ];
  const out: Position[] = [];
  let t = D0;
  let lat = -34.6;
  let fuelL = tanksLitres(TANKS, 40);
  let ureaL = 0.3 * UREA_L;
  let used = 50_000;
  let odo = 300_000_000;
  let burntL = 0;
  for (const leg of legs) {
    const every = leg.speedKmh > 0 ? 10 : 60;
    const atStation = leg.refill !== undefined;
    for (let s = 0; s < leg.forS; s += every) {
      const ignition = leg.ignition ?? leg.speedKmh > 0;
      if (leg.refill && s === leg.refill.atS) {
        fuelL += leg.refill.litres;
        ureaL += leg.refill.ureaL ?? 0;
      }
      if (leg.theft && s >= leg.theft.fromS && s < leg.theft.fromS + leg.theft.forS) {
        fuelL -= (leg.theft.litres * every) / leg.theft.forS;
      }
      const pct = tanksPct(TANKS, fuelL);
      out.push({
        deviceId,
        fixTimeMs: t,
        lat: atStation ? STATION.lat : lat,
        lng: atStation ? STATION.lng : -58.9 + (lat + 34.6) * 0.1,
        speedKmh: leg.speedKmh,
        wheelSpeedKmh: leg.speedKmh,
        headingDeg: 0,
        satellites: 12,
        ignition,
        rpm: ignition ? (leg.speedKmh > 0 ? 1300 : 650) : 0,
        odometerM: Math.round(odo),
        fuelUsedL: Math.round(used * 10) / 10,
        fuelLevelPct: Math.round(pct + (leg.speedKmh > 0 ? Math.sin(s) : 0)),
        ureaLevelPct: Math.round((ureaL / UREA_L) * 100),
        driverCode: 'CARD-F',
        attributes: {},
      });
      const metres = (leg.speedKmh / 3.6) * every;
      odo += metres;
      if (leg.speedKmh > 0) lat -= metres / 111_000;
      const burn = ignition ? ((leg.speedKmh > 0 ? 30 : 3) * every) / 3600 : 0;
      used += burn;
      fuelL -= burn;
      burntL += burn;
      // AdBlue at 4 % of the diesel while driving.
      if (leg.speedKmh > 0) ureaL -= burn * 0.04;
      t += every * 1000;
    }
  }
  return { positions: out, burntL };
}

for (const backend of testBackends()) {
  describe(`fuel screens' calls (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let operator: Record<string, string>;
    let admin: Record<string, string>;
    let viewer: Record<string, string>;
    let outsider: Record<string, string>;
    let vehicleId: number;
    let otherVehicle: number;
    let otherEventId: number;
    let stationId: number;
    let burntL = 0;
    const toHeaders = (s: { token: string; digest: string }) => ({
      token: s.token,
      digest: s.digest,
    });

    /** Steps records through the default chain, stores positions and facts through the sinks. */
    async function ingest(
      vehicle: number,
      deviceDbId: number,
      positions: Position[],
      context: VehicleContext,
    ) {
      const db = ctx.database.db;
      const { tenant_id: tenantId } = await db
        .selectFrom('vehicles')
        .select('tenant_id')
        .where('id', '=', vehicle)
        .executeTakeFirstOrThrow();
      const sinks = defaultSinks();
      const rows = sinks.empty();
      let state: DeviceState = initialDeviceState();
      for (const p of positions) {
        const r = step(state, p, undefined, { context });
        state = r.state;
        for (const f of r.facts) sinks.collect(rows, { vehicleId: vehicle, tenantId }, f);
      }
      await db.transaction().execute((trx) => sinks.write(trx, [rows]));
      for (let i = 0; i < positions.length; i += 2000) {
        await insertPositions(
          db,
          positions.slice(i, i + 2000).map((p) => toPositionRow(deviceDbId, p, [])),
        );
      }
    }

    const count = async (table: 'events' | 'vehicles', where = sql`true`) =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(ctx.database.db)
        ).rows[0]!.n,
      );

    beforeAll(async () => {
      ctx = await testApp(backend);
      const db = ctx.database.db;
      const own = await addDeviceWithVehicle(db, {
        imei: '359000000014001',
        plate: 'FUE001',
        protocol: 'teltonika',
        tenant: 'Transportes Demo',
      });
      vehicleId = own.vehicleId;
      await db
        .updateTable('vehicles')
        .set({
          fuel_tanks: JSON.stringify(TANKS),
          tank_capacity_l: 600,
          urea_capacity_l: UREA_L,
        })
        .where('id', '=', vehicleId)
        .execute();
      const other = await addDeviceWithVehicle(db, {
        imei: '359000000014002',
        plate: 'NOR014',
        protocol: 'teltonika',
        tenant: 'Transportes Norte',
      });
      otherVehicle = other.vehicleId;
      await db
        .updateTable('vehicles')
        .set({ tank_capacity_l: 600, urea_capacity_l: UREA_L })
        .where('id', '=', otherVehicle)
        .execute();
      await ensureUser(db, {
        tenant: 'Transportes Norte',
        username: 'norteadmin',
        email: 'a@norte.test',
        role: 'admin',
        password: 'norte1234',
      });
      await ensureUser(db, {
        tenant: 'Transportes Demo',
        username: 'demoviewer',
        email: 'v@demo.test',
        role: 'viewer',
        password: 'demo1234',
      });
      const { id: tenantId } = await db
        .selectFrom('tenants')
        .select('id')
        .where('name', '=', 'Transportes Demo')
        .executeTakeFirstOrThrow();
      // The card of the truck's driver is registered: the screens name the driver (issue 22).
      await db
        .insertInto('drivers')
        .values({ tenant_id: tenantId, nombre: 'Fabiana', apellido: 'Ruiz', code: 'CARD-F' })
        .execute();
      const fuelType = await db
        .selectFrom('interest_point_types')
        .select('id')
        .where('code', '=', 'fuel')
        .where('tenant_id', 'is', null)
        .executeTakeFirstOrThrow();
      ({ id: stationId } = await db
        .insertInto('interest_points')
        .values({
          tenant_id: tenantId,
          type_id: fuelType.id,
          nombre: 'Estación Ruta 8',
          radio_m: 50,
          lat: STATION.lat + 0.0007,
          lng: STATION.lng,
        })
        .returning('id')
        .executeTakeFirstOrThrow());

      const day = truckDay('fue');
      burntL = day.burntL;
      await ingest(vehicleId, own.deviceId, day.positions, {
        fuelTanks: TANKS,
        ureaTankL: UREA_L,
      });
      await ingest(otherVehicle, other.deviceId, truckDay('nor').positions, {
        fuelTanksL: [600],
        ureaTankL: UREA_L,
      });
      const otherEvent = await db
        .selectFrom('events')
        .select('id')
        .where('vehicle_id', '=', otherVehicle)
        .where('code', '=', 'DCS')
        .executeTakeFirstOrThrow();
      otherEventId = Number(otherEvent.id);
      operator = toHeaders(await signInHeaders(ctx.app, 'demouser', 'demo1234'));
      admin = toHeaders(await signInHeaders(ctx.app, 'demoadmin', 'demo1234'));
      viewer = toHeaders(await signInHeaders(ctx.app, 'demoviewer', 'demo1234'));
      outsider = toHeaders(await signInHeaders(ctx.app, 'norteadmin', 'norte1234'));
    }, 180_000);
    afterAll(() => ctx.close());

    const call = (
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      headers: Record<string, string>,
      payload?: unknown,
      language = 'es',
    ) =>
      ctx.app.inject({
        method,
        url,
        headers: { ...headers, 'accept-language': language },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
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

    it("answers litres and km whatever the user's units (decisions.md: converted on screen)", async () => {
      const before = await call('GET', `/api/v2/fuel/consumption/${period}`, operator);
      const save = await call('POST', '/api/rest/user/save_config', operator, {
        idioma: 'en',
        timeZone: -3,
        units: {
          volume: 'gal',
          distance: 'mi',
          consumption: 'mpg',
          mass: 'lbs',
          speed: 'mi/h',
          temperature: 'F',
          pressure: 'psi',
        },
        lat: -34.6,
        lng: -58.4,
        zoom: 6,
        darkMode: false,
      });
      expect(save.statusCode, save.body).toBe(200);
      const after = await call('GET', `/api/v2/fuel/consumption/${period}`, operator);
      expect(after.json()).toEqual(before.json());
      const row = after.json<FuelConsumptionAnswer>().rows[0]!;
      // Litres per 100 km, not miles per gallon.
      expect(row.lPer100Km).toBeCloseTo(37.5, 0);
    });

    it('needs the fuel views: a viewer gets 403', async () => {
      expect((await call('GET', `/api/v2/fuel/events/${period}`, viewer)).statusCode).toBe(403);
      expect((await call('GET', `/api/v2/fuel/consumption/${period}`, viewer)).statusCode).toBe(
        403,
      );
      expect((await call('GET', `/api/v2/fuel/adblue/${period}`, viewer)).statusCode).toBe(403);
    });

    it('answers consumption per vehicle with the fuel balance, and per driver', async () => {
      const from = D0 + HOUR; // the truck parked since midnight: a level before the period
      const r = await call('GET', `/api/v2/fuel/consumption/${from}/${D0 + DAY}`, operator);
      expect(r.statusCode, r.body).toBe(200);
      const answer = r.json<FuelConsumptionAnswer>();
      expect(answer.rows).toHaveLength(1);
      const row = answer.rows[0]!;
      // 4 h at 80 km/h, 30 L/h; 20 min idling at 3 L/h.
      expect(row.distanceKm).toBeCloseTo(320, -1);
      expect(row.fuelL).toBeCloseTo(burntL, -1);
      expect(row.idleFuelL).toBeGreaterThan(0.5);
      expect(row.idleFuelL).toBeLessThan(1.5);
      expect(row.lPer100Km).toBeCloseTo(37.5, 0);
      expect(row.drivingLPer100Km!).toBeLessThan(row.lPer100Km!);
      expect(row.idleLPerH).toBeCloseTo(3, 0);
      const b = row.balance!;
      // Δ tank + refills − consumption leaves the stolen litres.
      expect(Math.abs(b.residualL! - THEFT_L)).toBeLessThan(15);
      expect(b.flagged).toBe(true);
      expect(b.theftsL).toBeGreaterThan(50);
      expect(answer.days.map((d) => d.day)).toEqual([D0]);
      expect(answer.days[0]!.fuelL).toBeGreaterThan(100);
      const drivers = await call(
        'GET',
        `/api/v2/fuel/consumption/${from}/${D0 + DAY}?by=driver`,
        operator,
      );
      const dRows = drivers.json<FuelConsumptionAnswer>().rows;
      expect(dRows.map((d) => d.driverCode)).toEqual(['CARD-F']);
      expect(dRows[0]!.balance).toBeNull();
      expect(
        (await call('GET', `/api/v2/fuel/consumption/${period}?by=team`, operator)).statusCode,
      ).toBe(400);
    });

    it('answers AdBlue: level now, refills and the AdBlue/diesel ratio', async () => {
      const r = await call('GET', `/api/v2/fuel/adblue/${D0 + HOUR}/${D0 + DAY}`, operator);
      expect(r.statusCode, r.body).toBe(200);
      const [row] = r.json<AdBlueAnswer>().rows;
      expect(row!.capacityL).toBe(UREA_L);
      expect(row!.refills).toBe(1);
      // 4 % of the diesel burnt driving, read on 1 % steps of an 80 L tank.
      expect(row!.ratioPct!).toBeGreaterThan(2);
      expect(row!.ratioPct!).toBeLessThan(6);
      expect(row!.flag).toBeNull();
    });

    it('balances and rates AdBlue when the history starts and stops inside the period', async () => {
      // No level in the 3 days before the start or the end: the first and last inside stand in.
      const p = `${D0 - 7 * DAY}/${D0 + 6 * DAY}`;
      const c = await call('GET', `/api/v2/fuel/consumption/${p}`, operator);
      expect(c.statusCode, c.body).toBe(200);
      const b = c.json<FuelConsumptionAnswer>().rows[0]!.balance!;
      expect(b.levelStartL).not.toBeNull();
      expect(b.levelEndL).not.toBeNull();
      expect(Math.abs(b.residualL! - THEFT_L)).toBeLessThan(15);
      const a = await call('GET', `/api/v2/fuel/adblue/${p}`, operator);
      expect(a.statusCode, a.body).toBe(200);
      const [row] = a.json<AdBlueAnswer>().rows;
      expect(row!.usedL).not.toBeNull();
      expect(row!.ratioPct!).toBeGreaterThan(2);
      expect(row!.ratioPct!).toBeLessThan(6);
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
