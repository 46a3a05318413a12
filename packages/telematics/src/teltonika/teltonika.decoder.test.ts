import { describe, expect, it } from 'vitest';
import { crc16Ibm } from './crc16.js';
import { decodeTeltonikaTcp, decodeTeltonikaUdp } from './teltonika.decoder.js';
import { encodeCodec12Command, encodeLogin, encodeTcpPacket } from './teltonika.encoder.js';
import { loginReply } from './teltonika.replies.js';

// Worked examples from https://wiki.teltonika-gps.com/view/Codec.
const WIKI_CODEC8 =
  '000000000000003608010000016B40D8EA30010000000000000000000000000000000105021503010101425E0F01F10000601A014E0000000000000000010000C7CF';
const WIKI_CODEC8E =
  '000000000000004A8E010000016B412CEE000100000000000000000000000000000000010005000100010100010011001D00010010015E2C880002000B000000003544C87A000E000000001DD7E06A00000100002994';
const WIKI_CODEC16 =
  '000000000000005F10020000016BDBC7833000000000000000000000000000000000000B05040200010000030002000B00270042563A00000000016BDBC7871800000000000000000000000000000000000B05040200010000030002000B00260042563A00000200005FB3';

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const io = (id: number, group: number | 'X', value: string) => ({ id, group, value: hex(value) });

describe('crc16Ibm', () => {
  it('matches the CRC-16/ARC check value of "123456789"', () => {
    expect(crc16Ibm(Buffer.from('123456789'))).toBe(0xbb3d);
  });

  it('is 0 for no bytes', () => {
    expect(crc16Ibm(Buffer.alloc(0))).toBe(0);
  });
});

describe('decodeTeltonikaTcp', () => {
  it('decodes the wiki Codec 8 example record by record', () => {
    expect(decodeTeltonikaTcp(hex(WIKI_CODEC8))).toEqual({
      kind: 'avl',
      codec: 0x08,
      reply: hex('00000001'),
      records: [
        {
          timestampMs: Date.UTC(2019, 5, 10, 10, 4, 46),
          priority: 1,
          lng: 0,
          lat: 0,
          altitudeM: 0,
          angleDeg: 0,
          satellites: 0,
          speedKmh: 0,
          eventIoId: 1,
          io: [
            io(21, 1, '03'),
            io(1, 1, '01'),
            io(66, 2, '5e0f'),
            io(241, 4, '0000601a'),
            io(78, 8, '0000000000000000'),
          ],
        },
      ],
    });
  });

  it('decodes the wiki Codec 8 Extended example with 2-byte ids', () => {
    const message = decodeTeltonikaTcp(hex(WIKI_CODEC8E));
    expect(message).toMatchObject({ kind: 'avl', codec: 0x8e, reply: hex('00000001') });
    if (message.kind !== 'avl') return;
    expect(message.records[0]?.timestampMs).toBe(Date.UTC(2019, 5, 10, 11, 36, 32));
    expect(message.records[0]?.io).toEqual([
      io(1, 1, '01'),
      io(17, 2, '001d'),
      io(16, 4, '015e2c88'),
      io(11, 8, '000000003544c87a'),
      io(14, 8, '000000001dd7e06a'),
    ]);
  });

  it('decodes the wiki Codec 16 example with its generation type', () => {
    const message = decodeTeltonikaTcp(hex(WIKI_CODEC16));
    expect(message).toMatchObject({ kind: 'avl', codec: 0x10, reply: hex('00000002') });
    if (message.kind !== 'avl') return;
    expect(message.records.map((r) => [r.eventIoId, r.generationType])).toEqual([
      [11, 5],
      [11, 5],
    ]);
  });

  it('refuses a frame whose CRC does not match, with no reply', () => {
    const frame = hex(WIKI_CODEC8);
    frame[20] = (frame[20] ?? 0) ^ 0x01;
    expect(decodeTeltonikaTcp(frame)).toMatchObject({ kind: 'error', reason: 'crc' });
  });

  it('refuses a frame whose length field does not match its size', () => {
    expect(decodeTeltonikaTcp(hex(WIKI_CODEC8).subarray(0, 40))).toMatchObject({
      kind: 'error',
      reason: 'length',
    });
  });

  it('refuses an unknown codec after a valid CRC', () => {
    expect(decodeTeltonikaTcp(encodeTcpPacket(hex('07000000')))).toMatchObject({
      kind: 'error',
      reason: 'codec',
      codec: 7,
    });
  });

  it('reports records that run past the data as truncated', () => {
    // Claims one record but carries only 5 bytes of it.
    expect(decodeTeltonikaTcp(encodeTcpPacket(hex('08010000016B4001')))).toMatchObject({
      kind: 'error',
      reason: 'truncated',
    });
  });

  it('refuses mismatched record counts', () => {
    const data = hex(WIKI_CODEC8).subarray(8, -4);
    data[data.length - 1] = 2;
    expect(decodeTeltonikaTcp(encodeTcpPacket(data))).toMatchObject({
      kind: 'error',
      reason: 'malformed',
    });
  });

  it('refuses a Codec 8 record whose total IO count is not the sum of its group counts', () => {
    const data = hex(WIKI_CODEC8).subarray(8, -4);
    expect(data[27]).toBe(5); // event id at 26, total IO count at 27: 2 + 1 + 1 + 1 elements
    for (const total of [4, 6]) {
      data[27] = total;
      expect(decodeTeltonikaTcp(encodeTcpPacket(data))).toMatchObject({
        kind: 'error',
        reason: 'malformed',
        detail: `IO count ${total} ≠ 5 element(s)`,
      });
    }
  });

  it('refuses a Codec 8E record whose total IO count is not the sum of its group counts', () => {
    const data = hex(WIKI_CODEC8E).subarray(8, -4);
    expect(data.readUInt16BE(28)).toBe(5); // 2-byte event id at 26, 2-byte total at 28
    data.writeUInt16BE(6, 28);
    expect(decodeTeltonikaTcp(encodeTcpPacket(data))).toMatchObject({
      kind: 'error',
      reason: 'malformed',
    });
  });

  it('decodes an IMEI login and a keep-alive', () => {
    expect(decodeTeltonikaTcp(encodeLogin('356307042441013'))).toEqual({
      kind: 'login',
      imei: '356307042441013',
    });
    expect(decodeTeltonikaTcp(hex('ff'))).toEqual({ kind: 'ping' });
  });

  it('refuses a login whose IMEI is not digits', () => {
    expect(decodeTeltonikaTcp(Buffer.from('\u0000\u0003abc', 'latin1'))).toMatchObject({
      kind: 'error',
    });
  });

  it('decodes a Codec 12 command as text', () => {
    expect(decodeTeltonikaTcp(encodeCodec12Command('getinfo'))).toMatchObject({
      kind: 'command',
      codec: 12,
      type: 5,
      text: 'getinfo',
    });
  });

  it('never throws on empty or tiny input', () => {
    for (const input of ['', '00', '0000', '000000', '00000000', 'ff00', '000000000000000008']) {
      expect(() => decodeTeltonikaTcp(hex(input))).not.toThrow();
      expect(() => decodeTeltonikaUdp(hex(input))).not.toThrow();
    }
  });
});

