// Splits a Teltonika TCP byte stream into frames, whatever the reads look like: a frame split over
// many reads, several frames in one read, garbage before a preamble, absurd or lying lengths.
// Frame shapes (https://wiki.teltonika-gps.com/view/Codec):
//   keep-alive  FF
//   login       00 LL + LL ASCII digits (the IMEI)
//   packet      00 00 00 00 + 4-byte data length + data + 4-byte CRC field (00 00 + CRC-16)

import { crc16Ibm } from './crc16.js';

/**
 * Largest data length (codec id … second record count) of a packet the framer accepts: 64 KiB.
 * Teltonika documents 1,280 bytes as the largest AVL packet (512 on FMB63x/FMB64x, whose records
 * are at most 255 bytes) and the largest captured frame is about 2 KB; the bound is the most a
 * Codec 8 packet could hold at all (255 records × 255 bytes + 3 = 65,028 bytes) and leaves room for
 * Codec 8E variable-length elements and for our simulator's 255-record packets (about 40 KB).
 * A lying header pins at most this much per connection (a 1 MiB bound let 1,000 connections
 * hold 1 GB), and the TCP listener caps the sum over the port.
 */
export const TELTONIKA_MAX_DATA_BYTES = 64 * 1024;

/** Limits of a {@link TeltonikaFramer}. */
export interface TeltonikaFramerOptions {
  /** Largest accepted data length of a packet; larger ones are skipped as garbage. */
  maxDataBytes?: number;
}

const HEADER_BYTES = 8;
const CRC_BYTES = 4;
const MAX_IMEI_DIGITS = 20;
// Codec ids Teltonika devices send (7, 8, 8E, 16 AVL; 12, 13, 14, 15 commands and messages). A
// packet header followed by another byte is not a packet: skipping it at once is what keeps a
// corrupt length from swallowing the frames after it (their first data byte would be 00).
const CODEC_IDS = new Set([0x07, 0x08, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x8e]);
const AVL_CODEC_IDS = new Set([0x07, 0x08, 0x10, 0x8e]);
// A Uint8Array, not a Buffer: nothing at module level may need Node (the web imports this package).
const PREAMBLE = new Uint8Array(4);

type Scan =
  | { kind: 'frame'; length: number }
  | { kind: 'need'; bytes: number; isPacket: boolean }
  | { kind: 'garbage' };

/** What the bytes at one offset hold, looked at as a packet. */
type Candidate = 'valid' | 'invalid' | 'incomplete';

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/**
 * A streaming framer for one TCP connection: `push()` each chunk read from the socket and get the
 * complete frames it finished (copies the caller may keep). Bytes that cannot start a frame — and
 * packets whose CRC does not match — are skipped up to the next packet preamble and counted in
 * `skippedBytes`. While a packet is incomplete, the bytes already held are searched for a complete
 * packet with a valid CRC: finding one means the pending length lied, so it is dropped at once
 * instead of waiting for bytes that belong to later frames. At most one incomplete frame is held
 * (≤ `maxDataBytes` + 12 bytes); `reset()` releases it.
 */
export class TeltonikaFramer {
  private readonly maxDataBytes: number;
  // Held bytes are store[0, held): a framer-owned copy, released whenever it empties.
  private store: Buffer = Buffer.alloc(0);
  private held = 0;
  private needed = 1;
  private resyncing = false;
  private skipped = 0;
  // Where the search for an embedded packet resumes, relative to the pending packet's start.
  private probeOffset = 1;

  constructor(options: TeltonikaFramerOptions = {}) {
    this.maxDataBytes = options.maxDataBytes ?? TELTONIKA_MAX_DATA_BYTES;
  }

  /** Bytes dropped so far because they could not belong to a frame. */
  get skippedBytes(): number {
    return this.skipped;
  }

  /** Bytes held while waiting for the rest of a frame. */
  get bufferedBytes(): number {
    return this.held;
  }

  /** Memory the framer keeps allocated (its buffer's capacity); 0 when nothing is held. */
  get retainedBytes(): number {
    return this.store.length;
  }

  /** Drops whatever is held (on close, or when the caller gives up on a partial frame). */
  reset(): void {
    this.store = Buffer.alloc(0);
    this.held = 0;
    this.needed = 1;
    this.resyncing = false;
    this.probeOffset = 1;
  }

