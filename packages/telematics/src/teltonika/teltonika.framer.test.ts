import { describe, expect, it } from 'vitest';
import { decodeTeltonikaTcp } from './teltonika.decoder.js';
import { TeltonikaFramer } from './teltonika.framer.js';
import { encodeCodec8eFrame, encodeLogin } from './teltonika.encoder.js';

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
    const header = Buffer.from('00000000000003e8', 'hex'); // 1000 bytes announced
    framer.push(header);
    for (let i = 0; i < 100; i++) framer.push(Buffer.alloc(100, 0x11));
    expect(framer.bufferedBytes).toBeLessThanOrEqual(1012 + 100);
  });

  it('passes a bad-CRC frame through for the decoder to refuse', () => {
    const bad = Buffer.from(frameA);
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 0xff;
    const frames = new TeltonikaFramer().push(Buffer.concat([bad, frameB]));
    expect(frames).toEqual([bad, frameB]);
    expect(decodeTeltonikaTcp(frames[0]!)).toMatchObject({ kind: 'error', reason: 'crc' });
    expect(decodeTeltonikaTcp(frames[1]!).kind).toBe('avl');
  });

  it('returns independent copies the caller may keep', () => {
    const chunk = Buffer.from(frameA);
    const [frame] = new TeltonikaFramer().push(chunk);
    chunk.fill(0);
    expect(frame).toEqual(frameA);
  });
});
