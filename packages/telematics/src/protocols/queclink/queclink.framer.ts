// Splits a Queclink @Track byte stream into messages. Every message is printable ASCII from a
// '+' (`+RESP:`, `+BUFF:`, `+ACK:`) to its tail character '$' (GV300 @Track Air Interface
// Protocol, TRACGV300AN002, §3.1 "Message Format"). Line breaks between messages are tolerated;
// other bytes outside a message are skipped and counted.

import type { StreamFramer } from '../decoder.js';

/**
 * Largest message accepted: 8 KiB. A fixed report with its 15 positions is about 1.3 KB; an
 * overlong run without '$' is skipped up to the next '+'.
 */
export const QUECLINK_MAX_MESSAGE_BYTES = 8 * 1024;

const PLUS = 0x2b;
const DOLLAR = 0x24;
const EMPTY = Buffer.alloc(0);

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Bytes in [start, end) other than CR, LF, space and NUL padding. */
function countNoise(data: Buffer, start: number, end: number): number {
  let noise = 0;
  for (let i = start; i < end; i += 1) {
    const byte = data[i];
    if (byte !== 0x0d && byte !== 0x0a && byte !== 0x20 && byte !== 0x00) noise += 1;
  }
  return noise;
}

/** A streaming framer for one Queclink TCP connection (see the file comment). */
export class QueclinkFramer implements StreamFramer {
  private held: Buffer = EMPTY;
  private skipped = 0;

  constructor(private readonly maxMessageBytes = QUECLINK_MAX_MESSAGE_BYTES) {}

  get bufferedBytes(): number {
    return this.held.length;
  }

  get retainedBytes(): number {
    return this.held.length;
  }

  get skippedBytes(): number {
    return this.skipped;
  }

  reset(): void {
    this.held = EMPTY;
  }

  push(chunk: Uint8Array): Buffer[] {
    const data = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : asBuffer(chunk);
    const frames: Buffer[] = [];
    let start = 0;
    while (start < data.length) {
      const plus = data.indexOf(PLUS, start);
      this.skipped += countNoise(data, start, plus === -1 ? data.length : plus);
      if (plus === -1) {
        start = data.length;
        break;
      }
      const end = data.indexOf(DOLLAR, plus);
      const isOverlong =
        end === -1 ? data.length - plus > this.maxMessageBytes : end - plus >= this.maxMessageBytes;
      if (isOverlong) {
        const next = data.indexOf(PLUS, plus + 1);
        const stop = next === -1 ? data.length : next;
        this.skipped += stop - plus;
        start = stop;
        continue;
      }
      if (end === -1) {
        start = plus;
        break;
      }
      frames.push(Buffer.from(data.subarray(plus, end + 1)));
      start = end + 1;
    }
    this.held = start < data.length ? Buffer.from(data.subarray(start)) : EMPTY;
    return frames;
  }
}
