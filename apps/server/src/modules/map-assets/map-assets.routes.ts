import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { z } from 'zod';
import { text } from '@rumbo/contracts';
import { parseGlyphRange } from './glyph-range.js';
import { PUBLIC, routeSpec } from '../../kernel/route-spec.js';

const route = routeSpec('map');

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

/** Sends a built asset with a day's cache and its entity tag, gzipped when the caller takes it. */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: BuiltAsset) {
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
}

const glyphParams = z.object({
  fontstack: text().min(1).max(200),
  file: z
    .string()
    .refine((file) => file.endsWith('.pbf') && parseGlyphRange(file.slice(0, -4)) !== undefined, {
      message: 'a range is 256 code points from a multiple of 256, e.g. 0-255.pbf',
    }),
});

/**
 * `/api/map/*`: the static assets the maps need from Rumbo itself (no sign-in: they hold no
 * tenant data). Built once on first request, served with a long cache and an entity tag.
 */
export function mapAssetsRoutes(): FastifyPluginAsyncZod {
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
        return sendAsset(request, reply, await countries);
      },
    );

    // Glyph ranges are rendered on first request (a few tens of ms each) and kept in memory.
    // The renderer (native canvas) loads on first use: a missing binary fails this route only.
    const glyphs = new Map<string, BuiltAsset>();
    app.get(
      '/fonts/:fontstack/:file',
      route(
        PUBLIC,
        'Glyphs (SDF protobuf) of one 256-code-point range for the map labels',
        undefined,
        {
          description:
            'Font stacks "Noto Sans Regular" and "Noto Sans Bold"; a comma-separated stack uses ' +
            'its first known font, an unknown one the regular font. Ranges no font covers are ' +
            'answered as an empty font stack.',
          params: glyphParams,
        },
      ),
      async (request, reply) => {
        const { renderGlyphRange, resolveFontstack } = await import('./glyphs.js');
        const font = resolveFontstack(request.params.fontstack);
        const start = parseGlyphRange(request.params.file.slice(0, -4))!;
        const key = `${font}/${start}`;
        let asset = glyphs.get(key);
        if (!asset) {
          asset = built(renderGlyphRange(font, start), 'application/x-protobuf');
          glyphs.set(key, asset);
        }
        return sendAsset(request, reply, asset);
      },
    );
  };
}
