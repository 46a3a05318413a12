import { describe, expect, it } from 'vitest';
import { TELTONIKA_MAX_DATA_BYTES, TeltonikaFramer } from './teltonika.framer.js';
import { encodeCodec8eFrame, encodeLogin, encodeTcpPacket } from './teltonika.encoder.js';

const login = encodeLogin('356307042441013');
const frameA = encodeCodec8eFrame([
  {
    timestampMs: Date.UTC(2025, 0, 1),
    lat: 40.4,
    lng: -3.7,
    io: [{ id: 239, group: 1, value: 1 }],
  },
]);
const frameB = encodeCodec8eFrame([
  {
    timestampMs: Date.UTC(2025, 0, 2),
    lat: 41.4,
    lng: 2.2,
    io: [{ id: 11317, group: 'X', value: Buffer.alloc(300, 0xab) }],
  },
]);
const ping = Buffer.from([0xff]);
const stream = Buffer.concat([ping, login, frameA, ping, frameB]);
const expected = [ping, login, frameA, ping, frameB].map((b) => b.toString('hex'));
const hexes = (frames: Buffer[]): string[] => frames.map((f) => f.toString('hex'));

function pushAll(framer: TeltonikaFramer, chunks: Buffer[]): Buffer[] {
  return chunks.flatMap((chunk) => framer.push(chunk));
}

describe('TeltonikaFramer', () => {
  it('emits every frame when the stream is split at any byte offset', () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const frames = pushAll(new TeltonikaFramer(), [
        stream.subarray(0, cut),
        stream.subarray(cut),
      ]);
      expect(hexes(frames)).toEqual(expected);
    }
  });

  it('reassembles a frame delivered one byte at a time', () => {
    const framer = new TeltonikaFramer();
    const frames = pushAll(
      framer,
      [...stream].map((b) => Buffer.from([b])),
    );
    expect(hexes(frames)).toEqual(expected);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('emits several frames from one read, in order', () => {
    expect(hexes(new TeltonikaFramer().push(stream))).toEqual(expected);
  });

  it('skips garbage before a preamble and counts the skipped bytes', () => {
    const garbage = Buffer.from('deadbeef0102030405', 'hex');
    const framer = new TeltonikaFramer();
    const frames = pushAll(framer, [login, garbage, frameA]);
    expect(frames).toEqual([login, frameA]);
    expect(framer.skippedBytes).toBe(garbage.length);
  });

  it('resynchronises on a preamble split across reads after garbage', () => {
    const garbage = Buffer.from('0102030405', 'hex');
    const data = Buffer.concat([garbage, frameA]);
    for (let cut = 0; cut <= data.length; cut++) {
      const framer = new TeltonikaFramer();
      expect(hexes(pushAll(framer, [data.subarray(0, cut), data.subarray(cut)]))).toEqual(
        hexes([frameA]),
      );
      expect(framer.skippedBytes).toBe(garbage.length);
    }
  });

  it('drops a packet claiming more than the maximum length and finds the next one', () => {
    const absurd = Buffer.from('0000000000200000', 'hex'); // data length 2 MiB
    const framer = new TeltonikaFramer();
    expect(framer.push(Buffer.concat([absurd, frameA]))).toEqual([frameA]);
    expect(framer.skippedBytes).toBe(absurd.length);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('keeps its buffer bounded by the largest accepted frame', () => {
    const framer = new TeltonikaFramer({ maxDataBytes: 1000 });
    const header = Buffer.from('00000000000003e808', 'hex'); // 1000 bytes announced, Codec 8
    framer.push(header);
    for (let i = 0; i < 100; i++) framer.push(Buffer.alloc(100, 0x11));
    expect(framer.bufferedBytes).toBeLessThanOrEqual(1012);
    expect(framer.retainedBytes).toBeLessThanOrEqual(4 * 1012);
  });

  it('drops a packet whose CRC does not match and emits the next one', () => {
    const bad = Buffer.from(frameA);
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 0xff;
    const framer = new TeltonikaFramer();
    expect(hexes(framer.push(Buffer.concat([bad, frameB])))).toEqual(hexes([frameB]));
    expect(framer.skippedBytes).toBe(bad.length);
  });

  it('does not wait for the 512 bytes of a stalled header: the frames after it come out at once', () => {
    const stalled = Buffer.from('0000000000000200', 'hex');
    const framer = new TeltonikaFramer();
    const frames = pushAll(framer, [login, stalled, frameA, frameA, frameA]);
    expect(hexes(frames)).toEqual(hexes([login, frameA, frameA, frameA]));
    expect(framer.bufferedBytes).toBe(0);
  });

  it('finds complete frames inside a pending packet whose length lied, however the bytes arrive', () => {
    // A plausible header (Codec 8E, 4,000 bytes announced) followed by real frames.
    const liar = Buffer.from('0000000000000fa08e01', 'hex');
    const data = Buffer.concat([liar, frameA, frameB, frameA]);
    for (const size of [1, 7, 64, data.length]) {
      const framer = new TeltonikaFramer();
      const chunks: Buffer[] = [];
      for (let i = 0; i < data.length; i += size) chunks.push(data.subarray(i, i + size));
      expect(hexes(pushAll(framer, chunks))).toEqual(hexes([frameA, frameB, frameA]));
      expect(framer.skippedBytes).toBe(liar.length);
      expect(framer.bufferedBytes).toBe(0);
    }
  });

  it('skips a header claiming 1 MiB as soon as its 8 bytes arrive, holding nothing', () => {
    const framer = new TeltonikaFramer();
    expect(framer.push(Buffer.from('0000000000100000', 'hex'))).toEqual([]);
    expect(framer.bufferedBytes).toBeLessThanOrEqual(3);
    expect(hexes(framer.push(frameA))).toEqual(hexes([frameA]));
  });

  it(`accepts a packet of the largest data length (${TELTONIKA_MAX_DATA_BYTES} bytes) and no larger`, () => {
    const largest = encodeTcpPacket(
      Buffer.concat([
        Buffer.from([0x0c, 0x01, 0x06]),
        Buffer.alloc(TELTONIKA_MAX_DATA_BYTES - 4, 0x41),
        Buffer.from([0x01]),
      ]),
    );
    expect(hexes(new TeltonikaFramer().push(largest))).toEqual(hexes([largest]));
    const tooLarge = encodeTcpPacket(
      Buffer.concat([
        Buffer.from([0x0c, 0x01, 0x06]),
        Buffer.alloc(TELTONIKA_MAX_DATA_BYTES - 3, 0x41),
        Buffer.from([0x01]),
      ]),
    );
    expect(new TeltonikaFramer().push(tooLarge)).toEqual([]);
  });

  it('releases what it holds on reset', () => {
    const framer = new TeltonikaFramer();
    framer.push(frameB.subarray(0, 200));
    expect(framer.bufferedBytes).toBe(200);
    framer.reset();
    expect(framer.bufferedBytes).toBe(0);
    expect(framer.retainedBytes).toBe(0);
    expect(hexes(framer.push(frameA))).toEqual(hexes([frameA]));
  });

  it('returns independent copies the caller may keep', () => {
    const chunk = Buffer.from(frameA);
    const [frame] = new TeltonikaFramer().push(chunk);
    chunk.fill(0);
    expect(frame).toEqual(frameA);
  });
});