  /** Feeds one chunk; returns the frames it completed, in order. */
  push(chunk: Uint8Array): Buffer[] {
    if (chunk.length === 0) return [];
    if (this.held === 0) return this.frame(asBuffer(chunk), false);
    this.append(chunk);
    if (this.held < this.needed && !this.isPendingPacket()) return [];
    return this.frame(this.store.subarray(0, this.held), true);
  }

  private isPendingPacket(): boolean {
    return this.held >= HEADER_BYTES && !this.resyncing && this.store.readUInt32BE(0) === 0;
  }

  private append(chunk: Uint8Array): void {
    const total = this.held + chunk.length;
    if (total > this.store.length) {
      // Grows geometrically, so a frame arriving a byte at a time is copied O(1) times per byte.
      const capacity = Math.max(total, Math.min(2 * this.store.length, this.maxFrameBytes()));
      const grown = Buffer.allocUnsafeSlow(capacity);
      this.store.copy(grown, 0, 0, this.held);
      this.store = grown;
    }
    this.store.set(chunk, this.held);
    this.held = total;
  }

  private maxFrameBytes(): number {
    return this.maxDataBytes + HEADER_BYTES + CRC_BYTES;
  }

  /** Splits `data` (the held bytes, or a fresh chunk when nothing was held) and keeps the rest. */
  private frame(data: Buffer, isStore: boolean): Buffer[] {
    const frames: Buffer[] = [];
    let pos = 0;
    let probeFrom = this.probeOffset;
    this.needed = 1;
    this.probeOffset = 1;
    while (pos < data.length) {
      if (this.resyncing) {
        pos = this.skipToPreamble(data, pos);
        probeFrom = 1;
        if (this.resyncing) break;
      }
      const scan = this.scan(data, pos);
      if (scan.kind === 'garbage') {
        this.skipGarbage();
        pos += 1;
        probeFrom = 1;
        continue;
      }
      if (scan.kind === 'need') {
        if (scan.isPacket) {
          const probe = this.probe(data, pos, probeFrom);
          if (probe.found >= 0) {
            this.skipped += probe.found - pos;
            pos = probe.found;
            probeFrom = 1;
            continue;
          }
          this.probeOffset = probe.resumeAt;
        }
        this.needed = scan.bytes;
        break;
      }
      frames.push(Buffer.from(data.subarray(pos, pos + scan.length)));
      pos += scan.length;
      probeFrom = 1;
    }
    this.keep(data, pos, isStore);
    return frames;
  }

  private skipGarbage(): void {
    // Drop at least this byte, then everything up to the next preamble.
    this.skipped += 1;
    this.resyncing = true;
  }

  /** Keeps `data[pos…]` as the held bytes, releasing the buffer when nothing is left. */
  private keep(data: Buffer, pos: number, isStore: boolean): void {
    const rest = data.length - pos;
    if (rest === 0) {
      this.store = Buffer.alloc(0);
      this.held = 0;
      return;
    }
    if (isStore && rest * 4 > this.store.length) {
      if (pos > 0) this.store.copyWithin(0, pos, data.length);
    } else {
      // A fresh chunk, or a buffer much larger than what is left: copy into a right-sized one.
      const kept = Buffer.allocUnsafeSlow(rest);
      data.copy(kept, 0, pos);
      this.store = kept;
    }
    this.held = rest;
  }

