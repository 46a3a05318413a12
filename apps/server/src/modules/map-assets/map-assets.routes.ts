import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

const require = createRequire(import.meta.url);

/** A static asset built once: its body, gzipped body and entity tag. */
export interface BuiltAsset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
  type: string;
}

function built(body: Buffer, type: string): BuiltAsset {
  return {
    body,
    gzipped: gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    type,
  };
}

/**
 * Country outlines for the map's fallback layers: Natural Earth 1:110m countries (package
 * world-atlas, TopoJSON) as GeoJSON, coordinates rounded to 3 decimals (~100 m), name only.
 */
export async function buildCountries(): Promise<BuiltAsset> {
  const path = require.resolve('world-atlas/countries-110m.json');
  const topo = JSON.parse(await readFile(path, 'utf8')) as Topology<{
    countries: GeometryCollection<{ name: string }>;
  }>;
  const collection = feature(topo, topo.objects.countries);
  const json = JSON.stringify(
    {
      type: 'FeatureCollection',
      features: collection.features.map((f) => ({
        type: 'Feature',
        properties: { name: f.properties.name },
        geometry: f.geometry,
      })),
    },
    (_key, value: unknown) => (typeof value === 'number' ? Math.round(value * 1000) / 1000 : value),
  );
  return built(Buffer.from(json), 'application/geo+json');
}

/**
 * `/api/map/*`: the static assets the maps need from Rumbo itself (no sign-in: they hold no
 * tenant data). Built once on first request, served with a long cache and an entity tag.
 */
export function mapAssetsRoutes(): FastifyPluginAsync {
  return async (app) => {
    let countries: Promise<BuiltAsset> | undefined;
    app.get(
      '/countries.geojson',
      {
        config: { auth: 'none' },
        schema: { tags: ['map'], summary: 'Country outlines (GeoJSON) for the map fallback' },
      },
      async (request, reply) => {
        countries ??= buildCountries();
        const asset = await countries;
        void reply
          .type(asset.type)
          .header('cache-control', 'public, max-age=86400')
          .header('etag', asset.etag)
          .header('vary', 'accept-encoding');
        if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
        if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
          return reply.header('content-encoding', 'gzip').send(asset.gzipped);
        }
        return reply.send(asset.body);
      },
    );
  };
}
