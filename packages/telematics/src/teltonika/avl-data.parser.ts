// Parses the AVL data part shared by TCP frames and UDP datagrams:
// codec id, record count N1, records, record count N2 (https://wiki.teltonika-gps.com/view/Codec).

import { ByteReader, TruncatedError } from './byte-reader.js';
import type { AvlCodec, AvlIoElement, RawAvlRecord, TeltonikaError } from './teltonika.types.js';

/** Width of ids, counts and the event id, and which optional groups a record layout has. */
interface RecordLayout {
  idBytes: 1 | 2;
  countBytes: 1 | 2;
  eventBytes: 1 | 2;
  hasGenerationType: boolean;
  hasVariableGroup: boolean;
  hasGroup16: boolean;
}

const CODEC8: RecordLayout = {
  idBytes: 1,
  countBytes: 1,
  eventBytes: 1,
  hasGenerationType: false,
  hasVariableGroup: false,
  hasGroup16: false,
};
// Some FMB firmwares (and the reference server's "extended" option) append a group of 16-byte
// values to each Codec 8 record. It is tried only when the documented layout does not fit.
const CODEC8_WITH_GROUP16: RecordLayout = { ...CODEC8, hasGroup16: true };
const CODEC8E: RecordLayout = {
  idBytes: 2,
  countBytes: 2,
  eventBytes: 2,
  hasGenerationType: false,
  hasVariableGroup: true,
  hasGroup16: false,
};
const CODEC16: RecordLayout = {
  idBytes: 2,
  countBytes: 1,
  eventBytes: 2,
  hasGenerationType: true,
  hasVariableGroup: false,
  hasGroup16: false,
};

/** Whether a codec id is one of the AVL codecs this package decodes. */
export function isAvlCodec(codec: number): codec is AvlCodec {
  return codec === 0x08 || codec === 0x8e || codec === 0x10;
}

function layoutsOf(codec: AvlCodec): RecordLayout[] {
  switch (codec) {
    case 0x08:
      return [CODEC8, CODEC8_WITH_GROUP16];
    case 0x8e:
      return [CODEC8E];
    case 0x10:
      return [CODEC16];
  }
}

/** Thrown when a record's IO element counts contradict each other; caught by {@link tryLayout}. */
class IoCountError extends Error {}

function readFixedGroup(
  r: ByteReader,
  layout: RecordLayout,
  group: 1 | 2 | 4 | 8 | 16,
  countBytes: 1 | 2,
  out: AvlIoElement[],
): void {
  const count = r.uint(countBytes);
  for (let i = 0; i < count; i++) {
    const id = r.uint(layout.idBytes);
    out.push({ id, group, value: r.bytes(group) });
  }
}

function readRecord(r: ByteReader, layout: RecordLayout): RawAvlRecord {
  const timestampMs = r.u64();
  const priority = r.u8();
  const lng = r.i32() / 1e7;
  const lat = r.i32() / 1e7;
  const altitudeM = r.i16();
  const angleDeg = r.u16();
  const satellites = r.u8();
  const speedKmh = r.u16();
  const eventIoId = r.uint(layout.eventBytes);
  const generationType = layout.hasGenerationType ? r.u8() : undefined;
  const totalIo = r.uint(layout.countBytes);
  const io: AvlIoElement[] = [];
  readFixedGroup(r, layout, 1, layout.countBytes, io);
  readFixedGroup(r, layout, 2, layout.countBytes, io);
  readFixedGroup(r, layout, 4, layout.countBytes, io);
  readFixedGroup(r, layout, 8, layout.countBytes, io);
  if (layout.hasGroup16) readFixedGroup(r, layout, 16, 1, io);
  if (layout.hasVariableGroup) {
    const count = r.u16();
    for (let i = 0; i < count; i++) {
      const id = r.u16();
      const length = r.u16();
      io.push({ id, group: 'X', value: r.bytes(length) });
    }
  }
  // The total must equal the sum of the group counts (N1 + N2 + N4 + N8 [+ N16] [+ NX]): a record
  // that contradicts itself is corrupt or forged, and guessing which count is right would store
  // made-up values.
  if (io.length !== totalIo) {
    throw new IoCountError(`IO count ${totalIo} ≠ ${io.length} element(s)`);
  }
  const record: RawAvlRecord = {
    timestampMs,
    priority,
    lng,
    lat,
    altitudeM,
    angleDeg,
    satellites,
    speedKmh,
    eventIoId,
    io,
  };
  if (generationType !== undefined) record.generationType = generationType;
  return record;
}

type LayoutAttempt = { ok: true; records: RawAvlRecord[] } | TeltonikaError;

function tryLayout(buf: Buffer, start: number, end: number, layout: RecordLayout): LayoutAttempt {
  const r = new ByteReader(buf, start, end);
  try {
    const codec = r.u8();
    const count = r.u8();
    const records: RawAvlRecord[] = [];
    for (let i = 0; i < count; i++) records.push(readRecord(r, layout));
    const trailer = r.u8();
    if (trailer !== count) {
      return { kind: 'error', reason: 'malformed', detail: `counts ${count} ≠ ${trailer}`, codec };
    }
    if (r.remaining !== 0) {
      return { kind: 'error', reason: 'malformed', detail: `${r.remaining} byte(s) left`, codec };
    }
    return { ok: true, records };
  } catch (error) {
    if (error instanceof TruncatedError) {
      return { kind: 'error', reason: 'truncated', detail: error.message, codec: buf[start] };
    }
    if (error instanceof IoCountError) {
      return { kind: 'error', reason: 'malformed', detail: error.message, codec: buf[start] };
    }
    throw error;
  }
}

/** Result of {@link parseAvlData}. */
export type AvlDataResult = { ok: true; codec: AvlCodec; records: RawAvlRecord[] } | TeltonikaError;

/**
 * Parses `buf[start, end)` = codec id, N1, records, N2. Requires exactly N1 records, N2 = N1, each
 * record's total IO count equal to the sum of its group counts, and no byte left over; never throws.
 */
export function parseAvlData(buf: Buffer, start: number, end: number): AvlDataResult {
  if (end - start < 3) {
    return { kind: 'error', reason: 'truncated', detail: 'AVL data shorter than 3 bytes' };
  }
  const codec = buf.readUInt8(start);
  if (!isAvlCodec(codec)) {
    return {
      kind: 'error',
      reason: 'codec',
      detail: `codec 0x${hex2(codec)} not supported`,
      codec,
    };
  }
  let first: TeltonikaError | undefined;
  for (const layout of layoutsOf(codec)) {
    const attempt = tryLayout(buf, start, end, layout);
    if ('ok' in attempt) return { ok: true, codec, records: attempt.records };
    first ??= attempt;
  }
  return first ?? { kind: 'error', reason: 'malformed', detail: 'no layout fits', codec };
}

/** Two lowercase hex digits. */
export function hex2(byte: number): string {
  return byte.toString(16).padStart(2, '0');
}
