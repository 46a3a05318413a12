import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geofence, InterestPoint, InterestPointType } from '@rumbo/contracts';
import { tenantIdOf } from './api.js';
import { testBackends } from './harness.js';
import {
  feature,
  square,
  startGeofencesApp,
  type GeofencesApp,
  type Headers,
} from './geofences-fixture.js';

// Geofences and points of interest through the API; the pipeline's zone index and the alerts it
// raises are in geofences-live.int.test.ts.
for (const backend of testBackends()) {
  describe(`geofences and points of interest (${backend})`, () => {
    let app: GeofencesApp;
    let ctx: GeofencesApp['ctx'];
    let operator: GeofencesApp['operator'];
    let viewer: Headers;
    let outsider: Headers;
    let vehicleId: number;
    let otherVehicleId: number;

    beforeAll(async () => {
      app = await startGeofencesApp(backend);
      ({ ctx, operator, viewer, outsider, vehicleId, otherVehicleId } = app);
    }, 180_000);
    afterAll(() => app?.close());

    const call: GeofencesApp['call'] = (...args) => app.call(...args);
    const count: GeofencesApp['count'] = (table) => app.count(table);

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
      const tenantId = await tenantIdOf(db, vehicleId);
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
  });
}