describe('loginReply', () => {
  it('answers 01 to accept and 00 to refuse', () => {
    expect(loginReply(true)).toEqual(hex('01'));
    expect(loginReply(false)).toEqual(hex('00'));
  });
});

describe('decodeTeltonikaUdp', () => {
  const datagram = (imei: string, data: string): Buffer => {
    const body = Buffer.concat([
      hex('cafe0122'),
      Buffer.from([0, imei.length]),
      Buffer.from(imei),
      hex(data),
    ]);
    return Buffer.concat([Buffer.from([body.length >> 8, body.length & 0xff]), body]);
  };

  it('acknowledges with length 5, packet id, 01, AVL packet id and record count', () => {
    const packet = decodeTeltonikaUdp(datagram('352093081452251', WIKI_CODEC8.slice(16, -8)));
    expect(packet).toMatchObject({
      kind: 'avl',
      imei: '352093081452251',
      packetId: 0xcafe,
      avlPacketId: 0x22,
    });
    if (packet.kind === 'avl') expect(packet.reply).toEqual(hex('0005cafe012201'));
  });

  it('refuses a datagram whose record contradicts its IO count', () => {
    const data = hex(WIKI_CODEC8).subarray(8, -4);
    data[27] = 4;
    expect(decodeTeltonikaUdp(datagram('352093081452251', data.toString('hex')))).toMatchObject({
      kind: 'error',
      reason: 'malformed',
    });
  });

  it('refuses a datagram whose length field is wrong', () => {
    const bad = datagram('352093081452251', WIKI_CODEC8.slice(16, -8));
    bad.writeUInt16BE(10, 0);
    expect(decodeTeltonikaUdp(bad)).toMatchObject({ kind: 'error', reason: 'length' });
  });
});
