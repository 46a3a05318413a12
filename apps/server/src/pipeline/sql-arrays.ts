// PostgreSQL arrays for the batch statements that unnest column arrays (positions on the embedded
// database and in small batches, rollups, indicators, vehicle states). node-postgres turns a JS
// array parameter into a text literal element by element, quoting and escaping even numbers (two
// regular expressions each): on the write path that cost more than the rows' own work (decision
// 0042). Numbers go as binary arrays (`binaryArray`, decision 0063): no printing on our side, no
// parsing on PostgreSQL's. Texts, and the vehicle states written every few seconds, go as text
// literals built in one pass. Each array is one parameter, cast in the statement (`::int4[]`).

/** `{1,2.5,NULL,true}`: numbers and booleans as JavaScript prints them, null/undefined as NULL. */
export function arrayLiteral(values: readonly (number | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${out}}`;
}

/** `{"a","b\"c",NULL}`: each text quoted, its backslashes and double quotes escaped. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    if (value === null || value === undefined) out += 'NULL';
    else if (value.includes('\\') || value.includes('"'))
      out += `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    else out += `"${value}"`;
  }
  return `${out}}`;
}

/** `{2026-01-01T00:00:00.000Z,…}` of epoch milliseconds (ISO needs no quoting), for timestamptz[]. */
export function timestampArrayLiteral(values: readonly number[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += new Date(values[i]!).toISOString();
  }
  return `${out}}`;
}

/** Element types sent as PostgreSQL's binary arrays: their type oid and byte size. */
const ELEMENTS = {
  int2: { oid: 21, size: 2 },
  int4: { oid: 23, size: 4 },
  int8: { oid: 20, size: 8 },
  float4: { oid: 700, size: 4 },
  float8: { oid: 701, size: 8 },
  timestamptz: { oid: 1184, size: 8 },
} as const;

export type BinaryElement = keyof typeof ELEMENTS;

/** 2000-01-01T00:00:00Z, PostgreSQL's epoch for binary timestamps (microseconds since). */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

function integer(kind: BinaryElement, value: number): number {
  if (!Number.isSafeInteger(value))
    throw new TypeError(`${kind} array: ${value} is not an integer`);
  return value;
}

/** A 64-bit signed integer as two big-endian halves (safe integers only); the offset after it. */
function writeInt64(buf: Buffer, offset: number, value: number): number {
  const high = Math.floor(value / TWO_32);
  buf.writeInt32BE(high, offset);
  return buf.writeUInt32BE(value - high * TWO_32, offset + 4);
}

/**
 * One value as PostgreSQL's binary wire form: its byte length, then the value big-endian (-1 and
 * nothing for NULL). Array elements and COPY's binary fields share it. Returns the offset after
 * it; the caller leaves room for {@link BINARY_FIELD_MAX} bytes. Timestamps are epoch
 * milliseconds, sent as microseconds since 2000-01-01 UTC.
 */
export function writeBinaryField(
  buf: Buffer,
  at: number,
  kind: BinaryElement,
  v: number | null | undefined,
): number {
  if (v === null || v === undefined) return buf.writeInt32BE(-1, at);
  at = buf.writeInt32BE(ELEMENTS[kind].size, at);
  switch (kind) {
    case 'int2':
      return buf.writeInt16BE(integer(kind, v), at);
    case 'int4':
      return buf.writeInt32BE(integer(kind, v), at);
    case 'int8':
      return writeInt64(buf, at, integer(kind, v));
    case 'float4':
      return buf.writeFloatBE(v, at);
    case 'float8':
      return buf.writeDoubleBE(v, at);
    case 'timestamptz':
      return writeInt64(buf, at, (Math.trunc(v) - PG_EPOCH_MS) * 1000);
  }
}

/** The most bytes {@link writeBinaryField} writes: a length and an 8-byte value. */
export const BINARY_FIELD_MAX = 12;

/**
 * One column of `rows` as a one-dimensional array in PostgreSQL's binary format (what
 * `array_recv` reads): a Buffer parameter, which node-postgres sends as binary, for a `$n`
 * parameter cast to the same type (`$1::float8[]`). Neither side prints or parses the numbers
 * (the text literals above cost the server ~9 µs per 1-record packet in `String(number)` alone,
 * decision 0063). `null`/`undefined` are NULL.
 */
export function binaryArray<T>(
  kind: BinaryElement,
  rows: readonly T[],
  value: (row: T) => number | null | undefined,
): Buffer {
  const n = rows.length;
  const buf = Buffer.allocUnsafe(20 + n * BINARY_FIELD_MAX);
  buf.writeInt32BE(n === 0 ? 0 : 1, 0); // dimensions
  buf.writeInt32BE(ELEMENTS[kind].oid, 8);
  if (n === 0) {
    buf.writeInt32BE(0, 4);
    return buf.subarray(0, 12);
  }
  buf.writeInt32BE(n, 12); // length
  buf.writeInt32BE(1, 16); // lower bound
  let at = 20;
  let hasNull = 0;
  for (let i = 0; i < n; i++) {
    const v = value(rows[i]!);
    if (v === null || v === undefined) hasNull = 1;
    at = writeBinaryField(buf, at, kind, v);
  }
  buf.writeInt32BE(hasNull, 4);
  return buf.subarray(0, at);
}
