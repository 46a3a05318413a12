// Teltonika TCP frames and UDP datagrams → values (https://wiki.teltonika-gps.com/view/Codec).
// Never throws: malformed input is an error value, and an error is never acknowledged, so the
// device keeps the records and sends them again.

import { isAvlCodec, parseAvlData } from './avl-data.parser.js';
import { isCommandCodec, parseCommandData } from './command-data.parser.js';
import { crc16Ibm } from './crc16.js';
import { TELTONIKA_MAX_DATA_BYTES } from './teltonika.framer.js';
import { encodeAvlReply, encodeUdpReply } from './teltonika.replies.js';
import type { TeltonikaError, TeltonikaTcpMessage, TeltonikaUdpPacket } from './teltonika.types.js';

const HEADER_BYTES = 8; // 4-byte zero preamble + 4-byte data length
const CRC_BYTES = 4;
const MAX_IMEI_DIGITS = 20;

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

function error(reason: TeltonikaError['reason'], detail: string, codec?: number): TeltonikaError {
  return codec === undefined
    ? { kind: 'error', reason, detail }
    : { kind: 'error', reason, detail, codec };
}

/** Whether every byte of `buf[start, end)` is an ASCII digit. */
function isDigits(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i] ?? 0;
    if (c < 0x30 || c > 0x39) return false;
  }
  return end > start;
}

function decodeLogin(buf: Buffer): TeltonikaTcpMessage {
  const length = buf.readUInt16BE(0);
  if (length === 0 || length > MAX_IMEI_DIGITS || length + 2 !== buf.length) {
    return error('length', `login length ${length} does not match ${buf.length - 2} byte(s)`);
  }
  if (!isDigits(buf, 2, buf.length)) return error('malformed', 'login IMEI is not ASCII digits');
  return { kind: 'login', imei: buf.toString('latin1', 2) };
}

function decodePacket(buf: Buffer): TeltonikaTcpMessage {
  if (buf.length < HEADER_BYTES + CRC_BYTES)
    return error('truncated', 'frame shorter than 12 bytes');
  const dataLength = buf.readUInt32BE(4);
  if (dataLength < 3 || dataLength + HEADER_BYTES + CRC_BYTES !== buf.length) {
    return error('length', `data length ${dataLength} does not match a ${buf.length}-byte frame`);
  }
  const dataEnd = HEADER_BYTES + dataLength;
  const codec = buf.readUInt8(HEADER_BYTES);
  const crcField = buf.readUInt32BE(dataEnd);
  const crc = crc16Ibm(buf, HEADER_BYTES, dataEnd);
  if (crcField !== crc) {
    return error('crc', `CRC 0x${crc.toString(16)} ≠ field 0x${crcField.toString(16)}`, codec);
  }
  if (isAvlCodec(codec)) {
    const data = parseAvlData(buf, HEADER_BYTES, dataEnd);
    if (!('ok' in data)) return data;
    return {
      kind: 'avl',
      codec: data.codec,
      records: data.records,
      reply: encodeAvlReply(data.records.length),
    };
  }
  if (isCommandCodec(codec)) return parseCommandData(buf, HEADER_BYTES, dataEnd);
  return error('codec', `codec 0x${codec.toString(16)} not supported`, codec);
}

/**
 * Decodes one complete TCP frame as {@link TeltonikaFramer} emits it: a lone 0xFF keep-alive, an
 * IMEI login (2-byte length + ASCII digits) or a `00000000` packet (AVL data or a command).
 * The login reply (`loginReply`) is the caller's decision; an AVL packet carries its `reply`.
 */
export function decodeTeltonikaTcp(frame: Uint8Array): TeltonikaTcpMessage {
  const buf = asBuffer(frame);
  if (buf.length === 1 && buf[0] === 0xff) return { kind: 'ping' };
  if (buf.length < 2) return error('truncated', `${buf.length}-byte frame`);
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0) return decodePacket(buf);
  return decodeLogin(buf);
}

/**
 * Decodes one UDP datagram: 2-byte length, packet id, packet type, AVL packet id, 2-byte IMEI
 * length, IMEI, then AVL data (no CRC). The `reply` acknowledges it.
 */
export function decodeTeltonikaUdp(datagram: Uint8Array): TeltonikaUdpPacket | TeltonikaError {
  const buf = asBuffer(datagram);
  if (buf.length < 8) return error('truncated', 'datagram shorter than its header');
  const length = buf.readUInt16BE(0);
  if (length + 2 !== buf.length) {
    return error('length', `length ${length} does not match a ${buf.length}-byte datagram`);
  }
  const packetId = buf.readUInt16BE(2);
  const avlPacketId = buf.readUInt8(5);
  const imeiLength = buf.readUInt16BE(6);
  const imeiEnd = 8 + imeiLength;
  if (imeiLength === 0 || imeiLength > MAX_IMEI_DIGITS || imeiEnd >= buf.length) {
    return error('length', `IMEI length ${imeiLength} does not fit`);
  }
  if (!isDigits(buf, 8, imeiEnd)) return error('malformed', 'IMEI is not ASCII digits');
  // The bound of a TCP packet's data (today also implied by the datagram's 2-byte length).
  if (buf.length - imeiEnd > TELTONIKA_MAX_DATA_BYTES) {
    return error('length', `AVL data of ${buf.length - imeiEnd} bytes exceeds the maximum`);
  }
  const data = parseAvlData(buf, imeiEnd, buf.length);
  if (!('ok' in data)) return data;
  return {
    kind: 'avl',
    imei: buf.toString('latin1', 8, imeiEnd),
    packetId,
    avlPacketId,
    codec: data.codec,
    records: data.records,
    reply: encodeUdpReply(packetId, avlPacketId, data.records.length),
  };
}
