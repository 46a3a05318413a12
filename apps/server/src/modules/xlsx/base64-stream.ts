import { Transform } from 'node:stream';

/** Encodes a byte stream as base64 text as it flows (3-byte groups across chunk boundaries). */
export function base64Encoder(): Transform {
  let rest = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const data = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      const whole = data.length - (data.length % 3);
      rest = Buffer.from(data.subarray(whole));
      callback(null, whole ? data.subarray(0, whole).toString('base64') : undefined);
    },
    flush(callback) {
      callback(null, rest.length ? rest.toString('base64') : undefined);
    },
  });
}
