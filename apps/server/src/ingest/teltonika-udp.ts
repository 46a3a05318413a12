import { createSocket, type Socket } from 'node:dgram';
import { decodeTeltonikaUdp, mapAvlRecord } from '@rumbo/telematics';
import type { IngestContext } from './ingest-types.js';

/**
 * Bytes of datagrams being stored at once; past it, datagrams are dropped unanswered (the device
 * resends), as the TCP port caps the bytes it holds.
 */
export const DEFAULT_UDP_MAX_IN_FLIGHT_BYTES = 16 * 1024 * 1024;

/**
 * Starts the Teltonika UDP listener: each datagram is stored, then acknowledged. The decoder
 * applies the TCP bounds (AVL data of at most `TELTONIKA_MAX_DATA_BYTES`, 1–20 IMEI digits, IO
 * counts that add up).
 */
export async function startTeltonikaUdp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
  maxInFlightBytes = DEFAULT_UDP_MAX_IN_FLIGHT_BYTES,
): Promise<Socket> {
  const socket = createSocket('udp4');
  let inFlightBytes = 0;
  socket.on('message', (datagram, remote) => {
    if (inFlightBytes + datagram.length > maxInFlightBytes) {
      ctx.log.debug({ remote: remote.address }, 'Teltonika UDP datagram dropped (port busy)');
      return;
    }
    const decoded = decodeTeltonikaUdp(datagram);
    if (decoded.kind !== 'avl') {
      ctx.counters.badFrames += 1;
      ctx.log.warn(
        { remote: remote.address, reason: decoded.reason, detail: decoded.detail },
        'bad Teltonika UDP datagram',
      );
      return;
    }
    inFlightBytes += datagram.length;
    void ctx
      .resolveDevice(decoded.imei, 'teltonika')
      .then(async (device) => {
        if (!device) {
          ctx.counters.unknownDevices += 1;
          return;
        }
        const table = ctx.ioTable(device);
        const positions = decoded.records.map((raw) => mapAvlRecord(raw, table, device.uniqueId));
        const result = await ctx.submit(device, positions);
        ctx.counters.recordsAcked += result.accepted;
        ctx.counters.recordsRejected += result.rejected;
        socket.send(decoded.reply, remote.port, remote.address);
      })
      .catch((error: unknown) =>
        ctx.log.warn({ imei: decoded.imei, err: error }, 'Teltonika UDP packet not stored'),
      )
      .finally(() => {
        inFlightBytes -= datagram.length;
      });
  });
  socket.on('error', (error) => ctx.log.warn({ err: error }, 'Teltonika UDP socket error'));
  await new Promise<void>((resolve) => socket.bind(port, host, resolve));
  return socket;
}
