import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DriverDrivingTimesDetailDto,
  DrivingTimesListDto,
  InfringementListDto,
} from '@rumbo/contracts';
import { EU_561_2006, type Position } from '@rumbo/telematics';
import { ensureTenant } from '../src/modules/tenants/tenants.repository.js';
import type { IngestDevice } from '../src/lib/ingest-device.js';
import { recomputeWindow } from '../src/pipeline/recompute.js';
import { defaultSinks } from '../src/pipeline/sinks/index.js';
import { IMPERIAL_UNITS, addTruck } from './api.js';
import { addOutsiderAdmin, signInHeaders, testApp, testBackends } from './harness.js';

// The driver-activities sink and the driving-times routes (issue 26): one card across two trucks,
// a replay that must not duplicate, the driver's page, the infringements, the rule set, tenants.

const CARD = 'E26000000000AP01';
const MIN = 60_000;
const H = 60 * MIN;
// A day that ended an hour ago, whole minutes.
// 10 minutes past a quarter hour: DAY0 + 200 min is a whole quarter hour, so a fixed offset
// (whole quarter hours) can put a caller's midnight exactly there.
const DAY0 = Math.floor((Date.now() - 8 * H) / (15 * MIN)) * 15 * MIN + 10 * MIN;

/** Records a minute apart in one working state (IO 184) with the card in slot 1. */
function stretch(imei: string, fromMs: number, minutes: number, state: number): Position[] {
  return Array.from({ length: minutes }, (_, i) => ({
    deviceId: imei,
    fixTimeMs: fromMs + i * MIN,
    lat: 40.4,
    lng: -3.7 + (state === 3 ? i * 1e-3 : 0),
    satellites: 11,
    speedKmh: state === 3 ? 80 : 0,
    wheelSpeedKmh: state === 3 ? 80 : 0,
    ignition: true,
    rpm: state === 3 ? 1300 : 650,
    driverCode: CARD,
    attributes: { driver1WorkingState: state, driver1CardPresence: 1 },
  }));
}

