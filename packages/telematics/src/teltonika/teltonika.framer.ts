// Splits a Teltonika TCP byte stream into frames, whatever the reads look like: a frame split over
// many reads, several frames in one read, garbage before a preamble, absurd lengths.
// Frame shapes (https://wiki.teltonika-gps.com/view/Codec):
//   keep-alive  FF
//   login       00 LL + LL ASCII digits (the IMEI)
//   packet      00 00 00 00 + 4-byte data length + data + 4-byte CRC field

/** Limits of a {@link TeltonikaFramer}. */
export interface TeltonikaFramerOptions {
  /** Largest accepted data length of a packet; larger ones are dropped as garbage (1 MiB). */
  maxDataBytes?: number;
}

const DEFAULT_MAX_DATA_BYTES = 1024 * 1024;
const MAX_IMEI_DIGITS = 20;
// A Uint8Array, not a Buffer: nothing at module level may need Node (the web imports this package).
const PREAMBLE = new Uint8Array(4);

type Scan =
  { kind: 'frame'; length: number } | { kind: 'need'; bytes: number } | { kind: 'garbage' };

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/**
 * A streaming framer for one TCP connection: `push()` each chunk read from the socket and get the
 * complete frames it finished (the framer never writes to them again). Bytes that cannot start a frame are skipped up
 * to the next packet preamble and counted in `skippedBytes`. Memory is bounded by the largest
 * accepted frame plus one read.
 */
export class TeltonikaFramer {
  private readonly maxDataBytes: number;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private needed = 1;
  private resyncing = false;
  private skipped = 0;

  constructor(options: TeltonikaFramerOptions = {}) {
    this.maxDataBytes = options.maxDataBytes ?? DEFAULT_MAX_DATA_BYTES;
  }

  /** Bytes dropped so far because they could not belong to a frame. */
  get skippedBytes(): number {
    return this.skipped;
  }

  /** Bytes held while waiting for the rest of a frame. */
  get bufferedBytes(): number {
    return this.buffered;
  }

  /** Feeds one chunk; returns the frames it completed, in order. */
  push(chunk: Uint8Array): Buffer[] {
    if (chunk.length === 0) return [];
    // Copied once here, so the caller may reuse its buffer and frames can be views of our copy.
    this.chunks.push(Buffer.from(chunk));
    this.buffered += chunk.length;
    if (this.buffered < this.needed) return [];

    const data =
      this.chunks.length === 1 ? (this.chunks[0] ?? Buffer.alloc(0)) : Buffer.concat(this.chunks);
    const frames: Buffer[] = [];
    let pos = 0;
    this.needed = 1;
    while (pos < data.length) {
      if (this.resyncing) {
        pos = this.skipToPreamble(data, pos);
        if (this.resyncing) break;
      }
      const scan = this.scan(data, pos);
      if (scan.kind === 'need') {
        this.needed = scan.bytes;
        break;
      }
      if (scan.kind === 'garbage') {
        // Drop at least this byte, then everything up to the next preamble.
        this.skipped += 1;
        pos += 1;
        this.resyncing = true;
        continue;
      }
      frames.push(data.subarray(pos, pos + scan.length));
      pos += scan.length;
    }
    const rest = data.subarray(pos);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return frames;
  }

  /** Classifies the bytes at `pos`: a complete frame, more bytes needed, or garbage. */
  private scan(data: Buffer, pos: number): Scan {
    const available = data.length - pos;
    const first = data[pos];
    if (first === 0xff) return { kind: 'frame', length: 1 };
    if (first !== 0x00) return { kind: 'garbage' };
    if (available < 2) return { kind: 'need', bytes: 2 };
    const second = data[pos + 1] ?? 0;
    if (second !== 0x00) return this.scanLogin(data, pos, second);
    if (available < 8) {
      for (let i = pos + 2; i < Math.min(pos + 4, data.length); i++) {
        if (data[i] !== 0x00) return { kind: 'garbage' };
      }
      return { kind: 'need', bytes: 8 };
    }
    if (data.readUInt16BE(pos + 2) !== 0) return { kind: 'garbage' };
    const dataLength = data.readUInt32BE(pos + 4);
    if (dataLength < 3 || dataLength > this.maxDataBytes) return { kind: 'garbage' };
    const length = dataLength + 12;
    return available < length ? { kind: 'need', bytes: length } : { kind: 'frame', length };
  }

  private scanLogin(data: Buffer, pos: number, digits: number): Scan {
    if (digits > MAX_IMEI_DIGITS) return { kind: 'garbage' };
    const end = Math.min(pos + 2 + digits, data.length);
    for (let i = pos + 2; i < end; i++) if (!isDigit(data[i])) return { kind: 'garbage' };
    const length = digits + 2;
    return data.length - pos < length ? { kind: 'need', bytes: length } : { kind: 'frame', length };
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
