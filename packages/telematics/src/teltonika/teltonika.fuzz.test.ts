import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc16.js';
import { decodeTeltonikaTcp, decodeTeltonikaUdp } from './teltonika.decoder.js';
import {
  encodeAvlFrame,
  encodeLogin,
  encodeTeltonikaUdp,
  type AvlRecordInput,
} from './teltonika.encoder.js';
import { TeltonikaFramer } from './teltonika.framer.js';
import type { AvlCodec, IoGroup } from './teltonika.types.js';

/** mulberry32: a small seeded PRNG, so every run fuzzes the same inputs. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomRecords(rand: () => number, codec: AvlCodec): AvlRecordInput[] {
  const int = (n: number): number => Math.floor(rand() * n);
  const groups: IoGroup[] = codec === 0x8e ? [1, 2, 4, 8, 'X'] : [1, 2, 4, 8];
  return Array.from({ length: 1 + int(5) }, (_, i) => ({
    timestampMs: Date.UTC(2024, 0, 1) + i * 1000,
    lat: rand() * 180 - 90,
    lng: rand() * 360 - 180,
    altitudeM: int(3000),
    angleDeg: int(360),
    satellites: int(20),
    speedKmh: int(130),
    eventIoId: int(200),
    generationType: codec === 0x10 ? int(8) : undefined,
    io: Array.from({ length: int(8) }, () => {
      const group = groups[int(groups.length)]!;
      const width = group === 'X' ? int(20) : group;
      return {
        id: int(255),
        group,
        value: Buffer.from(Array.from({ length: width }, () => int(256))),
      };
    }),
  }));
}

/** The envelope test the decoder must agree with: preamble, exact length, CRC. */
function hasValidEnvelope(frame: Buffer): boolean {
  if (frame.length < 15 || frame.readUInt32BE(0) !== 0) return false;
  const dataLength = frame.readUInt32BE(4);
  if (dataLength + 12 !== frame.length) return false;
  return frame.readUInt32BE(8 + dataLength) === crc16Ibm(frame, 8, 8 + dataLength);
}

function mutate(rand: () => number, frame: Buffer): Buffer {
  const int = (n: number): number => Math.floor(rand() * n);
  const out = Buffer.from(frame);
  switch (int(5)) {
    case 0: {
      // flip a bit
      const at = int(out.length);
      out[at] = (out[at] ?? 0) ^ (1 << int(8));
      return out;
    }
    case 1: // truncate
      return out.subarray(0, int(out.length));
    case 2: // rewrite the length field
      out.writeUInt32BE(int(2) === 0 ? int(out.length * 2) : int(0xffffffff), 4);
      return out;
    case 3: // insert a random byte
      return Buffer.concat([
        out.subarray(0, int(out.length)),
        Buffer.from([int(256)]),
        out.subarray(int(out.length)),
      ]);
    default: // overwrite a random span with noise
      for (let i = int(out.length), n = int(16); n > 0 && i < out.length; i++, n--)
        out[i] = int(256);
      return out;
  }
}

const codecs: AvlCodec[] = [0x08, 0x8e, 0x10];

