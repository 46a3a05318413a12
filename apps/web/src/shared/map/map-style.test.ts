import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { FALLBACK_COLORS, rumboMapStyle, withFallback } from './map-style';

describe('map styles', () => {
  it("Rumbo's style draws the served outlines under OpenStreetMap, per theme", () => {
    const light = rumboMapStyle(false, 'https://rumbo.test');
    expect(light.layers.map((l) => l.id)).toEqual([
      'rumbo-background',
      'rumbo-land',
      'rumbo-borders',
      'osm',
    ]);
    expect(light.sources['rumbo-countries']).toMatchObject({
      type: 'geojson',
      data: 'https://rumbo.test/api/map/countries.geojson',
    });
    expect(light.glyphs).toBe('https://rumbo.test/api/map/fonts/{fontstack}/{range}.pbf');
    const dark = rumboMapStyle(true, 'https://rumbo.test');
    expect(dark.layers[0]).toMatchObject({
      paint: { 'background-color': FALLBACK_COLORS.dark.background },
    });
  });

  it('puts the outlines under a configured style, keeping its background, once', () => {
    const external: StyleSpecification = {
      version: 8,
      glyphs: 'https://tiles.example/fonts/{fontstack}/{range}.pbf',
      sources: { v: { type: 'vector', url: 'https://tiles.example/v.json' } },
      layers: [
        { id: 'bg', type: 'background', paint: { 'background-color': '#fff' } },
        { id: 'roads', type: 'line', source: 'v', 'source-layer': 'roads' },
      ],
    };
    const merged = withFallback(external, false, 'https://rumbo.test');
    expect(merged.layers.map((l) => l.id)).toEqual(['bg', 'rumbo-borders', 'roads']);
    expect(merged.glyphs).toBe(external.glyphs);
    expect(Object.keys(merged.sources)).toEqual(['v', 'rumbo-countries']);
    expect(withFallback(merged, false, 'https://rumbo.test')).toBe(merged);
    const bare = withFallback({ ...external, layers: [] }, true, 'https://rumbo.test');
    expect(bare.layers.map((l) => l.id)).toEqual(['rumbo-background', 'rumbo-borders']);
    const { glyphs: _none, ...withoutGlyphs } = external;
    expect(withFallback(withoutGlyphs, false, 'https://rumbo.test').glyphs).toBe(
      'https://rumbo.test/api/map/fonts/{fontstack}/{range}.pbf',
    );
  });
});
