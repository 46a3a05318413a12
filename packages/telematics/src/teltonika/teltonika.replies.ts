// What the server answers a Teltonika device (https://wiki.teltonika-gps.com/view/Codec).

/** Answer to an IMEI login: `01` accepts the device, `00` refuses it. */
export function loginReply(accepted: boolean): Buffer {
  return Buffer.from([accepted ? 0x01 : 0x00]);
}

/** TCP acknowledgement of an AVL packet: the number of records received, 4 bytes big-endian. */
export function encodeAvlReply(recordCount: number): Buffer {
  const reply = Buffer.alloc(4);
  reply.writeUInt32BE(recordCount, 0);
  return reply;
}

/** UDP acknowledgement: length 0x0005, packet id, packet type 0x01, AVL packet id, record count. */
export function encodeUdpReply(packetId: number, avlPacketId: number, recordCount: number): Buffer {
  const reply = Buffer.alloc(7);
  reply.writeUInt16BE(5, 0);
  reply.writeUInt16BE(packetId, 2);
  reply.writeUInt8(0x01, 4);
  reply.writeUInt8(avlPacketId, 5);
  reply.writeUInt8(recordCount & 0xff, 6);
  return reply;
}
