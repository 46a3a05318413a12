import { describe, expect, it } from 'vitest';
import { decodeTeltonikaTcp, decodeTeltonikaUdp } from './teltonika.decoder.js';
import {
  encodeAvlFrame,
  encodeCodec8Frame,
  encodeCodec8eFrame,
  encodeCodec12Command,
  encodeLogin,
  encodeTeltonikaUdp,
  type AvlRecordInput,
} from './teltonika.encoder.js';
import type { RawAvlRecord } from './teltonika.types.js';

const hex = (text: string): Buffer => Buffer.from(text, 'hex');

const base = {
  timestampMs: Date.UTC(2025, 5, 13, 15, 18, 7, 123),
  priority: 1,
  lng: -3.7037902,
  lat: 40.4167754,
  altitudeM: -12,
  angleDeg: 359,
  satellites: 14,
  speedKmh: 87,
  eventIoId: 239,
};

function decodedRecords(frame: Buffer): RawAvlRecord[] {
  const message = decodeTeltonikaTcp(frame);
  if (message.kind !== 'avl') throw new Error(`expected avl, got ${JSON.stringify(message)}`);
  return message.records;
}

describe('Teltonika encoders round-trip through the decoder', () => {
  it('Codec 8E carries IO of every width, variable length included', () => {
    const record: AvlRecordInput = {
      ...base,
      io: [
        { id: 239, group: 1, value: 1 },
        { id: 10455, group: 1, value: 0xff },
        { id: 66, group: 2, value: 24123 },
        { id: 113, group: 4, value: -1500 },
        { id: 192, group: 4, value: 0xfffffffe },
        { id: 195, group: 8, value: Buffer.from('DRIVER01') },
        { id: 78, group: 8, value: 0x0123456789abcdefn },
        { id: 525, group: 'X', value: Buffer.from('P0101,P0420') },
        { id: 11317, group: 'X', value: Buffer.alloc(0) },
      ],
    };
    const [decoded] = decodedRecords(encodeCodec8eFrame([record]));
    expect(decoded).toMatchObject(base);
    expect(decoded?.io.map((e) => [e.id, e.group, e.value.toString('hex')])).toEqual([
      [239, 1, '01'],
      [10455, 1, 'ff'],
      [66, 2, '5e3b'],
      [113, 4, 'fffffa24'],
      [192, 4, 'fffffffe'],
      [195, 8, Buffer.from('DRIVER01').toString('hex')],
      [78, 8, '0123456789abcdef'],
      [525, 'X', Buffer.from('P0101,P0420').toString('hex')],
      [11317, 'X', ''],
    ]);
  });

  it('Codec 8 keeps 1-byte ids and many records in order', () => {
    const records = Array.from({ length: 40 }, (_, i) => ({
      ...base,
      timestampMs: base.timestampMs + i * 1000,
      io: [{ id: 240, group: 1 as const, value: i % 2 }],
    }));
    const decoded = decodedRecords(encodeCodec8Frame(records));
    expect(decoded.map((r) => r.timestampMs)).toEqual(records.map((r) => r.timestampMs));
    expect(decoded[3]?.io[0]?.value).toEqual(hex('01'));
  });

  it('Codec 8 with a 16-byte group decodes through the fallback layout', () => {
    const record: AvlRecordInput = {
      ...base,
      io: [{ id: 203, group: 16, value: Buffer.alloc(16, 7) }],
    };
    const [decoded] = decodedRecords(encodeCodec8Frame([record, record]));
    expect(decoded?.io).toEqual([{ id: 203, group: 16, value: Buffer.alloc(16, 7) }]);
  });

  it('Codec 16 keeps the generation type', () => {
    const [decoded] = decodedRecords(
      encodeAvlFrame(0x10, [{ ...base, eventIoId: 385, generationType: 7 }]),
    );
    expect(decoded).toMatchObject({ eventIoId: 385, generationType: 7 });
  });

  it('a decoded record re-encodes to the same frame', () => {
    const frame = encodeCodec8eFrame([{ ...base, io: [{ id: 16, group: 4, value: 123456 }] }]);
    expect(encodeCodec8eFrame(decodedRecords(frame))).toEqual(frame);
  });

  it('UDP packets carry the IMEI and get their acknowledgement', () => {
    const datagram = encodeTeltonikaUdp({
      imei: '352093081452251',
      packetId: 7,
      avlPacketId: 9,
      codec: 0x8e,
      records: [base, base],
    });
    const packet = decodeTeltonikaUdp(datagram);
    expect(packet).toMatchObject({
      kind: 'avl',
      imei: '352093081452251',
      packetId: 7,
      avlPacketId: 9,
      codec: 0x8e,
    });
    if (packet.kind === 'avl') expect(packet.reply).toEqual(hex('000500070109' + '02'));
  });

  it('logins and Codec 12 commands decode back', () => {
    expect(decodeTeltonikaTcp(encodeLogin('123456789012345'))).toEqual({
      kind: 'login',
      imei: '123456789012345',
    });
    expect(decodeTeltonikaTcp(encodeCodec12Command('setdigout 1'))).toMatchObject({
      kind: 'command',
      text: 'setdigout 1',
    });
  });

  it('refuses input the codec cannot carry', () => {
    expect(() => encodeCodec8Frame([{ ...base, io: [{ id: 300, group: 1, value: 1 }] }])).toThrow(
      RangeError,
    );
    expect(() =>
      encodeCodec8Frame([{ ...base, io: [{ id: 1, group: 'X', value: hex('00') }] }]),
    ).toThrow(RangeError);
    expect(() => encodeCodec8eFrame([{ ...base, io: [{ id: 1, group: 1, value: 256 }] }])).toThrow(
      RangeError,
    );
    expect(() => encodeLogin('12AB')).toThrow(RangeError);
  });
});
