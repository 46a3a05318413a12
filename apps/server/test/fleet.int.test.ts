import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signIn } from './api.js';
import { testApp, testBackends, addOutsiderAdmin } from './harness.js';

for (const backend of testBackends()) {
  describe(`fleet administration (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Record<string, string>;
    let operator: Record<string, string>;
    let outsider: Record<string, string>;

    beforeAll(async () => {
      ctx = await testApp(backend);
      await addOutsiderAdmin(ctx.database.db);
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
      operator = await signIn(ctx.app, 'demouser', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
    });
    afterAll(() => ctx.close());

    const call = apiCaller(() => ctx.app);

    it('creates a group and a vehicle, assigns a device, and lists them grouped', async () => {
      const group = await call('POST', '/vehicles/admin/groups', admin, {
        name: 'Larga distancia',
      });
      expect(group.statusCode).toBe(200);
      const groupId = group.json<{ id: number }>().id;
      const kinds = (await call('POST', '/v2/vehicle/all_trailer_kind', admin)).json<
        {
          idTipoImplemento: number;
          implementos: { idImplemento: number; descripcionImplemento: string }[];
        }[]
      >();
      const implement = kinds[0]!.implementos[0]!;
      const created = await call('POST', '/vehicles/admin/vehicles', admin, {
        plate: 'AE123CD',
        vim: '9BSR4X20003880123',
        kind: 'tractor',
        description: 'Tractor frío',
        brand: 'Scania',
        model: 'R450',
        modelYear: 2021,
        implementId: implement.idImplemento,
        tankCapacityL: 700,
        groupId,
      });
      expect(created.statusCode).toBe(200);
      const vehicle = created.json<{
        vehicleId: number;
        groupName: string;
        implementName: string;
      }>();
      expect(vehicle).toMatchObject({
        groupName: 'Larga distancia',
        implementName: implement.descripcionImplemento,
      });
      const device = await call('POST', '/vehicles/admin/devices', admin, {
        uniqueId: '352094085555555',
        protocol: 'teltonika',
        model: 'FMC650',
        vehicleId: vehicle.vehicleId,
      });
      expect(device.statusCode).toBe(200);
      const list = (await call('GET', '/vehicles/vehicles', operator)).json<
        { plate: string; deviceUniqueId: string; deviceProtocol: string | null }[]
      >();
      // The device's protocol tells the web whether CAN data can come (a phone never sends it).
      expect(list).toContainEqual(
        expect.objectContaining({
          plate: 'AE123CD',
          deviceUniqueId: '352094085555555',
          deviceProtocol: 'teltonika',
        }),
      );
      const truck = await call('POST', '/vehicles/admin/vehicles', admin, { plate: 'AF900PH' });
      const phoneTruck = truck.json<{ vehicleId: number; deviceProtocol: string | null }>();
      expect(phoneTruck.deviceProtocol).toBeNull();
      const phone = await call('POST', '/vehicles/admin/devices', admin, {
        uniqueId: 'phone-af900ph',
        protocol: 'osmand',
        model: null,
        vehicleId: phoneTruck.vehicleId,
      });
      expect(phone.statusCode).toBe(200);
      const one = await call('GET', `/vehicles/vehicles/${phoneTruck.vehicleId}`, operator);
      expect(one.json()).toMatchObject({ plate: 'AF900PH', deviceProtocol: 'osmand' });
      const grouped = (await call('GET', '/vehicles/groups/vehicles', operator)).json<
        { name: string; vehicleList: { plate: string }[] }[]
      >();
      expect(grouped.find((g) => g.name === 'Larga distancia')?.vehicleList).toEqual([
        { vehicleId: vehicle.vehicleId, plate: 'AE123CD' },
      ]);
      const last = (await call('GET', '/rest/vehicle/last_position', operator)).json<
        { plate: string; status: string; marca: string; fms1: object }[]
      >();
      expect(last.find((v) => v.plate === 'AE123CD')).toMatchObject({
        status: 'undefined',
        marca: 'Scania',
        fms1: { odometro: null, ureaLevel: null },
      });
    });

    it('refuses duplicates and bad references with clear errors, writing nothing', async () => {
      const dup = await call('POST', '/vehicles/admin/vehicles', admin, { plate: 'ae123cd' });
      expect(dup.statusCode).toBe(409);
      const badGroup = await call('POST', '/vehicles/admin/vehicles', admin, {
        plate: 'ZZ999ZZ',
        groupId: 999999,
      });
      expect(badGroup.statusCode).toBe(400);
      expect(badGroup.json()).toMatchObject({
        error: 'validation',
        details: [{ path: 'body.groupId' }],
      });
      const badPlate = await call('POST', '/vehicles/admin/vehicles', admin, { plate: '<script>' });
      expect(badPlate.statusCode).toBe(400);
      const taken = await call('POST', '/vehicles/admin/devices', admin, {
        uniqueId: '352094085555555',
        protocol: 'teltonika',
      });
      expect(taken.statusCode).toBe(409);
      const list = (await call('GET', '/vehicles/vehicles', admin)).json<{ plate: string }[]>();
      expect(list.map((v) => v.plate)).not.toContain('ZZ999ZZ');
    });

    it('keeps administration to administrators (403) and each tenant to itself (404)', async () => {
      expect(
        (await call('POST', '/vehicles/admin/vehicles', operator, { plate: 'OP111OP' })).statusCode,
      ).toBe(403);
      expect((await call('GET', '/vehicles/admin/devices', operator)).statusCode).toBe(403);
      const mine = (await call('GET', '/vehicles/vehicles', admin)).json<{ vehicleId: number }[]>();
      const id = mine[0]!.vehicleId;
      expect((await call('GET', `/vehicles/vehicles/${id}`, outsider)).statusCode).toBe(404);
      expect(
        (await call('PUT', `/vehicles/admin/vehicles/${id}`, outsider, { plate: 'HACKED1' }))
          .statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/vehicles/admin/vehicles/${id}`, outsider)).statusCode).toBe(
        404,
      );
      expect((await call('GET', '/vehicles/vehicles', outsider)).json()).toEqual([]);
      expect((await call('GET', '/rest/vehicle/last_position', outsider)).json()).toEqual([]);
    });

    it('renames and deletes groups, moving vehicles to no group', async () => {
      const groups = (await call('GET', '/vehicles/groups', admin)).json<
        { id: number; name: string; vehicleCount: number }[]
      >();
      const group = groups.find((g) => g.name === 'Larga distancia')!;
      expect(group.vehicleCount).toBe(1);
      expect(
        (await call('PUT', `/vehicles/admin/groups/${group.id}`, admin, { name: 'Larga' }))
          .statusCode,
      ).toBe(200);
      expect((await call('DELETE', `/vehicles/admin/groups/${group.id}`, admin)).statusCode).toBe(
        200,
      );
      const grouped = (await call('GET', '/vehicles/groups/vehicles', admin)).json<
        { groupId: number | null; vehicleList: { plate: string }[] }[]
      >();
      expect(grouped.find((g) => g.groupId === null)?.vehicleList.map((v) => v.plate)).toContain(
        'AE123CD',
      );
    });
  });
}
