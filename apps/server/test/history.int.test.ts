import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLAG } from '../src/db/position-flags.js';
import { addTruck } from './api.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

const T0 = Date.UTC(2026, 9, 5, 6, 0, 0);
const DAY = 86_400_000;

interface Point {
  t: number;
  lat: number;
  lng: number;
  speedKmh: number | null;
  heading: number | null;
  ignition: boolean | null;
}

for (const backend of testBackends()) {
  describe(`history calls of the travel consultation (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let headers: Record<string, string>;
    let vehicleId: number;
    let otherTenantVehicle: number;

    beforeAll(async () => {
      ctx = await testApp(backend);
      const own = await addTruck(ctx.database.db, '359000000000777', 'HIST001');
      vehicleId = own.vehicleId;
      const other = await addTruck(ctx.database.db, '359000000000778', 'OTRO001', {
        tenant: 'Otra Empresa',
      });
      otherTenantVehicle = other.vehicleId;
      // 3,000 records every 10 s (8 h 20 min); speed rises 0.1 km/h a record, record 1234 is
      // implausible, every record of the other tenant's vehicle too.
      const rows = [];
      for (let i = 0; i < 3000; i++) {
        rows.push({
          device_id: own.deviceId,
          fix_time: new Date(T0 + i * 10_000),
          lat: Math.round(-34.6 * 1e7),
          lng: Math.round((-58.4 + i * 0.0002) * 1e7),
          speed: i % 1000,
          heading: 90,
          flags: FLAG.ignitionKnown | FLAG.ignition | (i === 1234 ? FLAG.implausible : 0),
        });
        rows.push({ ...rows.at(-1)!, device_id: other.deviceId });
      }
      for (let i = 0; i < rows.length; i += 1000) {
        await ctx.database.db
          .insertInto('positions')
          .values(rows.slice(i, i + 1000))
          .execute();
      }
      const session = await signInHeaders(ctx.app);
      headers = { token: session.token, digest: session.digest };
    });
    afterAll(() => ctx.close());

    const get = (path: string, language = 'es') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/history/${path}`,
        headers: { ...headers, 'accept-language': language },
      });

    it('answers every plausible record of a short period, oldest first, in display units', async () => {
      const response = await get(`${vehicleId}/positions?from=${T0}&to=${T0 + DAY}`);
      expect(response.statusCode).toBe(200);
      const points = response.json<Point[]>();
      expect(points).toHaveLength(2999);
      expect(points.some((p) => p.t === T0 + 1234 * 10_000)).toBe(false);
      expect(points[0]).toEqual({
        t: T0,
        lat: -34.6,
        lng: -58.4,
        speedKmh: 0,
        heading: 90,
        ignition: true,
      });
      expect(points[999]!.speedKmh).toBeCloseTo(99.9, 5);
      expect(points.every((p, i) => i === 0 || p.t > points[i - 1]!.t)).toBe(true);
    });

    it('thins a long period to maxPoints, one record per time bucket, keeping the speed peaks', async () => {
      const to = T0 + 30_000_000; // exactly the 3,000 records
      const response = await get(`${vehicleId}/positions?from=${T0}&to=${to}&maxPoints=300`);
      expect(response.statusCode).toBe(200);
      const points = response.json<Point[]>();
      expect(points.length).toBeLessThanOrEqual(300);
      expect(points.length).toBeGreaterThan(290);
      expect(points.every((p, i) => i === 0 || p.t > points[i - 1]!.t)).toBe(true);
      // Buckets of 100 s hold 10 records; the fastest one is kept, so every peak survives.
      const fastest = Math.max(...points.map((p) => p.speedKmh ?? 0));
      expect(fastest).toBeCloseTo(99.9, 5);
      expect(points.map((p) => p.t)).toContain(T0 + 999 * 10_000);
      // The whole period is covered, not cut off part-way.
      expect(points.at(-1)!.t).toBeGreaterThan(to - 120_000);
    });

    it('refuses a period over 31 days, a reversed one and a bad maxPoints with a 400 in the caller’s language', async () => {
      const long = await get(`${vehicleId}/positions?from=${T0}&to=${T0 + 32 * DAY}`, 'en');
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({
        error: 'validation',
        message: "The field “to” is not valid: the period can't be longer than 31 days",
        details: [expect.objectContaining({ path: 'querystring.to' })],
      });
      const reversed = await get(`${vehicleId}/trips?from=${T0}&to=${T0 - 1}`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json<{ message: string }>().message).toBe(
        'El campo «to» no es válido: el fin debe ser posterior al inicio',
      );
      for (const bad of ['maxPoints=5', 'maxPoints=100001', 'maxPoints=abc']) {
        const response = await get(`${vehicleId}/positions?from=${T0}&to=${T0 + DAY}&${bad}`);
        expect(response.statusCode, bad).toBe(400);
      }
      expect((await get(`${vehicleId}/stops?from=abc&to=${T0}`)).statusCode).toBe(400);
    });

    it('answers 404 for another tenant’s vehicle and 401 without a session', async () => {
      for (const kind of ['positions', 'trips', 'stops']) {
        const response = await get(`${otherTenantVehicle}/${kind}?from=${T0}&to=${T0 + DAY}`);
        expect(response.statusCode, kind).toBe(404);
      }
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/vehicles/history/${vehicleId}/positions?from=${T0}&to=${T0 + DAY}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers an empty route for a period without records', async () => {
      const response = await get(`${vehicleId}/positions?from=${T0 - DAY}&to=${T0}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  });
}
