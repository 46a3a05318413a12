// Parses the data part of Codec 12/13/14 frames (GPRS commands, responses and text messages):
// codec id, quantity 1, type, 4-byte size, [Codec 13 timestamp | Codec 14 IMEI], payload, quantity 2.

import { ByteReader, TruncatedError } from './byte-reader.js';
import type { TeltonikaCommand, TeltonikaError } from './teltonika.types.js';

/** Whether a codec id is a command codec (12, 13 or 14). */
export function isCommandCodec(codec: number): codec is 0x0c | 0x0d | 0x0e {
  return codec === 0x0c || codec === 0x0d || codec === 0x0e;
}

/** Parses `buf[start, end)` as one Codec 12/13/14 message; never throws. */
export function parseCommandData(
  buf: Buffer,
  start: number,
  end: number,
): TeltonikaCommand | TeltonikaError {
  const r = new ByteReader(buf, start, end);
  try {
    const codecId = r.u8();
    if (!isCommandCodec(codecId)) {
      return { kind: 'error', reason: 'codec', detail: 'not a command codec', codec: codecId };
    }
    const codec = codecId === 0x0c ? 12 : codecId === 0x0d ? 13 : 14;
    const quantity = r.u8();
    const type = r.u8();
    const size = r.u32();
    const headerBytes = codec === 13 ? 4 : codec === 14 ? 8 : 0;
    if (size < headerBytes || size > r.remaining) {
      return {
        kind: 'error',
        reason: 'length',
        detail: `size ${size} does not fit`,
        codec: codecId,
      };
    }
    const message: TeltonikaCommand = {
      kind: 'command',
      codec,
      type,
      payload: Buffer.alloc(0),
      text: '',
    };
    if (codec === 13) message.timestampMs = r.u32() * 1000;
    if (codec === 14) message.imei = r.bytes(8).toString('hex').replace(/^0+/, '');
    message.payload = r.bytes(size - headerBytes);
    message.text = message.payload.toString('latin1');
    const trailer = r.u8();
    if (trailer !== quantity || r.remaining !== 0) {
      return {
        kind: 'error',
        reason: 'malformed',
        detail: 'quantity or size mismatch',
        codec: codecId,
      };
    }
    return message;
  } catch (error) {
    if (error instanceof TruncatedError) {
      return { kind: 'error', reason: 'truncated', detail: error.message, codec: buf[start] };
    }
    throw error;
  }
}
