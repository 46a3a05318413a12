import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeCodec8eFrame, encodeLogin } from '@rumbo/telematics';
import type { Geofence, InterestPoint, InterestPointType, Notification } from '@rumbo/contracts';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { getSettings, putSettings } from '../src/modules/alerts/alerts.service.js';
import { PlacesCache } from '../src/modules/geofences/places-cache.js';
import { ensureUser } from '../src/modules/seed/seed.service.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { DeviceSocket, truckRecord } from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

type Headers = Record<string, string>;

/** A square of `sizeDeg` degrees with its south-west corner at (lng, lat). */
function square(lng: number, lat: number, sizeDeg = 0.01): [number, number][] {
  return [
    [lng, lat],
    [lng + sizeDeg, lat],
    [lng + sizeDeg, lat + sizeDeg],
    [lng, lat + sizeDeg],
    [lng, lat],
  ];
}

function feature(geometry: object, properties: Record<string, unknown>) {
  return { type: 'Feature', geometry, properties };
}

for (const backend of testBackends()) {
  describe(`geofences and points of interest (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let port: number;
    let operator: Headers & { iss?: string };
    let viewer: Headers;
    let outsider: Headers;
    let vehicleId: number;
    let otherVehicleId: number;
    const imei = '359000000012001';

    const call = (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      url: string,
      headers: Headers,
      payload?: unknown,
      lang = 'es',
    ) =>
      ctx.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...headers, 'accept-language': lang },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const count = async (table: 'geofences' | 'interest_points') =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(
            ctx.database.db,
          )
        ).rows[0]!.n,
      );
    const toHeaders = (s: { token: string; digest: string }) => ({
      token: s.token,
      digest: s.digest,
    });

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5, recomputeDebounceMs: 50 } });
      const db = ctx.database.db;
      ({ vehicleId } = await addDeviceWithVehicle(db, {
        imei,
        plate: 'GF001AA',
        protocol: 'teltonika',
        tenant: 'Transportes Demo',
      }));
      await ensureUser(db, {
        tenant: 'Transportes Norte',
        username: 'norteadmin',
        email: 'a@norte.test',
        role: 'admin',
        password: 'norte1234',
      });
      ({ vehicleId: otherVehicleId } = await addDeviceWithVehicle(db, {
        imei: '359000000012002',
        plate: 'NO001AA',
        protocol: 'teltonika',
        tenant: 'Transportes Norte',
      }));
      await ensureUser(db, {
        tenant: 'Transportes Demo',
        username: 'demoviewer',
        email: 'v@demo.test',
        role: 'viewer',
        password: 'demo1234',
      });
      await loadLiveFleet(db, ctx.app.services.live, Date.now());
      await ctx.app.services.alerts.cache.reloadAll();
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
      ingest = await startIngest(ctx.app.services.ingest, {
        teltonikaPort: 0,
        osmandPort: 0,
        mqttUrl: undefined,
        host: '127.0.0.1',
      });
      operator = toHeaders(await signInHeaders(ctx.app, 'demouser', 'demo1234'));
      viewer = toHeaders(await signInHeaders(ctx.app, 'demoviewer', 'demo1234'));
      outsider = toHeaders(await signInHeaders(ctx.app, 'norteadmin', 'norte1234'));
    }, 180_000);
    afterAll(async () => {
      await ingest?.close();
      await ctx?.close();
    });

    let zone: Geofence;

    it('saves, lists, updates and deletes a geofence with the spec field names', async () => {
      const saved = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'Polygon', coordinates: [square(-3.7, 40.4)] },
          {
            name: 'Base Madrid',
            accessType: 'allowed',
            autoAsign: false,
            speedLimit: 30,
            attributes: { cliente: 'ACME', muelle: 3 },
            color: '#FF8800',
            vehicles: [vehicleId],
            groups: [],
          },
        ),
      );
      expect(saved.statusCode, saved.body).toBe(200);
      zone = saved.json<Geofence>();
      expect(zone).toMatchObject({
        name: 'Base Madrid',
        accessType: 'allowed',
        autoAsign: false,
        // Issue 22: a new zone does not notify entries until marked.
        notify: false,
        speedLimit: 30,
        attributes: { cliente: 'ACME', muelle: 3 },
        color: '#ff8800',
        vehicles: [vehicleId],
        groups: [],
        width: null,
        radius: null,
        geom: { type: 'Polygon', coordinates: [square(-3.7, 40.4)] },
      });
      expect(Date.parse(zone.recordedat)).not.toBeNaN();

      const list = await call('POST', '/v2/geofence/get_all', viewer, {});
      expect(list.statusCode).toBe(200);
      expect(list.json<Geofence[]>()).toEqual([zone]);
      const attributes = await call('POST', '/v2/geofence/get_all_attributes', viewer);
      expect(attributes.json()).toEqual(['cliente', 'muelle']);

      // An update turns it into a corridor.
      const line = [
        [-3.7, 40.4],
        [-3.6, 40.45],
      ];
      const updated = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'LineString', coordinates: line },
          { id: zone.id, name: 'Ruta A-2', accessType: 'forbidden', autoAsign: true, width: 200 },
        ),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({
        id: zone.id,
        name: 'Ruta A-2',
        accessType: 'forbidden',
        autoAsign: true,
        width: 200,
        radius: null,
        speedLimit: null,
        geom: { type: 'LineString', coordinates: line },
      });
      expect(await count('geofences')).toBe(1);

      const circle = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature({ type: 'Point', coordinates: [-3.5, 40.3] }, { name: 'Cliente', radius: 150 }),
      );
      expect(circle.json()).toMatchObject({ radius: 150, width: null, accessType: 'none' });
      const removed = await call('POST', '/v2/geofence/delete', operator, {
        id: circle.json<Geofence>().id,
      });
      expect(removed.json()).toEqual({ ok: true });
      expect(await count('geofences')).toBe(1);
    });

    it('refuses invalid geometries with a 400 in the caller’s language, writing nothing', async () => {
      const before = await count('geofences');
      const bowTie = [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ];
      const big: [number, number][] = [];
      for (let i = 0; i < 5_001; i++) {
        const a = (2 * Math.PI * i) / 5_001;
        big.push([Math.cos(a) / 10, Math.sin(a) / 10]);
      }
      big.push(big[0]!);
      const cases: [object, Record<string, unknown>, string, string][] = [
        [
          { type: 'Polygon', coordinates: [square(0, 0).slice(0, 4)] },
          {},
          'no está cerrado',
          'is not closed',
        ],
        [{ type: 'Polygon', coordinates: [bowTie] }, {}, 'se cruzan', 'cross each other'],
        [{ type: 'Polygon', coordinates: [big] }, {}, '5.000', '5,000'],
        [{ type: 'Point', coordinates: [0, 0] }, {}, 'radio', 'radius'],
        [{ type: 'Point', coordinates: [0, 0] }, { radius: 1 }, 'radio', 'radius'],
        [{ type: 'Point', coordinates: [0, 91] }, { radius: 50 }, 'latitud', 'latitude'],
        [
          {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          {},
          'ancho',
          'width',
        ],
        [
          { type: 'Polygon', coordinates: [square(0, 0)] },
          { vehicles: [otherVehicleId] },
          'vehículo',
          'vehicle',
        ],
      ];
      for (const [geometry, extra, es, en] of cases) {
        const body = feature(geometry, { name: 'Mala', ...extra });
        const inSpanish = await call('POST', '/v2/geofence/save', operator, body, 'es');
        expect(inSpanish.statusCode, JSON.stringify(geometry).slice(0, 80)).toBe(400);
        expect(inSpanish.body).toContain(es);
        const inEnglish = await call('POST', '/v2/geofence/save', operator, body, 'en');
        expect(inEnglish.statusCode).toBe(400);
        expect(inEnglish.body).toContain(en);
      }
      expect(await count('geofences')).toBe(before);
    });

    it('keeps a tenant’s zones and POIs from another tenant, and writes from viewers', async () => {
      expect((await call('POST', '/v2/geofence/get_all', outsider)).json()).toEqual([]);
      const body = feature(
        { type: 'Polygon', coordinates: [square(1, 1)] },
        { id: zone.id, name: 'Robada' },
      );
      expect((await call('POST', '/v2/geofence/save', outsider, body)).statusCode).toBe(404);
      expect(
        (await call('POST', '/v2/geofence/delete', outsider, { id: zone.id })).statusCode,
      ).toBe(404);
      expect((await call('POST', '/v2/geofence/save', viewer, body)).statusCode).toBe(403);
      const list = (await call('POST', '/v2/geofence/get_all', operator)).json<Geofence[]>();
      expect(list.map((z) => z.name)).toEqual(['Ruta A-2']);
    });

    it('creates, edits, lists and soft-deletes points of interest, and lists their types', async () => {
      const types = (await call('GET', '/rest/routing/interest_point_type', viewer)).json<
        InterestPointType[]
      >();
      const fuel = types.find((t) => t.code === 'fuel')!;
      expect(fuel).toMatchObject({ nombre: 'Estación de servicio', icono: 'fuel' });
      const inEnglish = await call(
        'GET',
        '/rest/routing/interest_point_type',
        viewer,
        undefined,
        'en',
      );
      expect(inEnglish.json<InterestPointType[]>().find((t) => t.code === 'fuel')!.nombre).toBe(
        'Fuel station',
      );
      const created = await call('POST', '/rest/routing/interest_point', operator, {
        idInterestPointType: fuel.idInterestPointType,
        nombre: 'Repsol km 25',
        descripcion: 'Gasóleo y AdBlue',
        radio: 80,
        geom: { type: 'Point', coordinates: [-3.55, 40.45] },
      });
      expect(created.statusCode, created.body).toBe(200);
      const poi = created.json<InterestPoint>();
      expect(poi).toMatchObject({
        idInterestPointType: fuel.idInterestPointType,
        nombre: 'Repsol km 25',
        idCliente: null,
        descripcion: 'Gasóleo y AdBlue',
        radio: 80,
        geom: { type: 'Point', coordinates: [-3.55, 40.45] },
        deleted: false,
      });
      expect(typeof poi.idUsuario).toBe('number');
      const edited = await call(
        'PATCH',
        `/rest/routing/interest_point/${poi.idInterestPoint}`,
        operator,
        { radio: 120, idCliente: 42 },
      );
      expect(edited.json()).toMatchObject({ radio: 120, idCliente: 42, nombre: 'Repsol km 25' });
      const list = await call('GET', '/rest/routing/interest_point', viewer);
      expect(list.json<InterestPoint[]>().map((p) => p.idInterestPoint)).toEqual([
        poi.idInterestPoint,
      ]);
      // Another tenant can neither see nor change it.
      expect((await call('GET', '/rest/routing/interest_point', outsider)).json()).toEqual([]);
      const url = `/rest/routing/interest_point/${poi.idInterestPoint}`;
      expect((await call('PATCH', url, outsider, { radio: 10 })).statusCode).toBe(404);
      expect((await call('DELETE', url, outsider)).statusCode).toBe(404);
      // Invalid ones write nothing.
      const before = await count('interest_points');
      const bad = await call('POST', '/rest/routing/interest_point', operator, {
        nombre: 'Lejos',
        geom: { type: 'Point', coordinates: [190, 0] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('longitud');
      expect(await count('interest_points')).toBe(before);

      expect((await call('DELETE', url, operator)).json()).toEqual({ ok: true });
      expect((await call('GET', '/rest/routing/interest_point', viewer)).json()).toEqual([]);
      const withDeleted = await call('GET', '/rest/routing/interest_point?deleted=true', viewer);
      expect(withDeleted.json()).toMatchObject([
        { idInterestPoint: poi.idInterestPoint, deleted: true },
      ]);
      expect((await call('DELETE', url, operator)).statusCode).toBe(404);
    });

    it('lists the zones and POIs a trip went through, from its zone events', async () => {
      const db = ctx.database.db;
      const { tenant_id: tenantId } = await db
        .selectFrom('vehicles')
        .select('tenant_id')
        .where('id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      const depot = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature({ type: 'Point', coordinates: [-3.9, 40.2] }, { name: 'Depósito', radius: 300 }),
      );
      const poi = await call('POST', '/rest/routing/interest_point', operator, {
        nombre: 'Gasolinera',
        geom: { type: 'Point', coordinates: [-3.8, 40.3] },
      });
      const depotId = depot.json<Geofence>().id;
      const poiId = poi.json<InterestPoint>().idInterestPoint;
      const start = Date.UTC(2025, 4, 5, 8);
      const end = start + 3_600_000;
      await db
        .insertInto('trips')
        .values({
          tenant_id: tenantId,
          vehicle_id: vehicleId,
          start_time: new Date(start),
          end_time: new Date(end),
          start_lat: 40.2,
          start_lng: -3.9,
          end_lat: 40.4,
          end_lng: -3.7,
          start_odometer_km: null,
          end_odometer_km: null,
          distance_km: 50,
          driving_s: 3_000,
          idle_s: 600,
          fuel_l: null,
          max_speed_kmh: 90,
          avg_speed_kmh: 60,
          driver_code: null,
          coverage: 1,
        })
        .execute();
      const event = (code: string, offsetS: number, data: Record<string, number>) => ({
        tenant_id: tenantId,
        vehicle_id: vehicleId,
        code,
        start_time: new Date(start + offsetS * 1000 + 7),
        data: JSON.stringify(data),
      });
      await db
        .insertInto('events')
        .values([
          event('SDZ', 60, { idzona: depotId }),
          event('AIP', 900, { idinterestpoint: poiId }),
          event('CIP', 900, { idinterestpoint: poiId }),
          event('AZA', 3_500, { idzona: zone.id }),
          event('AZA', 4_000, { idzona: 999_999 }), // a deleted zone, after the trip
        ])
        .execute();
      const trips = await call(
        'GET',
        `/vehicles/history/${vehicleId}/trips?from=${start - 60_000}&to=${end + 60_000}`,
        viewer,
      );
      expect(trips.statusCode, trips.body).toBe(200);
      expect(trips.json()).toMatchObject([
        {
          zones: [
            { id: depotId, name: 'Depósito' },
            { id: zone.id, name: 'Ruta A-2' },
          ],
          pois: [{ id: poiId, name: 'Gasolinera' }],
        },
      ]);
    });

    it('the pipeline’s index follows saves, deletes, group moves and assignment', async () => {
      const db = ctx.database.db;
      const cache = new PlacesCache(db);
      await cache.reloadAll();
      const { tenant_id: tenantId } = await db
        .selectFrom('vehicles')
        .select('tenant_id')
        .where('id', '=', vehicleId)
        .executeTakeFirstOrThrow();
      const device = {
        id: 1,
        uniqueId: imei,
        tenantId,
        vehicleId,
        protocol: 'teltonika' as const,
        model: null,
        speedLimitKmh: null,
      };
      const zonesAt = (lat: number, lng: number) =>
        (cache.placesFor(device)?.at(lat, lng).zones ?? []).map((z) => z.id);
      const saved = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'Polygon', coordinates: [square(10, 10, 0.02)] },
          { name: 'Indexada', vehicles: [vehicleId] },
        ),
      );
      const id = saved.json<Geofence>().id;
      expect(zonesAt(10.01, 10.01)).toEqual([]);
      await cache.reloadTenant(tenantId);
      expect(zonesAt(10.01, 10.01)).toEqual([id]);
      // Moved: the index answers the new shape.
      await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'Polygon', coordinates: [square(20, 20, 0.02)] },
          { id, name: 'Indexada', vehicles: [vehicleId] },
        ),
      );
      await cache.reloadTenant(tenantId);
      expect(zonesAt(10.01, 10.01)).toEqual([]);
      expect(zonesAt(20.01, 20.01)).toEqual([id]);
      // Given to a group the vehicle is not in: not its zone any more.
      const group = await db
        .insertInto('vehicle_groups')
        .values({ tenant_id: tenantId, name: 'Zona test' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'Polygon', coordinates: [square(20, 20, 0.02)] },
          { id, name: 'Indexada', groups: [group.id] },
        ),
      );
      await cache.reloadTenant(tenantId);
      expect(zonesAt(20.01, 20.01)).toEqual([]);
      // The vehicle joins the group.
      await db
        .updateTable('vehicles')
        .set({ group_id: group.id })
        .where('id', '=', vehicleId)
        .execute();
      await cache.reloadAll();
      expect(zonesAt(20.01, 20.01)).toEqual([id]);
      await db
        .updateTable('vehicles')
        .set({ group_id: null })
        .where('id', '=', vehicleId)
        .execute();
      await call('POST', '/v2/geofence/delete', operator, { id });
      await cache.reloadTenant(tenantId);
      expect(zonesAt(20.01, 20.01)).toEqual([]);
      expect(cache.lastBuildMs).toBeLessThan(1_000);
    });

    it('a device frame inside a new zone raises AZA on /api/ws within 1 s of the zone’s creation', async () => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
      const added: { at: number; payload: Notification }[] = [];
      let ok = false;
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as {
          status?: string;
          mutation?: string;
          payload?: Notification;
        };
        if (message.status === 'Ok') ok = true;
        if (message.mutation === 'notifications/add')
          added.push({ at: performance.now(), payload: message.payload! });
      });
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify(operator));
      await expect.poll(() => ok).toBe(true);

      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      const t0 = Date.now() - 10 * 60_000;
      device.write(encodeCodec8eFrame([truckRecord(t0, { lat: -34.7, lng: -58.5, speedKmh: 40 })]));
      await expect.poll(() => device.acks()).toEqual([1]);

      const createdAt = performance.now();
      const saved = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'Point', coordinates: [-58.4, -34.6] },
          { name: 'Cliente Palermo', radius: 400, autoAsign: true, notify: true },
        ),
      );
      expect(saved.statusCode).toBe(200);
      const zoneId = saved.json<Geofence>().id;
      // The device keeps reporting from inside the zone, as a truck does.
      let k = 1;
      const timer = setInterval(() => {
        device.write(
          encodeCodec8eFrame([
            truckRecord(t0 + k * 5_000, { lat: -34.6, lng: -58.4 + k * 1e-5, speedKmh: 20 }),
          ]),
        );
        k += 1;
      }, 100);
      try {
        await expect
          .poll(() => added.find((a) => a.payload.code === 'AZA'), { timeout: 2_000 })
          .toBeDefined();
      } finally {
        clearInterval(timer);
      }
      const aza = added.find((a) => a.payload.code === 'AZA')!;
      expect(aza.at - createdAt).toBeLessThan(1_000);
      expect(aza.payload).toMatchObject({ plate: 'GF001AA', data: { idzona: zoneId } });
      // The message names the zone (the bell's panel shows it as the place).
      expect(aza.payload.payload).toMatchObject({ place: 'Cliente Palermo' });
      const stored = await ctx.database.db
        .selectFrom('events')
        .select(['code', 'data'])
        .where('vehicle_id', '=', vehicleId)
        .where('code', '=', 'AZA')
        .execute();
      expect(stored.filter((e) => e.data?.idzona === zoneId)).toEqual([
        { code: 'AZA', data: { idzona: zoneId } },
      ]);
      device.end();
      socket.close();
    });

    it('a speed level turned on for a zone is raised inside it only (V40 in a town)', async () => {
      const db = ctx.database.db;
      const saved = await call(
        'POST',
        '/v2/geofence/save',
        operator,
        feature(
          { type: 'Polygon', coordinates: [square(-58.3, -34.6)] },
          { name: 'Pueblo 40', autoAsign: true },
        ),
      );
      expect(saved.statusCode).toBe(200);
      const zoneId = saved.json<Geofence>().id;
      const tenantId = (
        await db
          .selectFrom('tenants')
          .select('id')
          .where('name', '=', 'Transportes Demo')
          .executeTakeFirstOrThrow()
      ).id;
      const demouser = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'demouser')
        .executeTakeFirstOrThrow();
      const settings = await getSettings(db, tenantId);
      await putSettings(db, tenantId, demouser.id, {
        ...settings,
        zones: [{ zoneId, speedLevels: [40] }],
      });
      await ctx.app.services.alerts.cache.reloadTenant(tenantId);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the zone index's reload
      const device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      // 60 km/h eastwards (167 m per 10 s): through the town (−58.305…−58.295), then beyond it.
      const t0 = Date.now() - 3 * 60_000;
      const records = Array.from({ length: 14 }, (_, k) =>
        truckRecord(t0 + k * 10_000, { lat: -34.6, lng: -58.309 + k * 0.0018, speedKmh: 60 }),
      );
      device.write(encodeCodec8eFrame(records));
      await expect.poll(() => device.acks()).toEqual([14]);
      const levels = async () =>
        (
          await db
            .selectFrom('events')
            .select(['code'])
            .where('vehicle_id', '=', vehicleId)
            .where('code', 'in', ['V40', 'V95'])
            .where('start_time', '>=', new Date(t0))
            .execute()
        ).map((e) => e.code);
      await expect.poll(levels).toEqual(['V40']);
      device.end();
    });
  });
}
