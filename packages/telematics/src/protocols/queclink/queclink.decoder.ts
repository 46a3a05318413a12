// Queclink @Track (GV300, GV200, GV55, GL300… trackers): printable ASCII messages, fields
// separated by ',', ending in '$'. Read from Queclink's "@Track Air Interface Protocol" documents
// (GV300 TRACGV300AN002, GV200 TRACGV200AN003, GL300 TRACGL300AN001):
//
//   +RESP:GTxxx,<protocol version>,<unique id = IMEI>,<device name>,…,<number>,
//     { <GPS accuracy>,<speed km/h>,<azimuth °>,<altitude m>,<longitude>,<latitude>,
//       <GPS UTC time YYYYMMDDHHMMSS>,<MCC>,<MNC>,<LAC>,<cell id>,<reserved> } × number,
//     <mileage km>,…,<send time>,<count number>$
//
// The fields before <number> differ by message and model (report id/type, external power,
// masks), so the position block is found by its shape: the first 14-digit GPS time preceded by a
// longitude and a latitude; <number> is seven fields before it. GPS accuracy 0 means no fix (the
// last known position). `+BUFF:` carries reports the device kept while offline, same format.
// Answers (§ "Server Acknowledgement"): `+SACK:<count number>$` for a report, and
// `+SACK:GTHBD,<protocol version>,<count number>$` for the heartbeat `+ACK:GTHBD`.

import type { Position } from '../../position.js';
import { refused, type Decoded, type FrameDecoder, type StreamDecoder } from '../decoder.js';
import { QueclinkFramer, QUECLINK_MAX_MESSAGE_BYTES } from './queclink.framer.js';

const BLOCK_FIELDS = 12;
const MAX_POSITIONS = 15;
const NO_RECORDS: Position[] = [];
const IMEI = /^\d{1,20}$/;
const COUNT = /^[0-9A-Fa-f]{4}$/;
const GPS_TIME = /^\d{14}$/;
const DECIMAL = /^-?\d{1,3}\.\d+$/;
const MILEAGE = /^\d{1,7}\.\d$/;

function text(frame: Uint8Array): string {
  return Buffer.from(frame.buffer, frame.byteOffset, frame.length).toString('latin1');
}

/** The message's fields: the head (`+RESP:GTFRI`) first, without the tail '$'. */
function fieldsOf(frame: Uint8Array): string[] | null {
  const message = text(frame);
  if (!message.startsWith('+') || !message.endsWith('$')) return null;
  return message.slice(0, -1).split(',');
}

/** YYYYMMDDHHMMSS (UTC) as epoch ms, or null when it is no date (month 13, 25 o'clock…). */
function gpsTime(value: string): number | null {
  const month = Number(value.slice(4, 6));
  const day = Number(value.slice(6, 8));
  const hour = Number(value.slice(8, 10));
  const minute = Number(value.slice(10, 12));
  const second = Number(value.slice(12, 14));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59)
    return null;
  return Date.UTC(Number(value.slice(0, 4)), month - 1, day, hour, minute, second);
}

function optionalNumber(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** Index of the first position block's GPS time, or -1 when the message carries no position. */
function firstGpsTime(fields: readonly string[]): number {
  for (let i = 10; i < fields.length; i += 1) {
    if (
      GPS_TIME.test(fields[i]!) &&
      DECIMAL.test(fields[i - 1]!) &&
      DECIMAL.test(fields[i - 2]!) &&
      /^\d{1,2}$/.test(fields[i - 7]!)
    )
      return i;
  }
  return -1;
}

/** The positions of a report, or the reason it is refused. */
function readPositions(fields: readonly string[], deviceId: string): Position[] | string {
  const time = firstGpsTime(fields);
  if (time === -1) return NO_RECORDS;
  const count = Number(fields[time - 7]);
  const first = time - 6;
  const after = first + count * BLOCK_FIELDS;
  if (count > MAX_POSITIONS || after > fields.length - 2) return `${count} positions do not fit`;
  const mileage = fields[after]!;
  const odometerM = MILEAGE.test(mileage) ? Math.round(Number(mileage) * 1000) : undefined;
  const positions: Position[] = [];
  for (let block = first; block < after; block += BLOCK_FIELDS) {
    const accuracy = optionalNumber(fields[block]);
    const lng = Number(fields[block + 4]);
    const lat = Number(fields[block + 5]);
    const at = fields[block + 6]!;
    // A block without a time never had a fix: nothing to store.
    if (!GPS_TIME.test(at)) continue;
    const fixTimeMs = gpsTime(at);
    if (fixTimeMs === null || !Number.isFinite(lat) || !Number.isFinite(lng))
      return `bad position at field ${block}`;
    const position: Position = { deviceId, fixTimeMs, lat, lng, attributes: {} };
    const speedKmh = optionalNumber(fields[block + 1]);
    const headingDeg = optionalNumber(fields[block + 2]);
    const altitudeM = optionalNumber(fields[block + 3]);
    if (speedKmh !== undefined) position.speedKmh = speedKmh;
    if (headingDeg !== undefined) position.headingDeg = headingDeg;
    if (altitudeM !== undefined) position.altitudeM = altitudeM;
    // GPS accuracy is the HDOP; 0 means the fix failed and the position is the last known one.
    if (accuracy === 0) position.satellites = 0;
    else if (accuracy !== undefined) position.hdop = accuracy;
    if (odometerM !== undefined) position.odometerM = odometerM;
    positions.push(position);
  }
  return positions;
}

function ascii(value: string): Uint8Array {
  return Buffer.from(value, 'latin1');
}

/** The device id a message names: its third field (after the head and the protocol version). */
function identify(frame: Uint8Array): string | null {
  // The head and version are short: the IMEI lies in the first 64 bytes.
  const head = text(frame.subarray(0, Math.min(frame.length, 64))).split(',', 3);
  if (head.length < 3 || !head[0]!.startsWith('+')) return null;
  return IMEI.test(head[2]!) ? head[2]! : null;
}

function decode(frame: Uint8Array): Decoded {
  const fields = fieldsOf(frame);
  if (!fields || fields.length < 4) return refused('malformed', 'not an @Track message');
  const [head = '', version = '', uniqueId = ''] = fields;
  const counter = fields[fields.length - 1]!;
  if (!IMEI.test(uniqueId)) return refused('malformed', 'no unique id');
  if (!COUNT.test(counter)) return refused('malformed', 'no count number');
  if (head === '+ACK:GTHBD')
    return {
      identity: uniqueId,
      records: NO_RECORDS,
      reply: ascii(`+SACK:GTHBD,${version},${counter}$`),
    };
  if (head.startsWith('+ACK:')) return { identity: uniqueId, records: NO_RECORDS, note: head };
  if (!head.startsWith('+RESP:GT') && !head.startsWith('+BUFF:GT'))
    return refused('malformed', `unknown message ${head.slice(0, 16)}`);
  const positions = readPositions(fields, uniqueId);
  if (typeof positions === 'string') return refused('malformed', positions);
  return { identity: uniqueId, records: positions, reply: ascii(`+SACK:${counter}$`) };
}

/** Queclink @Track over TCP: every message names its device; reports answered after commit. */
export function queclinkDecoder(
  maxMessageBytes = QUECLINK_MAX_MESSAGE_BYTES,
): StreamDecoder<null> & FrameDecoder<null> {
  return {
    createFramer: () => new QueclinkFramer(maxMessageBytes),
    maxBytesBeforeIdentity: maxMessageBytes,
    identify,
    decode: (frame) => decode(frame),
  };
}
