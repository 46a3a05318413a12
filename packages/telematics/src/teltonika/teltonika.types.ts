// Values the Teltonika codecs produce and consume.

/** Codec ids of AVL data packets: 0x08 Codec 8, 0x8E Codec 8 Extended, 0x10 Codec 16. */
export type AvlCodec = 0x08 | 0x8e | 0x10;

/** Codec ids of command/response packets: 0x0C Codec 12, 0x0D Codec 13, 0x0E Codec 14. */
export type CommandCodec = 0x0c | 0x0d | 0x0e;

/**
 * IO group an element travels in: fixed 1/2/4/8-byte values, the 16-byte group some Codec 8
 * firmwares append, or `'X'` (Codec 8E variable length).
 */
export type IoGroup = 1 | 2 | 4 | 8 | 16 | 'X';

/** One IO element as sent: id and raw big-endian bytes, not scaled or interpreted. */
export interface AvlIoElement {
  id: number;
  group: IoGroup;
  value: Buffer;
}

/** One AVL record exactly as the device sent it (units as on the wire). */
export interface RawAvlRecord {
  timestampMs: number;
  /** 0 low, 1 high, 2 panic. */
  priority: number;
  lng: number;
  lat: number;
  altitudeM: number;
  angleDeg: number;
  satellites: number;
  speedKmh: number;
  /** IO id that triggered the record, 0 for periodic records. */
  eventIoId: number;
  /** Codec 16 only: what generated the record (0 on exit … 7 on change, per the spec). */
  generationType?: number;
  io: AvlIoElement[];
}

/** Why a frame or datagram was refused; the device gets no acknowledgement and resends. */
export type TeltonikaErrorReason = 'crc' | 'length' | 'codec' | 'truncated' | 'malformed';

/** A refused frame: never acknowledged. */
export interface TeltonikaError {
  kind: 'error';
  reason: TeltonikaErrorReason;
  detail: string;
  /** The codec id when it could be read. */
  codec?: number;
}

/** A decoded Codec 12/13/14 message (device responses and text messages). */
export interface TeltonikaCommand {
  kind: 'command';
  codec: 12 | 13 | 14;
  /** Command type byte (0x05 command, 0x06 response, 0x11 Codec 14 nACK, 0x0D camera…). */
  type: number;
  payload: Buffer;
  /** The payload read as text (latin1, so binary payloads stay lossless). */
  text: string;
  /** Codec 13: the 4-byte timestamp, read as Unix seconds. */
  timestampMs?: number;
  /** Codec 14: the IMEI the message is addressed to or comes from. */
  imei?: string;
}

/** A decoded TCP AVL packet and the acknowledgement to send once it is safely stored. */
export interface TeltonikaAvlPacket {
  kind: 'avl';
  codec: AvlCodec;
  records: RawAvlRecord[];
  /** 4-byte big-endian record count. */
  reply: Buffer;
}

/** Everything a TCP frame can decode to. */
export type TeltonikaTcpMessage =
  | { kind: 'ping' }
  | { kind: 'login'; imei: string }
  | TeltonikaAvlPacket
  | TeltonikaCommand
  | TeltonikaError;

/** A decoded UDP datagram and its acknowledgement. */
export interface TeltonikaUdpPacket {
  kind: 'avl';
  imei: string;
  packetId: number;
  avlPacketId: number;
  codec: AvlCodec;
  records: RawAvlRecord[];
  /** 0x0005, packet id, 0x01, AVL packet id, record count. */
  reply: Buffer;
}
