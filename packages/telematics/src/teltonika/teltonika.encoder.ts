// Builds Teltonika frames (https://wiki.teltonika-gps.com/view/Codec) for the simulator, the
// benchmarks and round-trip tests. Input that the chosen codec cannot carry is a programming error
// and throws a RangeError.

import { crc16Ibm } from './crc16.js';
import type { AvlCodec, IoGroup } from './teltonika.types.js';

/** An IO value to encode: an integer (signed if negative), a bigint, or raw bytes. */
export type IoValueInput = number | bigint | Uint8Array;

/** One IO element to encode. */
export interface AvlIoInput {
  id: number;
  group: IoGroup;
  value: IoValueInput;
}

/** One AVL record to encode; a decoded `RawAvlRecord` is accepted as is. */
export interface AvlRecordInput {
  timestampMs: number;
  priority?: number;
  lng: number;
  lat: number;
  altitudeM?: number;
  angleDeg?: number;
  satellites?: number;
  speedKmh?: number;
  eventIoId?: number;
  /** Codec 16 only. */
  generationType?: number;
  io?: readonly AvlIoInput[];
}

const UINT_MAX = { 1: 0xff, 2: 0xffff, 4: 0xffff_ffff } as const;

/** Grows as bytes are appended; avoids computing sizes up front. */
class ByteWriter {
  private buf = Buffer.alloc(256);
  length = 0;

  private ensure(n: number): number {
    if (this.length + n > this.buf.length) {
      const next = Buffer.alloc(Math.max(this.buf.length * 2, this.length + n));
      this.buf.copy(next, 0, 0, this.length);
      this.buf = next;
    }
    const at = this.length;
    this.length += n;
    return at;
  }

  uint(value: number, width: 1 | 2 | 4): void {
    checkRange(value, 0, UINT_MAX[width], 'value');
    const at = this.ensure(width); // before reading this.buf: ensure() may replace it
    if (width === 1) this.buf[at] = value;
    else if (width === 2) this.buf.writeUInt16BE(value, at);
    else this.buf.writeUInt32BE(value, at);
  }

  int(value: number, width: 1 | 2 | 4): void {
    checkRange(value, -(2 ** (8 * width - 1)), 2 ** (8 * width - 1) - 1, 'value');
    const at = this.ensure(width);
    this.buf.writeIntBE(value, at, width);
  }

  u64(value: bigint): void {
    const at = this.ensure(8);
    this.buf.writeBigUInt64BE(BigInt.asUintN(64, value), at);
  }

  /** A non-negative safe integer as 8 bytes, without BigInt. */
  u64Number(value: number): void {
    checkRange(value, 0, Number.MAX_SAFE_INTEGER, 'value');
    const at = this.ensure(8);
    this.buf.writeUInt32BE(Math.floor(value / 0x1_0000_0000), at);
    this.buf.writeUInt32BE(value % 0x1_0000_0000, at + 4);
  }

  bytes(value: Uint8Array): void {
    const at = this.ensure(value.length);
    this.buf.set(value, at);
  }

  toBuffer(): Buffer {
    return Buffer.from(this.buf.subarray(0, this.length));
  }
}