  /** Classifies the bytes at `pos`: a complete frame, more bytes needed, or garbage. */
  private scan(data: Buffer, pos: number): Scan {
    const available = data.length - pos;
    const first = data[pos];
    if (first === 0xff) return { kind: 'frame', length: 1 };
    if (first !== 0x00) return { kind: 'garbage' };
    if (available < 2) return { kind: 'need', bytes: 2, isPacket: false };
    const second = data[pos + 1] ?? 0;
    if (second !== 0x00) return this.scanLogin(data, pos, second);
    if (available <= HEADER_BYTES) {
      for (let i = pos + 2; i < Math.min(pos + 4, data.length); i++) {
        if (data[i] !== 0x00) return { kind: 'garbage' };
      }
      // The length bytes received so far already rule out a length over the maximum.
      let minLength = 0;
      for (let i = pos + 4; i < pos + HEADER_BYTES; i++)
        minLength = minLength * 256 + (data[i] ?? 0);
      if (minLength > this.maxDataBytes || (available === HEADER_BYTES && minLength < 3)) {
        return { kind: 'garbage' };
      }
      return { kind: 'need', bytes: HEADER_BYTES + 1, isPacket: false };
    }
    switch (this.candidate(data, pos)) {
      case 'invalid':
        return { kind: 'garbage' };
      case 'incomplete': {
        const length = data.readUInt32BE(pos + 4) + HEADER_BYTES + CRC_BYTES;
        return { kind: 'need', bytes: length, isPacket: true };
      }
      case 'valid':
        return { kind: 'frame', length: data.readUInt32BE(pos + 4) + HEADER_BYTES + CRC_BYTES };
    }
  }

  private isPlausibleLength(dataLength: number): boolean {
    return dataLength >= 3 && dataLength <= this.maxDataBytes;
  }

  /**
   * Whether a packet starts at `pos`: preamble, a length within bounds, a Teltonika codec id, and
   * once complete, the CRC field's zero half, equal AVL record counts and a matching CRC-16.
   */
  private candidate(data: Buffer, pos: number): Candidate {
    if (data.length - pos <= HEADER_BYTES) return 'incomplete';
    if (data.readUInt32BE(pos) !== 0) return 'invalid';
    const dataLength = data.readUInt32BE(pos + 4);
    if (!this.isPlausibleLength(dataLength)) return 'invalid';
    const codec = data[pos + HEADER_BYTES] ?? 0;
    if (!CODEC_IDS.has(codec)) return 'invalid';
    const dataEnd = pos + HEADER_BYTES + dataLength;
    if (dataEnd + CRC_BYTES > data.length) return 'incomplete';
    if (data.readUInt16BE(dataEnd) !== 0) return 'invalid';
    if (AVL_CODEC_IDS.has(codec) && data[pos + HEADER_BYTES + 1] !== data[dataEnd - 1]) {
      return 'invalid';
    }
    const crc = crc16Ibm(data, pos + HEADER_BYTES, dataEnd);
    return crc === data.readUInt16BE(dataEnd + 2) ? 'valid' : 'invalid';
  }

  /**
   * Looks inside the pending packet at `start` (from `start + from` on) for a complete packet with
   * a valid CRC. Stops at the first candidate that is still incomplete, so every byte is searched
   * once however the packet arrives; `resumeAt` is where the next push goes on.
   */
  private probe(data: Buffer, start: number, from: number): { found: number; resumeAt: number } {
    let i = start + Math.max(1, from);
    for (;;) {
      const at = data.indexOf(PREAMBLE, i);
      if (at < 0) {
        // The last 3 bytes may be the start of a preamble split across reads.
        return { found: -1, resumeAt: Math.max(1, data.length - 3 - start) };
      }
      const candidate = this.candidate(data, at);
      if (candidate === 'valid') return { found: at, resumeAt: 1 };
      if (candidate === 'incomplete') return { found: -1, resumeAt: at - start };
      i = at + 1;
    }
  }

  private scanLogin(data: Buffer, pos: number, digits: number): Scan {
    if (digits > MAX_IMEI_DIGITS) return { kind: 'garbage' };
    const end = Math.min(pos + 2 + digits, data.length);
    for (let i = pos + 2; i < end; i++) if (!isDigit(data[i])) return { kind: 'garbage' };
    const length = digits + 2;
    return data.length - pos < length
      ? { kind: 'need', bytes: length, isPacket: false }
      : { kind: 'frame', length };
  }

  /**
   * Drops everything from `pos` up to the next packet preamble. Without one, it keeps the last 3
   * bytes, which may be the start of a preamble split across reads.
   */
  private skipToPreamble(data: Buffer, pos: number): number {
    const found = data.indexOf(PREAMBLE, pos);
    if (found >= 0) {
      this.skipped += found - pos;
      this.resyncing = false;
      return found;
    }
    const keepFrom = Math.max(pos, data.length - 3);
    this.skipped += keepFrom - pos;
    this.needed = data.length - keepFrom + 1;
    return keepFrom;
  }
}
