import { describe, expect, it } from 'vitest';
import { defineIoTable } from '../teltonika/io-tables.js';
import {
  encodeCodec8eFrame,
  encodeLogin,
  encodeTeltonikaUdp,
} from '../teltonika/teltonika.encoder.js';
import { isKeepAlive } from './decoder.js';
import { readTeltonikaDatagram, teltonikaTcpDecoder, teltonikaUdpDecoder } from './teltonika.js';

const device = { uniqueId: '356307042441013', ioTable: defineIoTable('test', []) };
const record = {
  timestampMs: Date.UTC(2026, 0, 1),
  lat: -34.6,
  lng: -58.4,
  altitudeM: 25,
  angleDeg: 90,
  satellites: 9,
  speedKmh: 50,
  io: [],
};

describe('Teltonika behind the decoder interface', () => {
  const decoder = teltonikaTcpDecoder();

  it('names the device in the login frame only, and answers it 01 (00 is the refusal)', () => {
    const login = encodeLogin(device.uniqueId);
    expect(decoder.identify(login)).toBe(device.uniqueId);
    expect(decoder.decode(login, null)).toMatchObject({
      identity: device.uniqueId,
      reply: Buffer.of(1),
    });
    expect(decoder.refusal).toEqual(Buffer.of(0));
    expect(decoder.identify(encodeCodec8eFrame([record]))).toBeNull();
  });

  it('maps AVL records with the device context and answers their count; refuses them before a login', () => {
    const frame = encodeCodec8eFrame([
      record,
      { ...record, timestampMs: record.timestampMs + 1000 },
    ]);
    const decoded = decoder.decode(frame, device);
    expect(decoded.records.map((p) => [p.deviceId, p.fixTimeMs, p.speedKmh])).toEqual([
      [device.uniqueId, record.timestampMs, 50],
      [device.uniqueId, record.timestampMs + 1000, 50],
    ]);
    expect(Buffer.from(decoded.reply!).readUInt32BE(0)).toBe(2);
    expect(decoder.decode(frame, null).error?.reason).toBe('no login');
    expect(isKeepAlive(decoder.decode(Buffer.of(0xff), null))).toBe(true);
  });

  it('reads a UDP datagram once: identity and answer first, records with the device', () => {
    const read = readTeltonikaDatagram(
      encodeTeltonikaUdp({ imei: device.uniqueId, packetId: 1, avlPacketId: 1, records: [record] }),
    );
    if (read.error) throw new Error(read.error.reason);
    expect(read.identity).toBe(device.uniqueId);
    expect(read.records(device)).toHaveLength(1);
    expect(readTeltonikaDatagram(Buffer.from('nonsense')).error).toBeDefined();
    const datagram = encodeTeltonikaUdp({
      imei: device.uniqueId,
      packetId: 7,
      avlPacketId: 3,
      records: [record],
    });
    expect(teltonikaUdpDecoder.identify(datagram)).toBe(device.uniqueId);
    expect(teltonikaUdpDecoder.decode(datagram, device).records).toHaveLength(1);
    expect(teltonikaUdpDecoder.decode(Buffer.from('nonsense'), null).error).toBeDefined();
  });
});
