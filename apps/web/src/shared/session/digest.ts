/** Makes the client's session digest: 16 random printable ASCII characters (decisions.md). */
export function makeDigest(
  fillRandom: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const bytes = fillRandom(new Uint8Array(16));
  // 0x21..0x7e: 94 printable characters, no space.
  return Array.from(bytes, (b) => String.fromCharCode(0x21 + (b % 94))).join('');
}
