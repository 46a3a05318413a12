import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ID, type Driver, type LastInfo, type Trip } from '@rumbo/contracts';
import { ensureUser } from '../src/modules/seed/seed.service.js';
import { demoDrivers } from '../src/modules/seed/demo-drivers.js';
import { type Headers, apiCaller, signIn } from './api.js';
import { testApp, testBackends, addOutsiderAdmin } from './harness.js';

for (const backend of testBackends()) {
  describe(`drivers: /driver and the current driver of a vehicle (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let viewer: Headers;
    let outsider: Headers;
    const call = apiCaller(() => ctx.app, { lang: 'es' });
    const list = async (headers: Headers) =>
      (await call('GET', '/driver', headers)).json<Driver[]>();
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from drivers`.execute(ctx.database.db))
          .rows[0]!.n,
      );

    beforeAll(async () => {
      ctx = await testApp(backend);
      await addOutsiderAdmin(ctx.database.db);
      await ensureUser(ctx.database.db, {
        tenant: 'Transportes Demo',
        username: 'demoviewer',
        email: 'v@demo.test',
        role: 'viewer',
        password: 'demo1234',
      });
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
      viewer = await signIn(ctx.app, 'demoviewer', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
    });
    afterAll(() => ctx.close());

    it('lists the demo drivers seeded with the simulated trucks’ cards, only to their tenant', async () => {
      const drivers = await list(admin);
      expect(drivers.length).toBe(demoDrivers(Date.now()).length);
      expect(drivers.every((d) => /^ARG\d{13}$/.test(d.codigo))).toBe(true);
      expect(drivers[0]!.driverId).toBe(drivers[0]!.id);
      expect(await list(outsider)).toEqual([]);
    });

    it('answers 401 without credentials and 403 without the driver-admin view', async () => {
      expect((await call('GET', '/driver', {})).statusCode).toBe(401);
      const before = await count();
      expect((await call('GET', '/driver', viewer)).statusCode).toBe(403);
      expect((await call('POST', '/driver', viewer, { nombre: 'X' })).statusCode).toBe(403);
      const someone = (await list(admin))[0]!;
      expect(
        (await call('PATCH', `/driver/${someone.id}`, viewer, { nombre: 'X' })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/driver/${someone.id}`, viewer)).statusCode).toBe(403);
      expect(await count()).toBe(before);
    });

    it('creates, edits and deletes a driver; the code is trimmed and upper-cased', async () => {
      const created = await call('POST', '/driver', admin, {
        nombre: ' Rosa ',
        apellido: 'Quiroga',
        documento: '30111222',
        codigo: ' 01a2b3c4d5e6f708 ',
        telefono: '+54 9 351 555-0101',
        licencia: 'B-778899',
        licenciaVence: '2027-03-31',
        notas: 'Turno noche\nCarga peligrosa',
      });
      expect(created.statusCode).toBe(200);
      const rosa = created.json<Driver>();
      expect(rosa).toMatchObject({
        driverId: rosa.id,
        nombre: 'Rosa',
        apellido: 'Quiroga',
        codigo: '01A2B3C4D5E6F708',
        licenciaVence: '2027-03-31',
        groupId: null,
        groupName: null,
        notas: 'Turno noche\nCarga peligrosa',
      });

      const group = (await call('POST', '/vehicles/admin/groups', admin, { name: 'Noche' })).json<{
        id: number;
      }>();
      const patched = await call('PATCH', `/driver/${rosa.id}`, admin, {
        telefono: '',
        licenciaVence: null,
        groupId: group.id,
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json<Driver>()).toMatchObject({
        nombre: 'Rosa',
        codigo: '01A2B3C4D5E6F708',
        telefono: '',
        licenciaVence: null,
        groupId: group.id,
      });
      expect((await list(admin)).some((d) => d.id === rosa.id)).toBe(true);

      expect((await call('DELETE', `/driver/${rosa.id}`, admin)).statusCode).toBe(200);
      expect((await list(admin)).some((d) => d.id === rosa.id)).toBe(false);
      expect((await call('DELETE', `/driver/${rosa.id}`, admin)).statusCode).toBe(404);
    });

    it('refuses bad input with 400 in the caller’s language and writes nothing', async () => {
      const before = await count();
      const bad: object[] = [
        {},
        { nombre: '' },
        { nombre: 'A', codigo: 'AB CD' },
        { nombre: 'A', licenciaVence: '2025-02-30' },
        { nombre: 'A', groupId: MAX_ID + 1 },
        { nombre: 'A', extra: true },
        { nombre: 'A\u0000' },
        { nombre: 'x'.repeat(101) },
      ];
      for (const body of bad) {
        const es = await call('POST', '/driver', admin, body, 'es');
        const en = await call('POST', '/driver', admin, body, 'en');
        expect(es.statusCode, JSON.stringify(body)).toBe(400);
        expect(en.statusCode).toBe(400);
        expect(es.json<{ message: string }>().message).not.toBe(
          en.json<{ message: string }>().message,
        );
      }
      // A group of another tenant is not a group of this one.
      const norteGroup = (
        await call('POST', '/vehicles/admin/groups', outsider, { name: 'Norte' })
      ).json<{ id: number }>();
      const foreign = await call('POST', '/driver', admin, { nombre: 'A', groupId: norteGroup.id });
      expect(foreign.statusCode).toBe(400);
      const someone = (await list(admin))[0]!;
      expect(
        (await call('PATCH', `/driver/${someone.id}`, admin, { nombre: ' ' })).statusCode,
      ).toBe(400);
      expect((await call('PATCH', '/driver/abc', admin, { nombre: 'B' })).statusCode).toBe(400);
      expect(await count()).toBe(before + 0);
      expect((await list(admin)).find((d) => d.id === someone.id)?.nombre).toBe(someone.nombre);
    });

    it('answers 409 with its own message to a card code another driver of the tenant has', async () => {
      const [first, second] = await list(admin);
      const before = await count();
      const dup = await call(
        'POST',
        '/driver',
        admin,
        { nombre: 'Dup', codigo: first!.codigo },
        'en',
      );
      expect(dup.statusCode).toBe(409);
      expect(dup.json<{ message: string }>().message).toBe(
        'Another driver already has that card or iButton code',
      );
      const lower = await call('POST', '/driver', admin, {
        nombre: 'Dup',
        codigo: first!.codigo.toLowerCase(),
      });
      expect(lower.statusCode).toBe(409);
      expect(lower.json<{ message: string }>().message).toBe(
        'Otro chofer ya tiene ese código de tarjeta o iButton',
      );
      const patch = await call('PATCH', `/driver/${second!.id}`, admin, { codigo: first!.codigo });
      expect(patch.statusCode).toBe(409);
      expect(await count()).toBe(before);
      // Drivers without a code don't collide; another tenant may hold the same code.
      for (const headers of [admin, admin]) {
        expect((await call('POST', '/driver', headers, { nombre: 'Sin tarjeta' })).statusCode).toBe(
          200,
        );
      }
      const other = await call('POST', '/driver', outsider, {
        nombre: 'Norte',
        codigo: first!.codigo,
      });
      expect(other.statusCode).toBe(200);
    });

    it('answers 404 to another tenant’s driver and leaves it untouched', async () => {
      const norte = (await list(outsider))[0]!;
      expect((await call('PATCH', `/driver/${norte.id}`, admin, { nombre: 'X' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/driver/${norte.id}`, admin)).statusCode).toBe(404);
      expect((await call('PATCH', `/driver/${MAX_ID}`, admin, { nombre: 'X' })).statusCode).toBe(
        404,
      );
      expect((await list(outsider))[0]).toEqual(norte);
    });

    it('names the current driver of a vehicle in the last position and the trips, by its code', async () => {
      const vehicle = (
        await call('POST', '/vehicles/admin/vehicles', admin, { plate: 'AC123DR', kind: 'van' })
      ).json<{ vehicleId: number }>();
      const driver = (
        await call('POST', '/driver', admin, {
          nombre: 'Elena',
          apellido: 'Vidal',
          codigo: 'ARG1111222233334',
        })
      ).json<Driver>();
      const nowMs = Date.now();
      const live = ctx.app.services.live;
      const lastInfo = async () =>
        (await call('GET', '/rest/vehicle/last_position', admin))
          .json<LastInfo[]>()
          .find((v) => v.idvehiculo === vehicle.vehicleId)!;
      const report = (code: string | null, atMs: number) =>
        live.apply(vehicle.vehicleId, {
          fixTimeMs: atMs,
          lat: -34.6,
          lng: -58.4,
          speedKmh: 50,
          heading: 90,
          status: 'in-transit',
          driverCode: code,
        });

      report('ARG1111222233334', nowMs - 5_000);
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // the body is rebuilt at most once a second
      expect(await lastInfo()).toMatchObject({
        driverCode: 'ARG1111222233334',
        driverName: 'Elena Vidal',
      });
      // Renamed: the live fleet follows at once.
      await call('PATCH', `/driver/${driver.id}`, admin, { apellido: 'Vidal Ruiz' });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await lastInfo()).driverName).toBe('Elena Vidal Ruiz');
      // An unknown card: the code stays, no name.
      report('ARG9999000011112', nowMs - 4_000);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect(await lastInfo()).toMatchObject({ driverCode: 'ARG9999000011112', driverName: null });

      const tenantId = Number(
        (
          await sql<{
            id: number;
          }>`select tenant_id as id from vehicles where id = ${vehicle.vehicleId}`.execute(
            ctx.database.db,
          )
        ).rows[0]!.id,
      );
      const trip = (startMs: number, code: string | null, fuelL: number | null = null) => ({
        tenant_id: tenantId,
        vehicle_id: vehicle.vehicleId,
        start_time: new Date(startMs),
        end_time: new Date(startMs + 600_000),
        start_lat: -34.6,
        start_lng: -58.4,
        end_lat: -34.61,
        end_lng: -58.41,
        distance_km: 5,
        driving_s: 600,
        idle_s: 0,
        max_speed_kmh: 60,
        avg_speed_kmh: 30,
        driver_code: code,
        fuel_l: fuelL,
      });
      await ctx.database.db
        .insertInto('trips')
        .values([
          trip(nowMs - 3_600_000, 'ARG1111222233334', 1.8),
          trip(nowMs - 2_400_000, 'ARG9999000011112'),
          trip(nowMs - 1_200_000, null),
        ])
        .execute();
      /** The van's trips of the last two hours, as the administrator reads them. */
      const lastTwoHoursTrips = async () =>
        (
          await call(
            'GET',
            `/vehicles/history/${vehicle.vehicleId}/trips?from=${nowMs - 7_200_000}&to=${nowMs}`,
            admin,
          )
        ).json<Trip[]>();
      const trips = await lastTwoHoursTrips();
      expect(trips.map((t) => [t.driverCode, t.driverName])).toEqual([
        ['ARG1111222233334', 'Elena Vidal Ruiz'],
        ['ARG9999000011112', null],
        [null, null],
      ]);
      // CO₂ (decision 0050): the counted 1.8 l × 2.47 / 3.13 kg/l (diesel B7) = 4.446 / 5.634;
      // without a counter, 5 km × the van's 11 l/100 km = 0.55 l × the same = 1.3585 / 1.7215.
      expect(trips.map((t) => t.co2)).toEqual([
        { fuelType: 'diesel', ttwKg: 4.4, wtwKg: 5.6, isEstimated: false },
        { fuelType: 'diesel', ttwKg: 1.4, wtwKg: 1.7, isEstimated: true },
        { fuelType: 'diesel', ttwKg: 1.4, wtwKg: 1.7, isEstimated: true },
      ]);
      // The same code in another tenant never names this tenant's trips.
      await call('PATCH', `/driver/${driver.id}`, admin, { codigo: '' });
      await call('POST', '/driver', outsider, { nombre: 'Ajeno', codigo: 'ARG1111222233334' });
      const after = await lastTwoHoursTrips();
      expect(after[0]).toMatchObject({ driverCode: 'ARG1111222233334', driverName: null });
    });
  });
}