describe('Teltonika decoders under fuzzing', () => {
  it('never throw on random bytes', () => {
    const rand = prng(1);
    for (let i = 0; i < 5000; i++) {
      const input = Buffer.from(
        Array.from({ length: Math.floor(rand() * 400) }, () => Math.floor(rand() * 256)),
      );
      if (i % 3 === 0 && input.length >= 12) {
        input.writeUInt32BE(0, 0);
        if (i % 2 === 0) input.writeUInt32BE(input.length - 12, 4);
      }
      // A throw fails the test; no per-iteration expect keeps the loop fast.
      decodeTeltonikaTcp(input);
      decodeTeltonikaUdp(input);
    }
  }, 20_000);

  it('never acknowledge a mutated frame whose envelope is broken', () => {
    const rand = prng(2);
    let refused = 0;
    const acknowledged: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const codec = codecs[i % codecs.length]!;
      const frame = mutate(rand, encodeAvlFrame(codec, randomRecords(rand, codec)));
      const message = decodeTeltonikaTcp(frame);
      if (!hasValidEnvelope(frame)) {
        if (message.kind === 'avl') acknowledged.push(frame.toString('hex'));
        refused++;
      }
    }
    expect(acknowledged).toEqual([]);
    expect(refused).toBeGreaterThan(4000);
  }, 20_000);

  it('decode every valid random frame with its record count as the reply', () => {
    const rand = prng(3);
    for (let i = 0; i < 2000; i++) {
      const codec = codecs[i % codecs.length]!;
      const records = randomRecords(rand, codec);
      const message = decodeTeltonikaTcp(encodeAvlFrame(codec, records));
      expect(message.kind).toBe('avl');
      if (message.kind === 'avl') expect(message.reply.readUInt32BE(0)).toBe(records.length);
    }
  }, 20_000);

  it('never throw on mutated UDP datagrams', () => {
    const rand = prng(4);
    for (let i = 0; i < 3000; i++) {
      const datagram = encodeTeltonikaUdp({
        imei: '352093081452251',
        packetId: i & 0xffff,
        avlPacketId: i & 0xff,
        records: randomRecords(rand, 0x08),
      });
      decodeTeltonikaUdp(mutate(rand, datagram)); // a throw fails the test
    }
  }, 20_000);

  it('the framer survives mutated streams in random chunks with a bounded buffer', () => {
    const rand = prng(5);
    let maxBuffered = 0;
    for (let round = 0; round < 300; round++) {
      const framer = new TeltonikaFramer({ maxDataBytes: 4096 });
      const parts = [encodeLogin('356307042441013')];
      for (let i = 0; i < 5; i++) {
        const codec = codecs[i % codecs.length]!;
        const frame = encodeAvlFrame(codec, randomRecords(rand, codec));
        parts.push(rand() < 0.3 ? mutate(rand, frame) : frame);
      }
      const stream = Buffer.concat(parts);
      for (let pos = 0; pos < stream.length;) {
        const size = 1 + Math.floor(rand() * 200);
        for (const frame of framer.push(stream.subarray(pos, pos + size)))
          decodeTeltonikaTcp(frame);
        maxBuffered = Math.max(maxBuffered, framer.bufferedBytes);
        pos += size;
      }
    }
    expect(maxBuffered).toBeLessThanOrEqual(4096 + 12 + 200);
  }, 20_000);

  it('the framer emits every real frame of a stream with lying headers between them', () => {
    const rand = prng(6);
    for (let round = 0; round < 300; round++) {
      const parts: Buffer[] = [];
      const expected: string[] = [];
      for (let i = 0; i < 6; i++) {
        if (rand() < 0.3) {
          // A preamble, a length up to 20,000, then a codec byte (plausible or not) and a count.
          const header = Buffer.alloc(10);
          header.writeUInt32BE(Math.floor(rand() * 20_000), 4);
          header[8] = [0x08, 0x8e, 0x0c, 0x33][Math.floor(rand() * 4)]!;
          header[9] = Math.floor(rand() * 3);
          parts.push(header.subarray(0, 8 + Math.floor(rand() * 3)));
        }
        const codec = codecs[i % codecs.length]!;
        const frame = encodeAvlFrame(codec, randomRecords(rand, codec));
        parts.push(frame);
        expected.push(frame.toString('hex'));
      }
      const stream = Buffer.concat(parts);
      const framer = new TeltonikaFramer();
      const emitted: string[] = [];
      for (let pos = 0; pos < stream.length;) {
        const size = 1 + Math.floor(rand() * 300);
        for (const frame of framer.push(stream.subarray(pos, pos + size)))
          emitted.push(frame.toString('hex'));
        pos += size;
      }
      expect(emitted).toEqual(expected);
    }
  }, 20_000);
});