function checkRange(value: number, min: number, max: number, what: string): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} ${value} is outside [${min}, ${max}]`);
  }
}

function writeIoValue(w: ByteWriter, el: AvlIoInput): void {
  const { value, group } = el;
  if (value instanceof Uint8Array) {
    if (group !== 'X' && value.length !== group) {
      throw new RangeError(`IO ${el.id}: ${value.length} byte(s) in the ${group}-byte group`);
    }
    if (group === 'X') w.uint(value.length, 2);
    w.bytes(value);
    return;
  }
  if (group === 'X' || group === 16) {
    throw new RangeError(`IO ${el.id}: group ${group} needs raw bytes`);
  }
  if (group === 8) {
    if (typeof value === 'bigint') w.u64(value);
    else if (value >= 0) w.u64Number(value);
    else w.u64(BigInt(value));
    return;
  }
  const n = Number(value);
  if (n < 0) w.int(n, group);
  else w.uint(n, group);
}

interface Layout {
  idBytes: 1 | 2;
  countBytes: 1 | 2;
  eventBytes: 1 | 2;
  generationType: boolean;
  variableGroup: boolean;
  group16: boolean;
}

function layoutFor(codec: AvlCodec, records: readonly AvlRecordInput[]): Layout {
  const has = (g: IoGroup): boolean => records.some((r) => (r.io ?? []).some((e) => e.group === g));
  switch (codec) {
    case 0x08:
      if (has('X')) throw new RangeError('Codec 8 cannot carry variable-length IO');
      return {
        idBytes: 1,
        countBytes: 1,
        eventBytes: 1,
        generationType: false,
        variableGroup: false,
        group16: has(16),
      };
    case 0x8e:
      if (has(16)) throw new RangeError('Codec 8E has no 16-byte group');
      return {
        idBytes: 2,
        countBytes: 2,
        eventBytes: 2,
        generationType: false,
        variableGroup: true,
        group16: false,
      };
    case 0x10:
      if (has('X') || has(16)) throw new RangeError('Codec 16 carries only 1/2/4/8-byte IO');
      return {
        idBytes: 2,
        countBytes: 1,
        eventBytes: 2,
        generationType: true,
        variableGroup: false,
        group16: false,
      };
  }
}

function writeGroup(
  w: ByteWriter,
  layout: Layout,
  elements: readonly AvlIoInput[],
  countBytes: 1 | 2,
): void {
  w.uint(elements.length, countBytes);
  for (const el of elements) {
    w.uint(el.id, layout.idBytes);
    writeIoValue(w, el);
  }
}

function groupIo(io: readonly AvlIoInput[]): Record<IoGroup, AvlIoInput[]> {
  const groups: Record<IoGroup, AvlIoInput[]> = { 1: [], 2: [], 4: [], 8: [], 16: [], X: [] };
  for (const el of io) groups[el.group].push(el);
  return groups;
}

function writeRecord(w: ByteWriter, layout: Layout, r: AvlRecordInput): void {
  w.u64Number(r.timestampMs);
  w.uint(r.priority ?? 0, 1);
  w.int(Math.round(r.lng * 1e7), 4);
  w.int(Math.round(r.lat * 1e7), 4);
  w.int(Math.round(r.altitudeM ?? 0), 2);
  w.uint(Math.round(r.angleDeg ?? 0), 2);
  w.uint(r.satellites ?? 0, 1);
  w.uint(Math.round(r.speedKmh ?? 0), 2);
  w.uint(r.eventIoId ?? 0, layout.eventBytes);
  if (layout.generationType) w.uint(r.generationType ?? 0, 1);
  const io = r.io ?? [];
  w.uint(io.length, layout.countBytes);
  const groups = groupIo(io);
  writeGroup(w, layout, groups[1], layout.countBytes);
  writeGroup(w, layout, groups[2], layout.countBytes);
  writeGroup(w, layout, groups[4], layout.countBytes);
  writeGroup(w, layout, groups[8], layout.countBytes);
  if (layout.group16) writeGroup(w, layout, groups[16], 1);
  if (layout.variableGroup) writeGroup(w, layout, groups.X, 2);
}

/** The AVL data part: codec id, N1, records, N2 (what the TCP CRC covers and UDP carries). */
export function encodeAvlData(codec: AvlCodec, records: readonly AvlRecordInput[]): Buffer {
  checkRange(records.length, 0, 255, 'record count');
  const layout = layoutFor(codec, records);
  const w = new ByteWriter();
  w.uint(codec, 1);
  w.uint(records.length, 1);
  for (const r of records) writeRecord(w, layout, r);
  w.uint(records.length, 1);
  return w.toBuffer();
}

/** Wraps a data part in the TCP envelope: zero preamble, data length, data, CRC-16/IBM field. */
export function encodeTcpPacket(data: Uint8Array): Buffer {
  const frame = Buffer.alloc(data.length + 12);
  frame.writeUInt32BE(data.length, 4);
  frame.set(data, 8);
  frame.writeUInt32BE(crc16Ibm(data), 8 + data.length);
  return frame;
}

/** A TCP AVL frame in any supported codec. */
export function encodeAvlFrame(codec: AvlCodec, records: readonly AvlRecordInput[]): Buffer {
  return encodeTcpPacket(encodeAvlData(codec, records));
}

/** A TCP Codec 8 Extended frame (2-byte ids, all IO widths including variable length). */
export function encodeCodec8eFrame(records: readonly AvlRecordInput[]): Buffer {
  return encodeAvlFrame(0x8e, records);
}

/** A TCP Codec 8 frame (1-byte ids; 1/2/4/8-byte IO). */
export function encodeCodec8Frame(records: readonly AvlRecordInput[]): Buffer {
  return encodeAvlFrame(0x08, records);
}

/** The IMEI login a device sends first: 2-byte length + ASCII digits. */
export function encodeLogin(imei: string): Buffer {
  if (!/^\d{1,20}$/.test(imei)) throw new RangeError(`IMEI ${imei} is not 1–20 digits`);
  const frame = Buffer.alloc(2 + imei.length);
  frame.writeUInt16BE(imei.length, 0);
  frame.write(imei, 2, 'latin1');
  return frame;
}

/** What {@link encodeTeltonikaUdp} needs. */
export interface UdpPacketInput {
  imei: string;
  packetId: number;
  avlPacketId: number;
  codec?: AvlCodec;
  records: readonly AvlRecordInput[];
}

/** A UDP datagram: length, packet id, type 0x01, AVL packet id, IMEI, AVL data (no CRC). */
export function encodeTeltonikaUdp(input: UdpPacketInput): Buffer {
  if (!/^\d{1,20}$/.test(input.imei)) throw new RangeError(`IMEI ${input.imei} is not 1–20 digits`);
  const data = encodeAvlData(input.codec ?? 0x08, input.records);
  const w = new ByteWriter();
  w.uint(0, 2); // length, patched below
  w.uint(input.packetId, 2);
  w.uint(0x01, 1);
  w.uint(input.avlPacketId, 1);
  w.uint(input.imei.length, 2);
  w.bytes(Buffer.from(input.imei, 'latin1'));
  w.bytes(data);
  const datagram = w.toBuffer();
  checkRange(datagram.length - 2, 0, 0xffff, 'datagram length');
  datagram.writeUInt16BE(datagram.length - 2, 0);
  return datagram;
}

/** A Codec 12 command from the server to a device (type 0x05), e.g. `getinfo`. */
export function encodeCodec12Command(command: string): Buffer {
  const payload = Buffer.from(command, 'latin1');
  const w = new ByteWriter();
  w.uint(0x0c, 1);
  w.uint(1, 1);
  w.uint(0x05, 1);
  w.uint(payload.length, 4);
  w.bytes(payload);
  w.uint(1, 1);
  return encodeTcpPacket(w.toBuffer());
}
