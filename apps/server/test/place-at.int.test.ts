import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlaceAtReply } from '@rumbo/contracts';
import { cacheAnswer } from '../src/places/places.repository.js';
import { type Headers, addDispatcher, signIn } from './api.js';
import { testApp, testBackends, addOutsiderAdmin } from './harness.js';

// The vehicle popup's last position named on demand (issue 23 item 2, docs/decisions/0031-places.md):
// `GET /api/v2/places/at` through the real server. A position inside the caller's geofence is
// named by it; open country by the nearest GeoNames locality with distance and direction, in the
// caller's language; another tenant's geofence never; a street address the engine gave before
// (the database cache) when there is one; bad input 400 in the caller's language; a role
// without the live map 403.

const DEPOT: [number, number] = [-63.2, -32.4]; // [lng, lat] south-west corner, 0.01° square
const NORTE: [number, number] = [-61.005, -33.005]; // the other tenant's depot
const FIELD = { lat: -32.25, lng: -63.45 }; // open country, 9.9 km north-west of Tío Pujio

function square([lng, lat]: [number, number], name: string) {
  return {
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [lng, lat],
          [lng + 0.01, lat],
          [lng + 0.01, lat + 0.01],
          [lng, lat + 0.01],
          [lng, lat],
        ],
      ],
    },
    properties: { name, accessType: 'none', autoAsign: true, vehicles: [], groups: [] },
  };
}

for (const backend of testBackends()) {
  describe(`the place at a position, on demand (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let demo: Headers;
    let norte: Headers;
    let dispatcher: Headers;

    const at = (headers: Headers, lang: 'es' | 'en', query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v2/places/at?${query}`,
        headers: { ...headers, 'accept-language': lang },
      });
    const place = async (headers: Headers, lang: 'es' | 'en', lat: number, lng: number) => {
      const res = await at(headers, lang, `lat=${lat}&lng=${lng}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<PlaceAtReply>().place;
    };

    beforeAll(async () => {
      ctx = await testApp(backend);
      const db = ctx.database.db;
      await addOutsiderAdmin(db);
      const { id: demoTenant } = await db
        .selectFrom('tenants')
        .select('id')
        .where('name', '=', 'Transportes Demo')
        .executeTakeFirstOrThrow();
      // A role with the drivers screen only: no live map.
      await addDispatcher(db, demoTenant);
      demo = await signIn(ctx.app, 'demouser', 'demo1234');
      norte = await signIn(ctx.app, 'norteadmin', 'norte1234');
      dispatcher = await signIn(ctx.app, 'despacho', 'demo1234');
      for (const [headers, body] of [
        [demo, square(DEPOT, 'Depósito Villa María')],
        [norte, square(NORTE, 'Base Norte Roldán')],
      ] as const) {
        const saved = await ctx.app.inject({
          method: 'POST',
          url: '/api/v2/geofence/save',
          headers,
          payload: body,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      // The saves reach the in-memory index through the bus.
      await vi.waitFor(
        async () => {
          expect(await place(demo, 'es', DEPOT[1] + 0.005, DEPOT[0] + 0.005)).toBe(
            'Depósito Villa María',
          );
          expect(await place(norte, 'es', NORTE[1] + 0.005, NORTE[0] + 0.005)).toBe(
            'Base Norte Roldán',
          );
        },
        { timeout: 10_000, interval: 100 },
      );
    }, 60_000);
    afterAll(() => ctx.close());

    it("names a position inside the caller's geofence by it, in both languages", async () => {
      const lat = DEPOT[1] + 0.002;
      const lng = DEPOT[0] + 0.008;
      expect(await place(demo, 'es', lat, lng)).toBe('Depósito Villa María');
      expect(await place(demo, 'en', lat, lng)).toBe('Depósito Villa María');
    });

    it('names open country by the nearest locality, with distance and direction per language', async () => {
      expect(await place(demo, 'es', FIELD.lat, FIELD.lng)).toBe('9,9 km NO de Tío Pujio, Cordoba');
      expect(await place(demo, 'en', FIELD.lat, FIELD.lng)).toBe('9.9 km NW of Tío Pujio, Cordoba');
    });

    it("never names another tenant's geofence", async () => {
      const lat = NORTE[1] + 0.005;
      const lng = NORTE[0] + 0.005;
      const seen = await place(demo, 'es', lat, lng);
      expect(seen).not.toContain('Norte');
      expect(seen).toMatch(/^\d+(,\d)? km [NSEO]{1,2} de Roldán, Santa Fe$/);
      expect(await place(norte, 'en', lat, lng)).toBe('Base Norte Roldán');
    });

    it('gives the street address the engine gave before (the cache), never asking it', async () => {
      const lat = -32.3;
      const lng = -63.6;
      const latE4 = Math.round(lat * 1e4);
      const lngE4 = Math.round(lng * 1e4);
      expect(await place(demo, 'es', lat, lng)).toBe('19 km NE de Hernando, Cordoba');
      await cacheAnswer(ctx.database.db, latE4, lngE4, 'es', {
        name: 'Ruta Provincial 6 km 120',
        locality: 'Hernando',
        admin: 'Córdoba',
        country: 'AR',
      });
      // Within the rounding (~11 m) the same cached answer.
      expect(await place(demo, 'es', lat + 0.00003, lng - 0.00003)).toBe(
        'Ruta Provincial 6 km 120, Hernando, Córdoba',
      );
      // No answer cached in English: the locality stands.
      expect(await place(demo, 'en', lat, lng)).toBe('19 km NE of Hernando, Cordoba');
    });

    it('answers null far from every locality (open sea)', async () => {
      expect(await place(demo, 'en', -50, -20)).toBeNull();
    });

    it("refuses a position out of range or missing, in the caller's language", async () => {
      const es = await at(demo, 'es', 'lat=91&lng=-63');
      expect(es.statusCode).toBe(400);
      expect(es.body).toContain('la latitud debe estar entre -90 y 90');
      const en = await at(demo, 'en', 'lat=-32&lng=181');
      expect(en.statusCode).toBe(400);
      expect(en.body).toContain('the longitude must be between -180 and 180');
      for (const query of [
        'lat=abc&lng=-63',
        'lat=&lng=-63',
        'lng=-63',
        'lat=-32&lng=-63&extra=1',
      ]) {
        expect((await at(demo, 'en', query)).statusCode, query).toBe(400);
      }
    });

    it('is refused to a role without the live map, and to nobody signed in', async () => {
      expect((await at(dispatcher, 'es', 'lat=-32.25&lng=-63.45')).statusCode).toBe(403);
      expect((await at({}, 'es', 'lat=-32.25&lng=-63.45')).statusCode).toBe(401);
    });
  });
}