for (const backend of testBackends()) {
  describe(`driving times: activities sink and API (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let truckA: IngestDevice;
    let driverId: number;
    let admin: { token: string; digest: string };
    let operator: { token: string; digest: string };
    let outsider: { token: string; digest: string };
    const get = async <T>(url: string, who = admin, lang = 'es') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { token: who.token, digest: who.digest, 'accept-language': lang },
      });
      return { status: res.statusCode, body: res.json<T>() };
    };
    const rows = () =>
      ctx.database.db
        .selectFrom('driver_activities')
        .select(['vehicle_id', 'kind', 'start_time', 'end_time', 'driver_id'])
        .orderBy('start_time')
        .execute();

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5 } });
      const db = ctx.database.db;
      for (const [imei, plate] of [
        ['359000000026101', 'AP001AA'],
        ['359000000026102', 'AP002BB'],
      ] as const)
        await addTruck(db, imei, plate);
      const tenant = await ensureTenant(db, 'Transportes Demo');
      ({ id: driverId } = await db
        .insertInto('drivers')
        .values({ tenant_id: tenant.id, nombre: 'Ana', apellido: 'Camionera', code: CARD })
        .returning('id')
        .executeTakeFirstOrThrow());
      await addOutsiderAdmin(db);
      admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      operator = await signInHeaders(ctx.app);
      outsider = await signInHeaders(ctx.app, 'norteadmin', 'norte1234');
      const registry = ctx.app.services.registry;
      truckA = (await registry.resolve('359000000026101', 'teltonika'))!;
      const truckB = (await registry.resolve('359000000026102', 'teltonika'))!;
      const pipeline = ctx.app.services.pipeline!;
      // Truck A: 30 min of work, 4 h 40 of driving (over 4 h 30: an infringement), 60 min of rest;
      // then the card goes into truck B for 1 h of driving.
      await pipeline.submit(truckA, [
        ...stretch(truckA.uniqueId, DAY0, 30, 2),
        ...stretch(truckA.uniqueId, DAY0 + 30 * MIN, 280, 3),
        ...stretch(truckA.uniqueId, DAY0 + 310 * MIN, 61, 0),
      ]);
      await pipeline.submit(truckB, stretch(truckB.uniqueId, DAY0 + 371 * MIN, 61, 3));
    }, 180_000);
    afterAll(() => ctx?.close());

    it('stores each interval once with its truck and driver, and a replay changes nothing', async () => {
      const before = await rows();
      expect(
        before.map((r) => [
          r.kind,
          new Date(r.start_time).getTime() - DAY0,
          r.end_time && new Date(r.end_time).getTime() - DAY0,
        ]),
      ).toEqual([
        ['work', 0, 30 * MIN],
        ['drive', 30 * MIN, 310 * MIN],
        // Truck A never saw the card leave (it sent nothing more): its rest stays open there.
        ['rest', 310 * MIN, null],
        ['drive', 371 * MIN, null],
      ]);
      expect(before.every((r) => r.driver_id === driverId)).toBe(true);
      const pipeline = ctx.app.services.pipeline!;
      for (const from of [DAY0 - H, DAY0 + 100 * MIN])
        await pipeline.runForDevice(truckA, () =>
          recomputeWindow(
            {
              db: ctx.database.db,
              sinks: defaultSinks(),
              settings: pipeline.settingsFor(truckA),
              context: pipeline.contextFor(truckA),
            },
            truckA,
            from,
          ),
        );
      expect(await rows()).toEqual(before);
    });

    it('answers the driver’s page across both trucks with the infringement and its evidence', async () => {
      const { status, body } = await get<DriverDrivingTimesDetailDto>(
        `/api/v2/driving-times/drivers/${driverId}?from=${DAY0}&to=${DAY0 + 432 * MIN}`,
      );
      expect(status).toBe(200);
      expect(body.activities.map((a) => [a.kind, a.plate])).toEqual([
        ['work', 'AP001AA'],
        ['drive', 'AP001AA'],
        ['rest', 'AP001AA'],
        // Truck A's last record to truck B's first: nothing known.
        ['unknown', null],
        ['drive', 'AP002BB'],
      ]);
      const sum = (k: 'drive' | 'work' | 'rest') => body.days.reduce((s, d) => s + d.totals[k], 0);
      expect(sum('drive')).toBe((280 + 61) * 60);
      expect(sum('work')).toBe(30 * 60);
      const continuous = body.infringements.find((f) => f.rule === 'continuous-driving')!;
      expect(continuous).toMatchObject({
        driverId,
        codigo: CARD,
        plate: 'AP001AA',
        limitS: 4.5 * 3600,
      });
      expect(continuous.excessS).toBeGreaterThan(0);
      expect(continuous.evidence.some((e) => e.kind === 'drive' && e.plate === 'AP001AA')).toBe(
        true,
      );
      expect(body.week.limitS).toBe(56 * 3600);
    });

    it('counts the page’s day totals in the caller’s time zone', async () => {
      // A fixed offset (whole quarter hours, −12 … +14) that puts the caller's midnight 200 min
      // into the driver's day, where truck A drives: the UTC days would split elsewhere.
      const midnightMs = DAY0 + 200 * MIN;
      let offsetH = -(Math.round((midnightMs % (24 * H)) / (15 * MIN)) * 15 * MIN) / H;
      if (offsetH < -12) offsetH += 24;
      const url = `/api/v2/driving-times/drivers/${driverId}?from=${DAY0}&to=${DAY0 + 432 * MIN}`;
      const pageIn = async (timeZone: number | string) => {
        const save = await ctx.app.inject({
          method: 'POST',
          url: '/api/rest/user/save_config',
          headers: { token: operator.token, digest: operator.digest },
          payload: {
            idioma: 'es',
            timeZone,
            units: IMPERIAL_UNITS,
            lat: -34.6,
            lng: -58.4,
            zoom: 10,
            darkMode: false,
          },
        });
        expect(save.statusCode).toBe(200);
        return (await get<DriverDrivingTimesDetailDto>(url, operator)).body;
      };
      const local = await pageIn(offsetH);
      // Against UTC's days; when the caller's zone is UTC itself (the test run at about 04:30 UTC
      // puts that midnight at UTC's), against +12 h instead, so the two zones always differ.
      const otherH = offsetH === 0 ? 12 : 0;
      const other = await pageIn(otherH === 0 ? 'UTC' : otherH);
      // By hand: every second of the timeline to its caller's day, minute steps (all edges whole).
      const byHand = (offsetMs: number) => {
        const days = new Map<string, Record<string, number>>();
        for (const a of local.activities) {
          const endMs = a.end === null ? DAY0 + 432 * MIN : Date.parse(a.end);
          for (let t = Date.parse(a.start); t < endMs; t += MIN) {
            const day = new Date(t + offsetMs).toISOString().slice(0, 10);
            const totals = days.get(day) ?? {
              drive: 0,
              work: 0,
              available: 0,
              rest: 0,
              unknown: 0,
            };
            totals[a.kind]! += 60;
            days.set(day, totals);
          }
        }
        return [...days].map(([day, totals]) => ({ day, totals }));
      };
      expect(local.days).toEqual(byHand(offsetH * H));
      expect(local.days).toHaveLength(2);
      // The first local day ends at the caller's midnight, 200 min in: 30 min of work, 170 of driving.
      expect(local.days[0]!.totals).toMatchObject({ work: 30 * 60, drive: 170 * 60 });
      expect(other.days).toEqual(byHand(otherH * H));
      expect(local.days).not.toEqual(other.days);
    });

    it('lists the infringements of a period and every driver now, for its own tenant only', async () => {
      const period = `/api/v2/driving-times/infringements/${DAY0}/${DAY0 + 432 * MIN}`;
      const list = await get<InfringementListDto>(period);
      expect(
        list.body.infringements.some((f) => f.rule === 'continuous-driving' && f.codigo === CARD),
      ).toBe(true);
      expect((await get<InfringementListDto>(period, outsider)).body.infringements).toEqual([]);
      const now = await get<DrivingTimesListDto>('/api/v2/driving-times');
      expect(now.body.ruleSet).toEqual({ id: EU_561_2006.id, name: EU_561_2006.name });
      expect(now.body.drivers.find((d) => d.codigo === CARD)).toMatchObject({
        driverId,
        nombre: 'Ana Camionera',
      });
      const other = await get<DrivingTimesListDto>('/api/v2/driving-times', outsider);
      expect(other.body.drivers.some((d) => d.codigo === CARD)).toBe(false);
      expect((await get(`/api/v2/driving-times/drivers/${driverId}`, outsider)).status).toBe(404);
    });

    it('refuses a bad period with a message in the caller’s language', async () => {
      const bad = `/api/v2/driving-times/drivers/${driverId}?from=${DAY0}&to=${DAY0 - 1}`;
      const es = await get<{ message: string }>(bad, admin, 'es');
      const en = await get<{ message: string }>(bad, admin, 'en');
      expect([es.status, en.status]).toEqual([400, 400]);
      expect(es.body.message).not.toBe(en.body.message);
      expect((await get(`/api/v2/driving-times/drivers/abc`)).status).toBe(400);
    });

    it('keeps the tenant’s rule set: EU 561/2006 by default, a valid copy saved, a bad one refused', async () => {
      const put = (body: unknown, who = admin, lang = 'es') =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/v2/driving-times/rules',
          headers: { token: who.token, digest: who.digest, 'accept-language': lang },
          payload: body as Record<string, unknown>,
        });
      expect((await get('/api/v2/driving-times/rules')).body).toMatchObject({ id: EU_561_2006.id });
      const bad = await put({ ...EU_561_2006, dailyDrivingS: -1 }, admin, 'en');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBeTruthy();
      expect((await put({ ...EU_561_2006, id: 'mine' }, operator)).statusCode).toBe(403);
      const mine = {
        ...EU_561_2006,
        id: 'ar-ley-24449',
        name: 'Argentina',
        dailyDrivingS: 8 * 3600,
      };
      expect((await put(mine)).statusCode).toBe(200);
      expect((await get('/api/v2/driving-times/rules')).body).toMatchObject({
        id: 'ar-ley-24449',
        dailyDrivingS: 8 * 3600,
      });
      expect((await get('/api/v2/driving-times/rules', outsider)).body).toMatchObject({
        id: EU_561_2006.id,
      });
      const now = await get<DrivingTimesListDto>('/api/v2/driving-times');
      expect(now.body.ruleSet).toEqual({ id: 'ar-ley-24449', name: 'Argentina' });
    });
  });
}
