import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import TinySDF from '@mapbox/tiny-sdf';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PbfWriter } from 'pbf';

const require = createRequire(import.meta.url);

/** The font stacks Rumbo serves; any other name gets the first (regular) one. */
export const GLYPH_FONTS = [
  { name: 'Noto Sans Regular', weight: 400 },
  { name: 'Noto Sans Bold', weight: 700 },
] as const;
export type GlyphFontName = (typeof GLYPH_FONTS)[number]['name'];

/** What MapLibre's glyph atlas expects: 24 px SDF, 3 px border, 8 px radius, 0.25 cutoff. */
const FONT_SIZE = 24;
const BUFFER = 3;
const RADIUS = 8;
const CUTOFF = 0.25;

/** Scripts of @fontsource/noto-sans drawn, in order of preference when two subsets cover a code point. */
const SUBSETS = [
  'latin',
  'latin-ext',
  'vietnamese',
  'greek',
  'greek-ext',
  'cyrillic',
  'cyrillic-ext',
] as const;

/** The first of a comma-separated font stack that Rumbo knows, else the regular font. */
export function resolveFontstack(fontstack: string): GlyphFontName {
  for (const part of fontstack.split(',')) {
    const known = GLYPH_FONTS.find((f) => f.name.toLowerCase() === part.trim().toLowerCase());
    if (known) return known.name;
  }
  return GLYPH_FONTS[0].name;
}

/** Unicode ranges ("U+0000-00FF,U+0131") as [from, to] pairs. */
function parseUnicodeRange(text: string): [number, number][] {
  return text.split(',').map((part) => {
    const [from = '', to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

interface Subset {
  family: string;
  ranges: [number, number][];
}

/** Subclass that draws on a @napi-rs/canvas (tiny-sdf expects a DOM or OffscreenCanvas). */
class NodeTinySDF extends TinySDF {
  _createCanvas(size: number) {
    return createCanvas(size, size);
  }
}

interface FontRenderer {
  subsets: { subset: Subset; sdf: NodeTinySDF }[];
  /** The font's ascent at 24 px: glyph tops are measured from it, as fontnik does. */
  ascent: number;
}

let registered: Map<number, Subset[]> | undefined;

/** Registers the Noto Sans files (woff2) with unique family names, once per process. */
function registerFonts(): Map<number, Subset[]> {
  if (registered) return registered;
  const latin = require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2');
  const packageDir = join(dirname(latin), '..');
  const unicode = JSON.parse(readFileSync(join(packageDir, 'unicode.json'), 'utf8')) as Record<
    string,
    string
  >;
  registered = new Map();
  for (const { weight } of GLYPH_FONTS) {
    const subsets: Subset[] = [];
    for (const name of SUBSETS) {
      const family = `Rumbo Glyphs ${name} ${weight}`;
      const file = join(packageDir, 'files', `noto-sans-${name}-${weight}-normal.woff2`);
      if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`cannot load font ${file}`);
      subsets.push({ family, ranges: parseUnicodeRange(unicode[name] ?? '') });
    }
    registered.set(weight, subsets);
  }
  return registered;
}

const renderers = new Map<GlyphFontName, FontRenderer>();

function rendererFor(font: GlyphFontName): FontRenderer {
  const existing = renderers.get(font);
  if (existing) return existing;
  const { weight } = GLYPH_FONTS.find((f) => f.name === font)!;
  const subsets = registerFonts().get(weight)!;
  const options = { fontSize: FONT_SIZE, buffer: BUFFER, radius: RADIUS, cutoff: CUTOFF };
  const ctx = createCanvas(8, 8).getContext('2d');
  ctx.font = `normal ${weight} ${FONT_SIZE}px "${subsets[0]!.family}"`;
  const renderer: FontRenderer = {
    subsets: subsets.map((subset) => ({
      subset,
      sdf: new NodeTinySDF({
        ...options,
        fontFamily: `"${subset.family}"`,
        fontWeight: String(weight),
      }),
    })),
    ascent: Math.round(ctx.measureText('A').fontBoundingBoxAscent),
  };
  renderers.set(font, renderer);
  return renderer;
}

/** Control and non-character code points get no glyph. */
function drawable(codePoint: number): boolean {
  if (codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0)) return false;
  return !(codePoint >= 0xd800 && codePoint <= 0xdfff);
}

/**
 * One glyph range in MapLibre's glyph protobuf: `glyphs { fontstack { name, range, glyph* } }`,
 * each glyph an SDF bitmap (its size plus a 3 px border) with its metrics at 24 px. Code points no
 * served font covers are left out (an empty range is still a valid fontstack).
 */
export function renderGlyphRange(font: GlyphFontName, start: number): Buffer {
  const renderer = rendererFor(font);
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: unknown, fontstack: PbfWriter) => {
      fontstack.writeStringField(1, font);
      fontstack.writeStringField(2, `${start}-${start + 255}`);
      for (let id = start; id <= start + 255; id++) {
        if (!drawable(id)) continue;
        const covering = renderer.subsets.find(({ subset }) =>
          subset.ranges.some(([from, to]) => id >= from && id <= to),
        );
        if (!covering) continue;
        const glyph = covering.sdf.draw(String.fromCodePoint(id));
        fontstack.writeMessage(
          3,
          (__: unknown, out: PbfWriter) => {
            out.writeVarintField(1, id);
            if (glyph.glyphWidth > 0 && glyph.glyphHeight > 0) {
              out.writeBytesField(2, Uint8Array.from(glyph.data));
            }
            out.writeVarintField(3, glyph.glyphWidth);
            out.writeVarintField(4, glyph.glyphHeight);
            out.writeSVarintField(5, glyph.glyphLeft);
            out.writeSVarintField(6, glyph.glyphTop - renderer.ascent);
            out.writeVarintField(7, Math.round(glyph.glyphAdvance));
          },
          undefined,
        );
      }
    },
    undefined,
  );
  return Buffer.from(pbf.finish());
}
