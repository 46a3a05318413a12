import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/errors.js';
import { mapAssetsRoutes } from './map-assets.routes.js';

interface Glyph {
  id: number;
  bitmap?: Uint8Array;
  width: number;
  height: number;
  left: number;
  top: number;
  advance: number;
}
interface Fontstack {
  name: string;
  range: string;
  glyphs: Glyph[];
}

/** Decodes a glyph range the way MapLibre reads it (style/parse_glyph_pbf). */
function decodeGlyphs(bytes: Uint8Array): Fontstack[] {
  return new PbfReader(bytes).readFields<Fontstack[]>((tag, stacks, pbf) => {
    if (tag !== 1) return;
    stacks.push(
      pbf.readMessage<Fontstack>(
        (t, stack, p) => {
          if (t === 1) stack.name = p.readString();
          else if (t === 2) stack.range = p.readString();
          else if (t === 3) {
            stack.glyphs.push(
              p.readMessage<Glyph>(
                (g, glyph, q) => {
                  if (g === 1) glyph.id = q.readVarint();
                  else if (g === 2) glyph.bitmap = q.readBytes();
                  else if (g === 3) glyph.width = q.readVarint();
                  else if (g === 4) glyph.height = q.readVarint();
                  else if (g === 5) glyph.left = q.readSVarint();
                  else if (g === 6) glyph.top = q.readSVarint();
                  else if (g === 7) glyph.advance = q.readVarint();
                },
                { id: 0, width: 0, height: 0, left: 0, top: 0, advance: 0 },
              ),
            );
          }
        },
        { name: '', range: '', glyphs: [] },
      ),
    );
  }, []);
}

describe('map assets', () => {
  const app = Fastify();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
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

  it('serves label glyphs: SDF bitmaps with 24 px metrics for Latin letters, digits and Ñ', async () => {
    const res = await app.inject({ url: '/api/map/fonts/Noto%20Sans%20Regular/0-255.pbf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const [stack, ...others] = decodeGlyphs(res.rawPayload);
    expect(others).toHaveLength(0);
    expect(stack).toMatchObject({ name: 'Noto Sans Regular', range: '0-255' });
    const byChar = new Map(stack!.glyphs.map((g) => [String.fromCodePoint(g.id), g]));
    expect(byChar.has('\n')).toBe(false);
    for (const char of ['A', '0', 'Ñ', 'ñ', 'g']) {
      const glyph = byChar.get(char)!;
      expect(glyph, char).toBeDefined();
      // The bitmap carries a 3 px border on every side.
      expect(glyph.bitmap).toHaveLength((glyph.width + 6) * (glyph.height + 6));
      expect(glyph.width).toBeGreaterThan(5);
      expect(glyph.width).toBeLessThan(24);
      expect(glyph.advance).toBeGreaterThan(glyph.width - 3); // ink may overhang a little
      expect(glyph.advance).toBeLessThan(24);
      // Tops count down from the font's ascent (~26 px at 24 px): a capital's top is near it.
      expect(glyph.top).toBeLessThan(0);
      expect(glyph.top).toBeGreaterThan(-14);
      // An SDF: inside the glyph near 255, far outside 0, a smooth edge in between.
      const values = new Set(glyph.bitmap);
      expect(Math.max(...values)).toBeGreaterThan(200);
      expect(Math.min(...values)).toBeLessThan(20);
      expect(values.size).toBeGreaterThan(30);
    }
    const [a, zero, enye] = ['A', '0', 'Ñ'].map((c) => byChar.get(c)!);
    expect(enye!.height).toBeGreaterThan(a!.height); // the tilde sits above the capital
    expect(enye!.top).toBeGreaterThan(a!.top);
    expect(zero!.height).toBeGreaterThanOrEqual(a!.height - 1);
    const space = byChar.get(' ')!;
    expect(space).toMatchObject({ width: 0, height: 0 });
    expect(space.advance).toBeGreaterThan(3);
    expect(space.bitmap).toBeUndefined();

    const again = await app.inject({
      url: '/api/map/fonts/Noto%20Sans%20Regular/0-255.pbf',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const zipped = await app.inject({
      url: '/api/map/fonts/Noto%20Sans%20Regular/0-255.pbf',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).equals(res.rawPayload)).toBe(true);
  });

  it('picks the first known font of a stack, else the regular one; Bold is wider', async () => {
    const glyphOf = async (fontstack: string, id: number) => {
      const res = await app.inject({
        url: `/api/map/fonts/${encodeURIComponent(fontstack)}/0-255.pbf`,
      });
      expect(res.statusCode).toBe(200);
      const [stack] = decodeGlyphs(res.rawPayload);
      return { name: stack!.name, glyph: stack!.glyphs.find((g) => g.id === id)! };
    };
    const bold = await glyphOf('Open Sans Bold,Noto Sans Bold,Noto Sans Regular', 77);
    expect(bold.name).toBe('Noto Sans Bold');
    const unknown = await glyphOf('Comic Sans MS', 77);
    expect(unknown.name).toBe('Noto Sans Regular');
    expect(bold.glyph.advance).toBeGreaterThan(unknown.glyph.advance);
    const latinExt = await app.inject({ url: '/api/map/fonts/Noto%20Sans%20Bold/256-511.pbf' });
    const [ext] = decodeGlyphs(latinExt.rawPayload);
    expect(ext!.glyphs.map((g) => g.id)).toContain(0x141); // Ł
  });

  it('answers a range no font covers with a valid empty font stack, a malformed one with 400', async () => {
    const empty = await app.inject({ url: '/api/map/fonts/Noto%20Sans%20Regular/57344-57599.pbf' });
    expect(empty.statusCode).toBe(200);
    expect(decodeGlyphs(empty.rawPayload)).toEqual([
      { name: 'Noto Sans Regular', range: '57344-57599', glyphs: [] },
    ]);
    for (const file of ['0-256.pbf', '1-256.pbf', 'abc.pbf', '0-255.png', '1114112-1114367.pbf']) {
      const res = await app.inject({
        url: `/api/map/fonts/Noto%20Sans%20Regular/${file}`,
        headers: { 'accept-language': 'es' },
      });
      expect(res.statusCode, file).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', details: [{ path: 'params.file' }] });
    }
  });
});
