import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, SearchReply } from '@rumbo/contracts';
import { type Headers, addDemoViewer, addDispatcher, signIn } from './api.js';
import { testApp, testBackends, addOutsiderAdmin } from './harness.js';

for (const backend of testBackends()) {
  describe(`search: GET /api/v2/search (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let viewer: Headers;
    let dispatcher: Headers;
    let outsider: Headers;

    const get = (url: string, headers: Headers, lang = 'es') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v2/search${url}`,
        headers: { ...headers, 'accept-language': lang },
      });
    const hits = async (q: string, headers: Headers, lang = 'es') => {
      const response = await get(`?q=${encodeURIComponent(q)}&limit=10`, headers, lang);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchReply>().hits;
    };
    const labels = (list: SearchHit[], kind: SearchHit['kind']) =>
      list.filter((h) => h.kind === kind).map((h) => h.label);
    const tenantId = async (name: string) =>
      (
        await sql<{
          id: number;
        }>`select id from tenants where name = ${name}`.execute(ctx.database.db)
      ).rows[0]!.id;

    beforeAll(async () => {
      ctx = await testApp(backend);
      const db = ctx.database.db;
      await addOutsiderAdmin(db);
      await addDemoViewer(db);
      const demo = await tenantId('Transportes Demo');
      const norte = await tenantId('Transportes Norte');
      // A role with the drivers screen only: drivers, nothing on a map.
      await addDispatcher(db, demo);
      const group = await sql<{ id: number }>`insert into vehicle_groups (tenant_id, name)
        values (${demo}, 'Cosecha Pergamino') returning id`.execute(db);
      await sql`insert into vehicles (tenant_id, plate, vim, group_id) values
        (${demo}, 'QX 123 ZZ', '9BM958074XB123456', ${group.rows[0]!.id}),
        (${norte}, 'QX 999 NN', '9BM958074XB999999', null)`.execute(db);
      await sql`insert into drivers (tenant_id, nombre, apellido, code) values
        (${demo}, 'Joaquín', 'Pérez Ñúñez', 'ARG7777000011112'),
        (${norte}, 'Joaquín', 'Norteño', 'ARG7777999911112'),
        (${demo}, 'Ana', 'Rosales', ''),
        (${demo}, 'Rosa', 'Quiroga', '')`.execute(db);
      await sql`insert into geofences (tenant_id, name, kind, geom, radius_m, color,
          min_lng, min_lat, max_lng, max_lat, vertex_count)
        values (${demo}, 'Depósito Rosario', 'circle',
          ${JSON.stringify({ type: 'Point', coordinates: [-60.65, -32.94] })}, 500, '#ff0000',
          -60.66, -32.95, -60.64, -32.93, 1)`.execute(db);
      await sql`insert into interest_points (tenant_id, nombre, radio_m, lat, lng) values
        (${demo}, 'YPF San Lorenzo', 150, -32.745, -60.737),
        (${demo}, 'YPF Cerrada Vieja', 150, -32.8, -60.7)`.execute(db);
      await sql`update interest_points set deleted = true where nombre = 'YPF Cerrada Vieja'`.execute(
        db,
      );
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
      viewer = await signIn(ctx.app, 'demoviewer', 'demo1234');
      dispatcher = await signIn(ctx.app, 'despacho', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
    });
    afterAll(() => ctx.close());

    it('finds a vehicle by plate and by chassis number, whatever the case', async () => {
      const byPlate = await hits('qx 123', admin);
      expect(labels(byPlate, 'vehicle')).toEqual(['QX 123 ZZ']);
      const byChassis = await hits('xb1234', admin);
      const vehicle = byChassis.find((h) => h.kind === 'vehicle')!;
      expect(vehicle).toMatchObject({ label: 'QX 123 ZZ', detail: '9BM958074XB123456' });
      expect(vehicle.id).toBeGreaterThan(0);
    });

    it('finds a driver by name without accents and by card code', async () => {
      expect(labels(await hits('joaquin perez', admin), 'driver')).toEqual(['Joaquín Pérez Ñúñez']);
      expect(labels(await hits('NUÑEZ', admin), 'driver')).toEqual(['Joaquín Pérez Ñúñez']);
      const byCard = (await hits('77770000', admin)).filter((h) => h.kind === 'driver');
      expect(byCard).toHaveLength(1);
      expect(byCard[0]!.detail).toBe('ARG7777000011112');
    });

    it('finds groups, geofences and points of interest (not deleted ones), with where they are', async () => {
      expect(labels(await hits('pergamino', admin), 'group')).toEqual(['Cosecha Pergamino']);
      const fence = (await hits('deposito', admin)).find((h) => h.kind === 'geofence')!;
      expect(fence.label).toBe('Depósito Rosario');
      expect(fence.lat).toBeCloseTo(-32.94, 5);
      expect(fence.lng).toBeCloseTo(-60.65, 5);
      const pois = (await hits('ypf', admin)).filter((h) => h.kind === 'poi');
      expect(pois.map((p) => p.label)).toEqual(['YPF San Lorenzo']);
      expect(pois[0]).toMatchObject({ lat: -32.745, lng: -60.737 });
    });

    it('finds GeoNames localities with their province and country in the caller’s language', async () => {
      const es = (await hits('villa maria', admin)).filter((h) => h.kind === 'locality');
      expect(es[0]).toMatchObject({ label: 'Villa María' });
      expect(es[0]!.detail).toMatch(/Argentina$/);
      expect(es[0]!.lat).toBeCloseTo(-32.41, 1);
      const germany = (await hits('hamburg', admin, 'en')).filter((h) => h.kind === 'locality');
      expect(germany[0]!.detail).toMatch(/Germany$/);
      const alemania = (await hits('hamburg', admin, 'es')).filter((h) => h.kind === 'locality');
      expect(alemania[0]!.detail).toMatch(/Alemania$/);
    });

    it('never answers another tenant’s vehicles or drivers', async () => {
      const mine = await hits('qx', admin);
      expect(labels(mine, 'vehicle')).toEqual(['QX 123 ZZ']);
      const theirs = await hits('qx', outsider);
      expect(labels(theirs, 'vehicle')).toEqual(['QX 999 NN']);
      expect(labels(await hits('joaquin', outsider), 'driver')).toEqual(['Joaquín Norteño']);
      expect(labels(await hits('deposito', outsider), 'geofence')).toEqual([]);
      expect(labels(await hits('ypf', outsider), 'poi')).toEqual([]);
      expect(labels(await hits('pergamino', outsider), 'group')).toEqual([]);
    });

    it('answers only the kinds the caller’s role can open', async () => {
      // The viewer: maps and fleet lists, no drivers screen and no geofence screen.
      const kindsOf = async (q: string, who: Headers) =>
        new Set((await hits(q, who)).map((h) => h.kind));
      const viewerKinds = new Set([
        ...(await kindsOf('joaquin', viewer)),
        ...(await kindsOf('deposito', viewer)),
        ...(await kindsOf('ypf', viewer)),
        ...(await kindsOf('qx 123', viewer)),
        ...(await kindsOf('pergamino', viewer)),
      ]);
      expect(viewerKinds.has('vehicle')).toBe(true);
      expect(viewerKinds.has('group')).toBe(true);
      expect(viewerKinds.has('driver')).toBe(false);
      expect(viewerKinds.has('geofence')).toBe(false);
      expect(viewerKinds.has('poi')).toBe(false);
      // The dispatcher: the drivers screen only.
      expect([...(await kindsOf('joaquin', dispatcher))]).toEqual(['driver']);
      expect([...(await kindsOf('qx 123', dispatcher))]).toEqual([]);
      expect([...(await kindsOf('rosario', dispatcher))]).toEqual([]);
    });

    it('refuses bad input with 400 and a message in the caller’s language, and no credentials with 401', async () => {
      const short = await get('?q=a', admin, 'es');
      expect(short.statusCode).toBe(400);
      expect(short.json<{ message: string }>().message).toMatch(/«q».*2 caracteres/);
      const shortEn = await get('?q=a', admin, 'en');
      expect(shortEn.statusCode).toBe(400);
      expect(shortEn.json<{ message: string }>().message).toMatch(/q.*2 char/i);
      expect((await get(`?q=${'x'.repeat(61)}`, admin)).statusCode).toBe(400);
      expect((await get('', admin)).statusCode).toBe(400);
      expect((await get('?q=%20%20a%20', admin)).statusCode).toBe(400);
      expect((await get('?q=qx&limit=0', admin)).statusCode).toBe(400);
      expect((await get('?q=qx&limit=21', admin)).statusCode).toBe(400);
      expect((await get('?q=qx&limit=dos', admin)).statusCode).toBe(400);
      expect((await get('?q=qx&other=1', admin)).statusCode).toBe(400);
      expect((await get('?q=qx', {})).statusCode).toBe(401);
    });

    it('lists what starts with the text before what contains it elsewhere, at most `limit` per kind', async () => {
      expect(labels(await hits('rosa', admin), 'driver')).toEqual(['Rosa Quiroga', 'Ana Rosales']);
      // Two characters: only what starts with them.
      expect(labels(await hits('ro', admin), 'driver')).toEqual(['Rosa Quiroga']);
      const one = await get('?q=rosa&limit=1', admin);
      expect(one.statusCode).toBe(200);
      const drivers = one.json<SearchReply>().hits.filter((h) => h.kind === 'driver');
      expect(drivers.map((h) => h.label)).toEqual(['Rosa Quiroga']);
    });

    it('takes LIKE wildcards literally', async () => {
      expect(labels(await hits('%%', admin), 'vehicle')).toEqual([]);
      expect(labels(await hits('q_', admin), 'vehicle')).toEqual([]);
    });
  });
}
