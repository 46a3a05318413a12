// src/modules/map-assets/glyphs.ts
import { readFileSync } from "fs";
import { createRequire } from "module";
import { dirname, join } from "path";
import TinySDF from "@mapbox/tiny-sdf";
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { PbfWriter } from "pbf";
var require2 = createRequire(import.meta.url);
var GLYPH_FONTS = [
  { name: "Noto Sans Regular", weight: 400 },
  { name: "Noto Sans Bold", weight: 700 }
];
var FONT_SIZE = 24;
var BUFFER = 3;
var RADIUS = 8;
var CUTOFF = 0.25;
var SUBSETS = [
  "latin",
  "latin-ext",
  "vietnamese",
  "greek",
  "greek-ext",
  "cyrillic",
  "cyrillic-ext"
];
function resolveFontstack(fontstack) {
  for (const part of fontstack.split(",")) {
    const known = GLYPH_FONTS.find((f) => f.name.toLowerCase() === part.trim().toLowerCase());
    if (known) return known.name;
  }
  return GLYPH_FONTS[0].name;
}
function parseUnicodeRange(text) {
  return text.split(",").map((part) => {
    const [from = "", to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}
var NodeTinySDF = class extends TinySDF {
  _createCanvas(size) {
    return createCanvas(size, size);
  }
};
var registered;
function registerFonts() {
  if (registered) return registered;
  const latin = require2.resolve("@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2");
  const packageDir = join(dirname(latin), "..");
  const unicode = JSON.parse(readFileSync(join(packageDir, "unicode.json"), "utf8"));
  registered = /* @__PURE__ */ new Map();
  for (const { weight } of GLYPH_FONTS) {
    const subsets = [];
    for (const name of SUBSETS) {
      const family = `Rumbo Glyphs ${name} ${weight}`;
      const file = join(packageDir, "files", `noto-sans-${name}-${weight}-normal.woff2`);
      if (!GlobalFonts.registerFromPath(file, family)) throw new Error(`cannot load font ${file}`);
      subsets.push({ family, ranges: parseUnicodeRange(unicode[name] ?? "") });
    }
    registered.set(weight, subsets);
  }
  return registered;
}
var renderers = /* @__PURE__ */ new Map();
function rendererFor(font) {
  const existing = renderers.get(font);
  if (existing) return existing;
  const { weight } = GLYPH_FONTS.find((f) => f.name === font);
  const subsets = registerFonts().get(weight);
  const options = { fontSize: FONT_SIZE, buffer: BUFFER, radius: RADIUS, cutoff: CUTOFF };
  const ctx = createCanvas(8, 8).getContext("2d");
  ctx.font = `normal ${weight} ${FONT_SIZE}px "${subsets[0].family}"`;
  const renderer = {
    subsets: subsets.map((subset) => ({
      subset,
      sdf: new NodeTinySDF({
        ...options,
        fontFamily: `"${subset.family}"`,
        fontWeight: String(weight)
      })
    })),
    ascent: Math.round(ctx.measureText("A").fontBoundingBoxAscent)
  };
  renderers.set(font, renderer);
  return renderer;
}
function drawable(codePoint) {
  if (codePoint < 32 || codePoint >= 127 && codePoint < 160) return false;
  return !(codePoint >= 55296 && codePoint <= 57343);
}
function renderGlyphRange(font, start) {
  const renderer = rendererFor(font);
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_, fontstack) => {
      fontstack.writeStringField(1, font);
      fontstack.writeStringField(2, `${start}-${start + 255}`);
      for (let id = start; id <= start + 255; id++) {
        if (!drawable(id)) continue;
        const covering = renderer.subsets.find(
          ({ subset }) => subset.ranges.some(([from, to]) => id >= from && id <= to)
        );
        if (!covering) continue;
        const glyph = covering.sdf.draw(String.fromCodePoint(id));
        fontstack.writeMessage(
          3,
          (__, out) => {
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
          void 0
        );
      }
    },
    void 0
  );
  return Buffer.from(pbf.finish());
}
export {
  GLYPH_FONTS,
  renderGlyphRange,
  resolveFontstack
};
//# sourceMappingURL=glyphs-NUT5HRPQ.js.map