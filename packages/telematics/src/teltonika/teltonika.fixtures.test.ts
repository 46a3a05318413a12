import { describe, expect, it } from 'vitest';
import { validatePosition } from '../position.js';
import {
  hasDeviceFixture,
  readDeviceFixture,
  type FixtureRecord,
  type TeltonikaVector,
} from '../test-support/device-fixtures.js';
import { IO_TABLES, familyOfModel } from './io-tables.js';
import { mapAvlRecord } from './io-mapping.js';
import { TeltonikaFramer } from './teltonika.framer.js';
import { decodeTeltonikaTcp, decodeTeltonikaUdp } from './teltonika.decoder.js';
import type { RawAvlRecord } from './teltonika.types.js';

const FILE = 'teltonika.json';
const available = hasDeviceFixture(FILE);
const vectors = available ? readDeviceFixture<TeltonikaVector[]>(FILE) : [];
const fromProtocolTest = vectors.filter((v) =>
  v.source.endsWith('TeltonikaProtocolDecoderTest.java'),
);
const fromFrameTest = vectors.filter((v) => v.source.endsWith('TeltonikaFrameDecoderTest.java'));
const name = (v: TeltonikaVector): string => `line ${v.line} (${v.kind} ${v.codec ?? ''})`;
const bytes = (v: TeltonikaVector): Buffer => Buffer.from(v.hex, 'hex');

function groupedIo(record: RawAvlRecord): Record<string, [number, string][]> {
  const groups: Record<string, [number, string][]> = {};
  for (const el of record.io)
    (groups[String(el.group)] ??= []).push([el.id, el.value.toString('hex')]);
  return groups;
}

function expectRecordsMatch(records: RawAvlRecord[], expected: FixtureRecord[]): void {
  expect(records).toHaveLength(expected.length);
  records.forEach((r, i) => {
    const e = expected[i]!;
    expect(new Date(r.timestampMs).toISOString()).toBe(e.timestamp);
    expect(r.priority).toBe(e.priority);
    expect(r.lat).toBeCloseTo(e.latitude!, 7);
    expect(r.lng).toBeCloseTo(e.longitude!, 7);
    expect(r.altitudeM).toBe(e.altitude_m);
    expect(r.angleDeg).toBe(e.angle_deg);
    expect(r.satellites).toBe(e.satellites);
    expect(r.speedKmh).toBe(e.speed_kmh);
    expect(r.eventIoId).toBe(e.event_io_id);
    expect(r.generationType).toBe(e.generation_type);
    expect(groupedIo(r)).toEqual(
      Object.fromEntries(
        Object.entries(e.io ?? {}).map(([g, list]) => [
          g,
          list.map(([id, hex]) => [id, hex.toLowerCase()]),
        ]),
      ),
    );
  });
}

describe.skipIf(!available)('Teltonika captured frames (shared fixtures)', () => {
  const avl = fromProtocolTest.filter(
    (v) =>
      v.kind === 'tcp_avl' && v.crc_ok === true && ['0x08', '0x8E', '0x10'].includes(v.codec ?? ''),
  );

  it('has the frames the suite expects', () => {
    expect(avl.length).toBeGreaterThanOrEqual(30);
  });

  it.each(avl.map((v) => [name(v), v] as const))('decodes every record of %s exactly', (_, v) => {
    const message = decodeTeltonikaTcp(bytes(v));
    expect(message.kind).toBe('avl');
    if (message.kind !== 'avl') return;
    expectRecordsMatch(message.records, v.decoded_records ?? []);
    expect(message.reply.readUInt32BE(0)).toBe(v.decoded_records?.length);
  });

  it.each(avl.map((v) => [name(v), v] as const))(
    'maps every record of %s to a Position',
    (_, v) => {
      const message = decodeTeltonikaTcp(bytes(v));
      if (message.kind !== 'avl') throw new Error('not avl');
      const table = IO_TABLES[familyOfModel(v.context.model)];
      for (const record of message.records) {
        const position = mapAvlRecord(record, table, '356307042441013');
        expect(position.fixTimeMs).toBe(record.timestampMs);
        if (v.asserts.checkLocation !== false) {
          expect(validatePosition(position, Date.UTC(2030, 0, 1)).ok).toBe(true);
        }
      }
    },
  );

  const badCrc = vectors.filter((v) => v.crc_ok === false);
  it.each(badCrc.map((v) => [name(v), v] as const))(
    'refuses %s (bad CRC or length) without a reply',
    (_, v) => {
      const message = decodeTeltonikaTcp(bytes(v));
      expect(message.kind).toBe('error');
      expect('reply' in message).toBe(false);
    },
  );

  const logins = fromProtocolTest.filter((v) => v.kind === 'imei_login');
  it.each(logins.map((v) => [name(v), v] as const))(
    'decodes the login of %s to its IMEI',
    (_, v) => {
      expect(decodeTeltonikaTcp(bytes(v))).toEqual({ kind: 'login', imei: v.imei });
    },
  );

  it('decodes the lone 0xFF as a keep-alive', () => {
    const ping = fromProtocolTest.find((v) => v.kind === 'ping_ff')!;
    expect(decodeTeltonikaTcp(bytes(ping))).toEqual({ kind: 'ping' });
  });

  const commands = fromProtocolTest.filter((v) => v.kind === 'tcp_command' && v.crc_ok === true);
  it.each(commands.map((v) => [name(v), v] as const))(
    'decodes the command of %s as text',
    (_, v) => {
      const message = decodeTeltonikaTcp(bytes(v));
      expect(message.kind).toBe('command');
      if (message.kind !== 'command') return;
      const expected = v.decoded_records![0]!;
      expect(message.type).toBe(parseInt(expected.type!, 16));
      expect(message.payload.toString('hex')).toBe(expected.payload_hex!.toLowerCase());
      expect(message.text).toBe(message.payload.toString('latin1'));
    },
  );

  it('refuses Codec 7 frames as an unsupported codec', () => {
    const codec7 = fromProtocolTest.filter((v) => v.codec === '0x07' && v.crc_ok === true);
    expect(codec7.length).toBeGreaterThan(0);
    for (const v of codec7)
      expect(decodeTeltonikaTcp(bytes(v))).toMatchObject({ kind: 'error', reason: 'codec' });
  });

  it('decodes the UDP datagram and builds its acknowledgement', () => {
    const v = vectors.find((x) => x.kind === 'udp_avl')!;
    const packet = decodeTeltonikaUdp(bytes(v));
    expect(packet.kind).toBe('avl');
    if (packet.kind !== 'avl') return;
    expect(packet.imei).toBe(v.udp_header!.imei);
    expect(packet.packetId).toBe(parseInt(v.udp_header!.packet_id, 16));
    expect(packet.avlPacketId).toBe(v.udp_header!.avl_packet_id);
    expectRecordsMatch(packet.records, v.decoded_records!);
    expect(packet.reply.toString('hex')).toBe('0005cafe012201');
  });

  it.each(fromFrameTest.map((v) => [name(v), v] as const))(
    'frames %s like the reference splitter',
    (_, v) => {
      const frames = new TeltonikaFramer().push(bytes(v));
      expect(frames[0]?.toString('hex')).toBe(v.asserts.expected_first_frame_hex!.toLowerCase());
    },
  );
});
