/** Highest code point MapLibre may ask a glyph range for. */
export const MAX_CODE_POINT = 0x10ffff;

/** A `0-255`-style range (start a multiple of 256, 256 code points) or undefined. */
export function parseGlyphRange(text: string): number | undefined {
  const match = /^(\d{1,7})-(\d{1,7})$/.exec(text);
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (start % 256 !== 0 || end !== start + 255 || end > MAX_CODE_POINT) return undefined;
  return start;
}
