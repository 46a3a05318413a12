// A bounds-checked big-endian reader over one region of a Buffer. Running past the region throws
// TruncatedError, which the decoders catch at their boundary and turn into an error value.

/** Thrown by {@link ByteReader} when a read would pass the end of its region. */
export class TruncatedError extends Error {
  constructor(needed: number, at: number) {
    super(`needed ${needed} byte(s) at offset ${at}`);
    this.name = 'TruncatedError';
  }
}

const TWO_POW_32 = 0x1_0000_0000;

/** Sequential big-endian reads of `buf[pos, end)`. */
export class ByteReader {
  constructor(
    readonly buf: Buffer,
    public pos: number,
    readonly end: number,
  ) {}

  /** Bytes left before the end of the region. */
  get remaining(): number {
    return this.end - this.pos;
  }

  private take(n: number): number {
    if (this.pos + n > this.end) throw new TruncatedError(n, this.pos);
    const at = this.pos;
    this.pos += n;
    return at;
  }

  /** Unsigned 8-bit. */
  u8(): number {
    return this.buf.readUInt8(this.take(1));
  }

  /** Unsigned 16-bit. */
  u16(): number {
    return this.buf.readUInt16BE(this.take(2));
  }

  /** Signed 16-bit. */
  i16(): number {
    return this.buf.readInt16BE(this.take(2));
  }

  /** Unsigned 32-bit. */
  u32(): number {
    return this.buf.readUInt32BE(this.take(4));
  }

  /** Signed 32-bit. */
  i32(): number {
    return this.buf.readInt32BE(this.take(4));
  }

  /** Unsigned 64-bit as a number (exact up to 2^53, which covers every millisecond timestamp). */
  u64(): number {
    const at = this.take(8);
    return this.buf.readUInt32BE(at) * TWO_POW_32 + this.buf.readUInt32BE(at + 4);
  }

  /** Unsigned integer of 1 or 2 bytes. */
  uint(width: 1 | 2): number {
    return width === 1 ? this.u8() : this.u16();
  }

  /** A view (not a copy) of the next `n` bytes: it shares memory with the frame. */
  bytes(n: number): Buffer {
    const at = this.take(n);
    return this.buf.subarray(at, at + n);
  }
}
