// Driving analysis (issue 13): GET /analysis/{from}/{to}/…, POST /v2/vehicle/safety_drive,
// POST /v2/event/ralenti_agg and …/ralenti_vehicle over facts the real detector chain derived from
// a CAN truck's records and the real sinks stored.
import { CO2_FACTORS } from '@rumbo/contracts';
import { CAN_INDICATORS, type Position, type VehicleContext } from '@rumbo/telematics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTruck } from './api.js';
import { D0, DAY, HOUR, truckDay } from './analysis-fixture.js';
import { storeThroughChain } from './chain-ingest.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

for (const backend of testBackends()) {
  describe(`driving analysis calls (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let headers: Record<string, string>;
    let vehicleId: number;
    let otherVehicle: number;
    let idleCount = 0;

    /** Steps records through the default chain and stores the facts through the real sinks. */
    async function ingest(vehicle: number, positions: Position[], context: VehicleContext = {}) {
      const facts = await storeThroughChain(ctx.database.db, vehicle, positions, context);
      if (vehicle === vehicleId) idleCount += facts.filter((f) => f.type === 'idle').length;
    }

    beforeAll(async () => {
      ctx = await testApp(backend);
      const own = await addTruck(ctx.database.db, '359000000013001', 'ANA001');
      vehicleId = own.vehicleId;
      const other = await addTruck(ctx.database.db, '359000000013002', 'OTRA013', {
        tenant: 'Otra Empresa',
      });
      otherVehicle = other.vehicleId;
      const odo = { m: 400_000_000, l: 150_000 };
      const own3 = [0, 1, 2].flatMap((d) =>
        truckDay('a', D0 + d * DAY, d === 2 ? 'CARD-B' : 'CARD-A', odo),
      );
      await ingest(vehicleId, own3);
      await ingest(otherVehicle, truckDay('b', D0, 'X', { m: 1, l: 1 }));
      const session = await signInHeaders(ctx.app);
      headers = { token: session.token, digest: session.digest };
    }, 120_000);
    afterAll(() => ctx.close());

    const get = (path: string, language = 'es') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/analysis/${path}`,
        headers: { ...headers, 'accept-language': language },
      });
    const post = (path: string, payload: unknown, language = 'es') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/${path}`,
        payload: payload as object,
        headers: { ...headers, 'accept-language': language },
      });

    interface Row {
      vehicleid: number;
      driverCode?: string;
      odometers: { distance: number };
      evaluation: Record<
        string,
        { value: number | null; profile: string | null; coverage: number }
      >;
      consumption: { totalFuel: number };
      co2: number;
      days?: { day: number; distance: number }[];
    }

    it('answers one row per vehicle with the ten indicators, the spec’s field names', async () => {
      const response = await get(`${D0}/${D0 + 3 * DAY}/`);
      expect(response.statusCode).toBe(200);
      const rows = response.json<Row[]>();
      expect(rows.map((r) => r.vehicleid)).toEqual([vehicleId]);
      const row = rows[0]!;
      expect(Object.keys(row.evaluation).sort()).toEqual(
        [
          'consumption',
          'averageEcoDriving',
          'averageTorque',
          'ralenti',
          'excessSpeed',
          'kickdown',
          'percentageOptimumRange',
          'inertia',
          'useCruiseControl',
          'hardBraking',
        ].sort(),
      );
      // 2 h × 82 + 1 h × 86 + 1 h × 98 + 1.5 h × 70 = 453 km a day.
      expect(row.odometers.distance).toBeCloseTo(3 * 453, -1);
      expect(row.consumption.totalFuel).toBeGreaterThan(300);
      // The shared diesel TTW factor (co2.ts, decision 0050), not a figure of the analysis' own.
      expect(row.co2).toBeCloseTo(row.consumption.totalFuel * CO2_FACTORS.diesel.ttwKg, 0);
      expect(CO2_FACTORS.diesel.ttwKg).toBe(2.47);
      const e = row.evaluation;
      // Idle 25 min of 5 h 55 min engine-on time.
      expect(e.ralenti!.value).toBeCloseTo((100 * 25) / 355, 0);
      // 98 km/h for an hour, over the 90 km/h default limit: 98 of 453 km.
      expect(e.excessSpeed!.value).toBeCloseTo((100 * 98) / 453, 0);
      // One kickdown a day (the pedal held at 97 % for an hour) and five hard brakes.
      expect(e.kickdown!.value).toBeCloseTo((100 * 3) / (3 * 453), 1);
      expect(e.hardBraking!.value).toBeCloseTo((100 * 15) / (3 * 453), 1);
      // Cruise: 1 h of 3 h above 60 km/h... plus the 1.5 h coasting at 70: 1 / 5.5.
      expect(e.useCruiseControl!.value).toBeCloseTo(100 / 5.5, 0);
      expect(e.inertia!.value).toBeCloseTo((100 * 1.5) / 5.5, 0);
      for (const v of Object.values(e))
        expect(v.profile === null || /^[A-G]$/.test(v.profile)).toBe(true);
      expect(e.averageEcoDriving!.profile).toMatch(/^[A-G]$/);
      // Engine time per rpm band a day: 1200, 1300 and 1400 rpm (4.5 h) in the green band, the
      // idles at 650 rpm (25 min) under 800, 1700 rpm (1 h) above the band.
      const bands = (row as Row & { rpmBands: Record<string, number> }).rpmBands;
      expect(bands.green).toBeCloseTo(3 * 16_200, -2);
      expect(bands.under800).toBeCloseTo(3 * 1_500, -2);
      expect(bands.aboveGreen).toBeCloseTo(3 * 3_600, -2);
      expect(bands.belowGreen! + bands.over1800!).toBe(0);
    });

    it('sums hourly buckets for periods that cut a trip and days in the user’s time zone', async () => {
      const whole = (await get(`${D0}/${D0 + DAY}/`)).json<Row[]>()[0]!;
      // Cut in the middle of the first drive (07:00 UTC; periods count whole hours) and the UTC−3
      // day (03:00 → 03:00).
      const a = (await get(`${D0}/${D0 + 7 * HOUR}/?opts[]=all`)).json<Row[]>()[0]!;
      const b = (await get(`${D0 + 7 * HOUR}/${D0 + DAY}/?opts[]=all`)).json<Row[]>()[0]!;
      expect(a.odometers.distance + b.odometers.distance).toBeCloseTo(whole.odometers.distance, 2);
      expect(a.odometers.distance).toBeCloseTo((50 / 60) * 82, 0);
      const local = (await get(`${D0 + 3 * HOUR}/${D0 + 3 * HOUR + 2 * DAY}/`)).json<Row[]>()[0]!;
      const twoDays = (await get(`${D0}/${D0 + 2 * DAY}/`)).json<Row[]>()[0]!;
      expect(local.odometers.distance).toBeCloseTo(twoDays.odometers.distance, 2);
      // Whole days (daily table) + ragged hours (hourly table) = hours alone.
      const ragged = (await get(`${D0 + 7 * HOUR}/${D0 + 2 * DAY + 9 * HOUR}/`)).json<Row[]>()[0]!;
      const expected =
        (await get(`${D0 + 7 * HOUR}/${D0 + DAY}/?opts[]=all`)).json<Row[]>()[0]!.odometers
          .distance +
        (await get(`${D0 + DAY}/${D0 + 2 * DAY + 9 * HOUR}/`)).json<Row[]>()[0]!.odometers.distance;
      expect(ragged.odometers.distance).toBeCloseTo(expected, 2);
      // A period holding the whole of October: the monthly table, days and hours at its ends.
      const all = (await get(`${D0}/${D0 + 3 * DAY}/`)).json<Row[]>()[0]!;
      const months = (await get(`${Date.UTC(2026, 8, 30, 10)}/${Date.UTC(2026, 10, 2, 5)}/`)).json<
        Row[]
      >()[0]!;
      expect(months.odometers.distance).toBeCloseTo(all.odometers.distance, 2);
      expect(months.evaluation).toEqual(all.evaluation);
    });

    it('drops rows of 20 km or less unless opts[]=all, and splits by driver with opts[]=drivers', async () => {
      // 13:00–14:00: the last idle and the engine stopped, no distance.
      const short = `${D0 + 13 * HOUR}/${D0 + 14 * HOUR}/`;
      expect((await get(short)).json()).toEqual([]);
      expect((await get(`${short}?opts[]=all`)).json<Row[]>()).toHaveLength(1);
      const byDriver = (
        await get(`${D0}/${D0 + 3 * DAY}/?opts[]=drivers&vids[]=${vehicleId}`)
      ).json<Row[]>();
      expect(byDriver.map((r) => r.driverCode).sort()).toEqual(['CARD-A', 'CARD-B']);
      expect(byDriver.find((r) => r.driverCode === 'CARD-A')!.odometers.distance).toBeCloseTo(
        2 * 453,
        -1,
      );
    });

    it('answers one vehicle with its days, and zeros for a period without data', async () => {
      const one = await get(`${D0}/${D0 + 3 * DAY}/${vehicleId}`);
      expect(one.statusCode).toBe(200);
      const row = one.json<Row>();
      expect(row.vehicleid).toBe(vehicleId);
      // The user's days (the demo user's zone, Buenos Aires: midnight is 03:00 UTC).
      const ba = D0 + 3 * HOUR;
      expect(row.days!.map((d) => d.day)).toEqual([ba, ba + DAY, ba + 2 * DAY]);
      // The day's one kickdown (pedal at 97 % from 09:25 for an hour: 06:00 + 12,300 s), counted at
      // its second record and placed on the road.
      const kickdowns = (
        row as Row & { kickdownEvents: { time: number; lat: number; lng: number }[] }
      ).kickdownEvents;
      expect(kickdowns).toHaveLength(3);
      expect(kickdowns[0]!.time).toBe(D0 + 6 * HOUR + 12_310_000);
      expect(kickdowns[0]!.lat).toBeCloseTo(-33, 3);
      expect(kickdowns[0]!.lng).toBeGreaterThan(-60);
      const empty = (await get(`${D0 - 10 * DAY}/${D0 - 9 * DAY}/${vehicleId}`)).json<Row>();
      expect(empty.odometers.distance).toBe(0);
      expect(empty.evaluation.consumption).toMatchObject({ value: null, profile: null });
      expect((await get(`${D0 - 10 * DAY}/${D0 - 9 * DAY}/`)).json()).toEqual([]);
    });

    it('refuses another tenant’s vehicles and bad parameters with a 400 in the caller’s language', async () => {
      expect((await get(`${D0}/${D0 + DAY}/${otherVehicle}`)).statusCode).toBe(404);
      const foreign = await get(`${D0}/${D0 + DAY}/?vids[]=${otherVehicle}`, 'en');
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json<{ message: string }>().message).toMatch(/not valid/);
      expect(JSON.stringify(foreign.json())).toContain(
        'names a vehicle that is not of your company',
      );
      const reversed = await get(`${D0 + DAY}/${D0}/`, 'es');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json<{ message: string }>().message).toContain(
        'el fin debe ser posterior al inicio',
      );
      expect((await get(`${D0}/${D0 + 400 * DAY}/`)).statusCode).toBe(400);
      expect((await get(`abc/${D0}/`)).statusCode).toBe(400);
      expect((await get(`${D0}/${D0 + DAY}/?opts[]=bogus`)).statusCode).toBe(400);
      expect(
        (await post('vehicle/safety_drive', { from: D0, to: D0 + DAY, vehicles: [otherVehicle] }))
          .statusCode,
      ).toBe(400);
      expect((await post('event/ralenti_agg', { from: D0, to: 'x' })).statusCode).toBe(400);
      expect(
        (await post('event/ralenti_vehicle', { from: D0, to: D0 + DAY, vehicle: otherVehicle }))
          .statusCode,
      ).toBe(404);
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/analysis/${D0}/${D0 + DAY}/`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('scores safe driving: fleet, per vehicle and driver, vehicles per letter; N/A under 100 km', async () => {
      const response = await post('vehicle/safety_drive', {
        from: D0,
        to: D0 + 3 * DAY,
        vehicles: [vehicleId],
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{
        fleet: { valor: number | null; perfil: string | null };
        vehicles: {
          idVehicle: number;
          distance: number;
          items: { code: string; count: number }[];
          score: number | null;
        }[];
        drivers: { driverCode: string }[];
        profiles: Record<string, number>;
      }>();
      expect(body.vehicles).toHaveLength(1);
      const v = body.vehicles[0]!;
      expect(v.idVehicle).toBe(vehicleId);
      expect(v.items.find((i) => i.code === 'hardBraking')!.count).toBe(15);
      // 15 brakes ·2 per 1,000 km of 1,359 km ≈ 22; an hour of 7.5 h driving 8 km/h over ·1 ≈ 13.
      expect(v.score).toBeGreaterThan(50);
      expect(v.score).toBeLessThan(80);
      expect(body.fleet.valor).toBeCloseTo(v.score!, 5);
      expect(body.drivers.map((d) => d.driverCode).sort()).toEqual(['CARD-A', 'CARD-B']);
      expect(Object.values(body.profiles).reduce((a, b) => a + b, 0)).toBe(1);
      const onlyB = (
        await post('vehicle/safety_drive', { from: D0, to: D0 + 3 * DAY, driverCode: 'card-b' })
      ).json<typeof body>();
      expect(onlyB.vehicles[0]!.distance).toBeCloseTo(453, -1);
      const short = (
        await post('vehicle/safety_drive', { from: D0 + 6 * HOUR, to: D0 + 7 * HOUR })
      ).json<typeof body>();
      expect(short.fleet).toMatchObject({ valor: null, perfil: null });
      expect(short.profiles.NA).toBe(1);
      const empty = (
        await post('vehicle/safety_drive', { from: D0 - 9 * DAY, to: D0 - 8 * DAY })
      ).json<typeof body>();
      expect(empty.vehicles).toEqual([]);
      expect(empty.fleet.valor).toBeNull();
    });

    it('aggregates idle per vehicle from the idle periods and lists one vehicle’s periods', async () => {
      const response = await post('event/ralenti_agg', { from: D0, to: D0 + 3 * DAY });
      expect(response.statusCode).toBe(200);
      const payload = response.json<{ payload: Record<string, number>[] }>().payload;
      const mine = payload.find((p) => p.vehicle_id === vehicleId)!;
      expect(mine.count).toBe(idleCount);
      expect(mine.count).toBe(6);
      expect(mine.min).toBeGreaterThanOrEqual(590);
      expect(mine.max).toBeLessThanOrEqual(910);
      expect(mine.avg).toBeCloseTo(mine.total! / mine.count!, 0);
      expect(mine.fuel).toBeGreaterThan(0);
      expect(mine.idlePct).toBeCloseTo((100 * 25) / 355, 0);
      expect(payload.some((p) => p.vehicle_id === otherVehicle)).toBe(false);
      const periods = await post('event/ralenti_vehicle', {
        from: D0,
        to: D0 + DAY,
        vehicle: vehicleId,
      });
      const list = periods.json<{
        payload: { start: number; duration: number; lat: number; fuel: number }[];
      }>().payload;
      expect(list).toHaveLength(2);
      expect(list[0]!.duration).toBeGreaterThan(850);
      expect(list[0]!.lat).toBeCloseTo(-33, 3);
      expect(
        (await post('event/ralenti_agg', { from: D0 - 9 * DAY, to: D0 - 8 * DAY })).json(),
      ).toEqual({ payload: [] });
    });

    it('gives a phone truck (OsmAnd, no CAN) N/D for the CAN indicators and eco-driving', async () => {
      const phone = await addTruck(ctx.database.db, 'phone-13', 'TEL013', { protocol: 'osmand' });
      // The CAN truck's day as a phone reports it: position and GPS speed only.
      const records = truckDay('p', D0 + 5 * DAY, '', { m: 0, l: 0 }).map(
        ({ deviceId, fixTimeMs, lat, lng, speedKmh, headingDeg, satellites }): Position => ({
          deviceId,
          fixTimeMs,
          lat,
          lng,
          speedKmh,
          headingDeg,
          satellites,
          attributes: {},
        }),
      );
      await ingest(phone.vehicleId, records, { alerts: { harshSource: 'computed' } });
      const period = `${D0 + 5 * DAY}/${D0 + 6 * DAY}`;
      const row = (await get(`${period}/${phone.vehicleId}`)).json<
        Row & { rpmBands: Record<string, number> }
      >();
      expect(row.odometers.distance).toBeCloseTo(453, -1);
      const e = row.evaluation;
      for (const key of [...CAN_INDICATORS, 'ralenti', 'averageEcoDriving']) {
        expect(e[key], key).toMatchObject({ value: null, profile: null });
      }
      expect(e.excessSpeed!.profile).toMatch(/^[A-G]$/);
      expect(Object.values(row.rpmBands).every((s) => s === 0)).toBe(true);
      // The fleet call and the dashboard's letters average: the phone adds no eco letter.
      const fleet = (await get(`${period}/`)).json<Row[]>();
      expect(
        fleet.find((r) => r.vehicleid === phone.vehicleId)!.evaluation.averageEcoDriving,
      ).toMatchObject({ value: null, profile: null });
    });

    it('gives a phone without harsh-event input N/D safe driving, left out of the fleet score', async () => {
      const phone = await addTruck(ctx.database.db, 'phone-22', 'TEL022', { protocol: 'osmand' });
      // A clean day as a phone reports it: no harsh events could ever be seen, so no score.
      const records = truckDay('q', D0 + 7 * DAY, '', { m: 0, l: 0 }).map(
        ({ deviceId, fixTimeMs, lat, lng, speedKmh, headingDeg, satellites }): Position => ({
          deviceId,
          fixTimeMs,
          lat,
          lng,
          speedKmh,
          headingDeg,
          satellites,
          attributes: {},
        }),
      );
      await ingest(phone.vehicleId, records);
      const truck = truckDay('a', D0 + 7 * DAY, 'CARD-A', { m: 500_000_000, l: 160_000 });
      await ingest(vehicleId, truck);
      const period = { from: D0 + 7 * DAY, to: D0 + 8 * DAY };
      const body = (await post('vehicle/safety_drive', period)).json<{
        fleet: { valor: number | null; distance: number };
        vehicles: { idVehicle: number; score: number | null; perfil: string | null }[];
        profiles: Record<string, number>;
      }>();
      const ofPhone = body.vehicles.find((v) => v.idVehicle === phone.vehicleId)!;
      const ofTruck = body.vehicles.find((v) => v.idVehicle === vehicleId)!;
      expect(ofPhone).toMatchObject({ score: null, perfil: null });
      expect(ofTruck.score).not.toBeNull();
      expect(body.profiles.NA).toBe(1);
      // The fleet pools the truck only: its score, not one diluted by the phone's kilometres.
      expect(body.fleet.valor).toBeCloseTo(ofTruck.score!, 5);
      expect(body.fleet.distance).toBeCloseTo(453, -1);
      const row = (await get(`${period.from}/${period.to}/${phone.vehicleId}`)).json<Row>();
      expect(row.evaluation.hardBraking).toMatchObject({ value: null, profile: null });
      expect(row.evaluation.excessSpeed!.profile).toMatch(/^[A-G]$/);

      // Consumption: the phone's kilometres have no litres: N/D, and the day's L/100 km is the
      // truck's alone, not diluted by the phone's kilometres.
      const fuel = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v2/fuel/consumption/${period.from}/${period.to}`,
          headers,
        })
      ).json<{
        rows: { vehicleId: number; lPer100Km: number | null; distanceKm: number }[];
        days: { distanceKm: number; lPer100Km: number | null }[];
      }>();
      const phoneFuel = fuel.rows.find((r) => r.vehicleId === phone.vehicleId)!;
      const truckFuel = fuel.rows.find((r) => r.vehicleId === vehicleId)!;
      expect(phoneFuel.distanceKm).toBeGreaterThan(400);
      expect(phoneFuel.lPer100Km).toBeNull();
      expect(truckFuel.lPer100Km).toBeGreaterThan(20);
      // The user's days (UTC−3): the UTC day touches two, the truck drove on one of them.
      expect(fuel.days).toHaveLength(2);
      const driven = fuel.days.filter((d) => d.distanceKm > 0);
      expect(driven).toHaveLength(1);
      expect(driven[0]!.distanceKm).toBeCloseTo(truckFuel.distanceKm, 0);
      expect(driven[0]!.lPer100Km).toBeCloseTo(truckFuel.lPer100Km!, 1);
    });

    it('reads and replaces the tenant’s score settings (administrators), validated, and letters follow them', async () => {
      const url = '/api/v2/analysis/score_settings';
      const admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      const adminHeaders = { token: admin.token, digest: admin.digest };
      const call = (
        method: 'GET' | 'PUT',
        payload?: unknown,
        language = 'es',
        h: Record<string, string> = adminHeaders,
      ) =>
        ctx.app.inject({
          method,
          url,
          ...(payload === undefined ? {} : { payload: payload as object }),
          headers: { ...h, 'accept-language': language },
        });
      const got = await call('GET');
      expect(got.statusCode, got.body).toBe(200);
      const defaults = got.json<{
        letterFloors: number[];
        safetyLetterFloors: number[];
        scales: Record<string, { zeroAt: number; hundredAt: number }>;
      }>();
      expect(defaults.letterFloors).toEqual([90, 75, 60, 45, 30, 15]);
      expect(defaults.safetyLetterFloors).toEqual([97, 94, 90, 85, 80, 70]);
      expect(Object.keys(defaults.scales)).toHaveLength(9);
      const before = (await get(`${D0}/${D0 + 3 * DAY}/${vehicleId}`)).json<Row>();
      const safetyBefore = (
        await post('vehicle/safety_drive', { from: D0, to: D0 + 3 * DAY, vehicles: [vehicleId] })
      ).json<{ vehicles: { score: number; perfil: string }[] }>().vehicles[0]!;

      // Refused, in the caller's language, nothing written.
      const unordered = await call('PUT', { ...defaults, letterFloors: [90, 95, 60, 45, 30, 15] });
      expect(unordered.statusCode).toBe(400);
      expect(unordered.body).toContain('deben bajar de A a F');
      const flat = await call(
        'PUT',
        { ...defaults, scales: { ...defaults.scales, inertia: { zeroAt: 5, hundredAt: 5 } } },
        'en',
      );
      expect(flat.statusCode).toBe(400);
      expect(flat.body).toContain('must differ');
      expect((await call('PUT', { ...defaults, extra: 1 })).statusCode).toBe(400);
      expect((await call('PUT', { letterFloors: defaults.letterFloors })).statusCode).toBe(400);
      expect((await call('GET')).json()).toEqual(defaults);

      // An operator reads the analysis, not the settings.
      expect((await call('GET', undefined, 'es', headers)).statusCode).toBe(403);
      expect((await call('PUT', defaults, 'es', headers)).statusCode).toBe(403);

      // Stricter settings: every score needs more for its letter.
      const strict = {
        letterFloors: [99, 98, 97, 96, 95, 94],
        safetyLetterFloors: [99.9, 99.8, 99.7, 99.6, 99.5, 99.4],
        scales: { ...defaults.scales, excessSpeed: { zeroAt: 1, hundredAt: 0 } },
      };
      const saved = await call('PUT', strict);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual(strict);
      expect((await call('GET')).json()).toEqual(strict);
      const after = (await get(`${D0}/${D0 + 3 * DAY}/${vehicleId}`)).json<Row>();
      // 21.6 % of the distance over the limit scores 0 on a 0–1 % scale.
      expect(after.evaluation.excessSpeed).toMatchObject({ profile: 'G' });
      expect(before.evaluation.excessSpeed!.value).toBe(after.evaluation.excessSpeed!.value);
      const safetyAfter = (
        await post('vehicle/safety_drive', { from: D0, to: D0 + 3 * DAY, vehicles: [vehicleId] })
      ).json<{ vehicles: { score: number; perfil: string }[] }>().vehicles[0]!;
      expect(safetyAfter.score).toBe(safetyBefore.score);
      expect(safetyAfter.perfil).toBe('G');
      // Back to the defaults.
      expect((await call('PUT', defaults)).statusCode).toBe(200);
      expect(
        (await get(`${D0}/${D0 + 3 * DAY}/${vehicleId}`)).json<Row>().evaluation.excessSpeed,
      ).toEqual(before.evaluation.excessSpeed);
    });
  });
}
