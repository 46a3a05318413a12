import { describe, expect, it } from 'vitest';
import { QUECLINK_DOC_FRAMES as DOC } from './queclink.fixtures.js';
import { queclinkDecoder } from './queclink.decoder.js';
import { QueclinkFramer } from './queclink.framer.js';

const decoder = queclinkDecoder();
const bytes = (text: string) => Buffer.from(text, 'latin1');
const decode = (text: string) => decoder.decode(bytes(text), null);
const answer = (reply: Uint8Array | undefined) => Buffer.from(reply ?? []).toString('latin1');

describe('Queclink @Track decoder (frames from the protocol documents)', () => {
  it('reads a GL300 fixed report: identity, one position, +SACK with its count number', () => {
    expect(decoder.identify(bytes(DOC.gl300Fri))).toBe('135790246811220');
    const decoded = decode(DOC.gl300Fri);
    expect(decoded.error).toBeUndefined();
    expect(decoded.identity).toBe('135790246811220');
    expect(decoded.records).toEqual([
      {
        deviceId: '135790246811220',
        fixTimeMs: Date.UTC(2009, 1, 14, 1, 32, 54),
        lat: 31.222073,
        lng: 121.354335,
        speedKmh: 4.3,
        headingDeg: 92,
        altitudeM: 70,
        hdop: 1,
        attributes: {},
      },
    ]);
    expect(answer(decoded.reply)).toBe(DOC.reportAnswer);
  });

  it('reads both positions of a two-position report; accuracy 0 is the last known position', () => {
    const { records } = decode(DOC.gl300FriTwo);
    expect(records.map((p) => [p.fixTimeMs, p.hdop, p.satellites])).toEqual([
      [Date.UTC(2009, 1, 14, 1, 32, 54), 1, undefined],
      [Date.UTC(2009, 0, 1, 0, 0, 0), undefined, 0],
    ]);
  });

  it('finds the position block whatever comes before it, and reads the mileage after it', () => {
    const spd = decode(DOC.gv300Spd).records;
    expect(spd).toHaveLength(1);
    expect(spd[0]).toMatchObject({ lat: 31.222073, lng: 121.354335, odometerM: 2_000_000 });
    const eri = decode(DOC.gv200Eri);
    expect(eri.identity).toBe('862170010903183');
    expect(eri.records[0]).toMatchObject({
      fixTimeMs: Date.UTC(2012, 7, 18, 4, 15, 19),
      lat: 31.832871,
      lng: 117.200986,
      speedKmh: 0.5,
      headingDeg: 55,
      altitudeM: 71.8,
      odometerM: 0,
    });
    expect(answer(eri.reply)).toBe('+SACK:0030$');
    const igl = decode(DOC.gl300Igl).records[0]!;
    expect([igl.speedKmh, igl.headingDeg, igl.altitudeM, igl.hdop]).toEqual([
      undefined,
      undefined,
      undefined,
      5,
    ]);
  });

  it('answers the heartbeat as the document does, storing nothing', () => {
    const decoded = decode(DOC.gl300Heartbeat);
    expect(decoded.records).toEqual([]);
    expect(answer(decoded.reply)).toBe(DOC.gl300HeartbeatAnswer);
  });

  it('refuses malformed messages without throwing', () => {
    for (const text of [
      '+RESP:GTFRI$',
      '+RESP:GTFRI,1A0102,notanimei,,0,0,1$',
      '+RESP:GTFRI,1A0102,135790246811220,,0,0,1,1,4.3,92,70.0,121.354335,31.222073,20090214013254,zz$',
      '+RESP:GTFRI,1A0102,135790246811220,,0,0,9,1,4.3,92,70.0,121.354335,31.222073,20090214013254,0460,11F0$',
      '+XYZ:GTFRI,1A0102,135790246811220,,11F0$',
      DOC.gl300Fri.replace('20090214013254', '20091314013254'),
      'garbage$',
    ])
      expect(decode(text).error, text).toBeDefined();
    const mutated = DOC.gv200Eri.split('');
    for (let i = 0; i < 500; i += 1) {
      const copy = [...mutated];
      copy[i % copy.length] = String.fromCharCode((i * 37) % 128);
      expect(() => decode(copy.join(''))).not.toThrow();
    }
  });
});

describe('Queclink framer', () => {
  it('splits messages at their tail, across reads and several in one read, ignoring line breaks', () => {
    const stream = bytes(`${DOC.gl300Fri}\r\n${DOC.gl300Heartbeat}${DOC.gv300Spd}`);
    const framer = new QueclinkFramer();
    const frames: string[] = [];
    for (let i = 0; i < stream.length; i += 7)
      frames.push(...framer.push(stream.subarray(i, i + 7)).map((f) => f.toString('latin1')));
    expect(frames).toEqual([DOC.gl300Fri, DOC.gl300Heartbeat, DOC.gv300Spd]);
    expect(framer.skippedBytes).toBe(0);
    expect(framer.bufferedBytes).toBe(0);
  });

  it('skips bytes outside a message and an overlong run, and resumes at the next message', () => {
    const framer = new QueclinkFramer(200);
    const frames = framer.push(bytes(`xx+${'A'.repeat(300)}${DOC.gl300Heartbeat}`));
    expect(frames.map((f) => f.toString('latin1'))).toEqual([DOC.gl300Heartbeat]);
    expect(framer.skippedBytes).toBe(2 + 301);
    framer.push(bytes('+RESP:GTFRI,1A01'));
    expect(framer.bufferedBytes).toBe(16);
    framer.reset();
    expect(framer.bufferedBytes).toBe(0);
  });
});
