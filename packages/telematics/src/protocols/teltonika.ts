// Teltonika (Codec 8/8E/16 over TCP and UDP) behind the common decoder shape. The codec itself is
// in ../teltonika/; this file only says what a frame means to the session shell.

import type { Position } from '../position.js';
import { mapAvlRecord } from '../teltonika/io-mapping.js';
import type { IoTable } from '../teltonika/io-tables.js';
import { loginReply } from '../teltonika/teltonika.replies.js';
import { decodeTeltonikaTcp, decodeTeltonikaUdp } from '../teltonika/teltonika.decoder.js';
import { TeltonikaFramer, TELTONIKA_MAX_DATA_BYTES } from '../teltonika/teltonika.framer.js';
import type { RawAvlRecord } from '../teltonika/teltonika.types.js';
import {
  refused,
  type DecodeError,
  type Decoded,
  type FrameDecoder,
  type StreamDecoder,
} from './decoder.js';

/** What a Teltonika record needs to become a Position: the device and its model's IO table. */
export interface TeltonikaDevice {
  uniqueId: string;
  ioTable: IoTable;
}

const NO_RECORDS: Position[] = [];
// A login frame: 2-byte length + at most 20 IMEI digits. Before a login, nothing more is held.
const MAX_LOGIN_FRAME_BYTES = 22;
const MAX_IMEI_DIGITS = 20;
const LOGIN_ACCEPTED = loginReply(true);

function mapRecords(records: readonly RawAvlRecord[], device: TeltonikaDevice): Position[] {
  const positions = new Array<Position>(records.length);
  for (let i = 0; i < records.length; i += 1)
    positions[i] = mapAvlRecord(records[i]!, device.ioTable, device.uniqueId);
  return positions;
}

function isDigits(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) {
    const byte = bytes[i]!;
    if (byte < 0x30 || byte > 0x39) return false;
  }
  return true;
}

/** The IMEI of a login frame (2-byte length + digits), or null for any other frame. */
function loginImei(frame: Uint8Array): string | null {
  if (frame.length < 3 || frame.length > MAX_LOGIN_FRAME_BYTES) return null;
  const length = (frame[0]! << 8) | frame[1]!;
  if (length === 0 || length + 2 !== frame.length || !isDigits(frame, 2, frame.length)) return null;
  return Buffer.from(frame.buffer, frame.byteOffset + 2, length).toString('latin1');
}

/** Options of {@link teltonikaTcpDecoder}. */
export interface TeltonikaTcpOptions {
  /** Largest data length of one packet (see `TELTONIKA_MAX_DATA_BYTES`). */
  maxDataBytes?: number;
}

/**
 * Teltonika over TCP: a login frame (the IMEI) answered 01, or 00 before closing when the device
 * is unknown; AVL packets answered with their record count after commit; keep-alives (FF) and
 * command answers (Codec 12/13/14) stored nowhere.
 */
export function teltonikaTcpDecoder(
  options: TeltonikaTcpOptions = {},
): StreamDecoder<TeltonikaDevice> {
  const maxDataBytes = options.maxDataBytes ?? TELTONIKA_MAX_DATA_BYTES;
  return {
    createFramer: () => new TeltonikaFramer({ maxDataBytes }),
    refusal: loginReply(false),
    maxBytesBeforeIdentity: MAX_LOGIN_FRAME_BYTES,
    identify: loginImei,
    decode(frame, device): Decoded {
      const message = decodeTeltonikaTcp(frame);
      switch (message.kind) {
        case 'ping':
          return { records: NO_RECORDS };
        case 'login':
          return { identity: message.imei, records: NO_RECORDS, reply: LOGIN_ACCEPTED };
        case 'avl':
          if (!device) return refused('no login', 'AVL packet before a login');
          return { records: mapRecords(message.records, device), reply: message.reply };
        case 'command':
          return { records: NO_RECORDS, note: `codec ${message.codec}: ${message.text}` };
        case 'error':
          return refused(message.reason, message.detail);
      }
    },
  };
}

/**
 * Teltonika over UDP: each datagram names its IMEI and is answered (packet id, AVL packet id,
 * record count) after commit. The decoder applies the TCP bounds. The UDP listener reads a
 * datagram once with {@link readTeltonikaDatagram}; this is the same in the common shape.
 */
export const teltonikaUdpDecoder: FrameDecoder<TeltonikaDevice> = {
  identify(datagram) {
    if (datagram.length < 9) return null;
    const imeiLength = (datagram[6]! << 8) | datagram[7]!;
    const end = 8 + imeiLength;
    if (imeiLength === 0 || imeiLength > MAX_IMEI_DIGITS || end >= datagram.length) return null;
    if (!isDigits(datagram, 8, end)) return null;
    return Buffer.from(datagram.buffer, datagram.byteOffset + 8, imeiLength).toString('latin1');
  },
  decode(datagram, device): Decoded {
    const read = readTeltonikaDatagram(datagram);
    if (read.error) return { records: NO_RECORDS, error: read.error };
    if (!device) return { identity: read.identity, records: NO_RECORDS };
    return { identity: read.identity, records: read.records(device), reply: read.reply };
  },
};

/** A Teltonika datagram read once: its IMEI and answer, its records mapped once the device is known. */
export type TeltonikaDatagram =
  | { error: DecodeError }
  | {
      error?: undefined;
      identity: string;
      reply: Uint8Array;
      records(device: TeltonikaDevice): Position[];
    };

/**
 * Reads a UDP datagram once (a bad one is refused before its device is looked up), leaving the
 * records to be mapped with the device's IO table: {@link teltonikaUdpDecoder} in two steps.
 */
export function readTeltonikaDatagram(datagram: Uint8Array): TeltonikaDatagram {
  const decoded = decodeTeltonikaUdp(datagram);
  if (decoded.kind !== 'avl') return { error: { reason: decoded.reason, detail: decoded.detail } };
  return {
    identity: decoded.imei,
    reply: decoded.reply,
    records: (device) => mapRecords(decoded.records, device),
  };
}
