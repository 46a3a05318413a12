import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapAssetsRoutes } from './map-assets.routes.js';

describe('map assets', () => {
  const app = Fastify();
  beforeAll(async () => {
    await app.register(mapAssetsRoutes(), { prefix: '/api/map' });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves the country outlines as GeoJSON, gzipped, cacheable, with an entity tag', async () => {
    const res = await app.inject({
      url: '/api/map/countries.geojson',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/geo+json');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.length).toBeLessThan(100 * 1024);
    const geo = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as {
      type: string;
      features: { properties: { name: string }; geometry: { type: string } }[];
    };
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features.length).toBeGreaterThan(150);
    const argentina = geo.features.find((f) => f.properties.name === 'Argentina');
    expect(argentina?.geometry.type).toMatch(/Polygon/);

    const again = await app.inject({
      url: '/api/map/countries.geojson',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const plain = await app.inject({ url: '/api/map/countries.geojson' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(plain.body) as { features: unknown[] }).features).toHaveLength(
      geo.features.length,
    );
  });
});
