// CRC-16/IBM, also called CRC-16/ARC: reflected polynomial 0xA001, initial value 0, no final XOR.
// Teltonika computes it over the data part of a TCP frame (codec id through the second count).

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[n] = crc;
  }
  return table;
}

// A constant lookup table (no state): one table step per byte instead of eight shifts.
const TABLE = buildTable();

/** CRC-16/IBM (ARC) of `bytes[start, end)`. */
export function crc16Ibm(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc = (crc >>> 8) ^ (TABLE[(crc ^ (bytes[i] ?? 0)) & 0xff] ?? 0);
  }
  return crc;
}
