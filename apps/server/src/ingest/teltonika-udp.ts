import { createSocket, type Socket } from 'node:dgram';
import { readTeltonikaDatagram } from '@rumbo/telematics/protocols';
import { deliver } from './deliver.js';
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
    const decoded = readTeltonikaDatagram(datagram);
    if (decoded.error) {
      ctx.counters.badFrames += 1;
      ctx.log.warn({ remote: remote.address, ...decoded.error }, 'bad Teltonika UDP datagram');
      return;
    }
    inFlightBytes += datagram.length;
    void deliver(ctx, 'teltonika', decoded.identity, (device) =>
      decoded.records({ uniqueId: device.uniqueId, ioTable: ctx.ioTable(device) }),
    )
      .then((delivery) => {
        if (delivery.device) socket.send(decoded.reply, remote.port, remote.address);
      })
      .catch((error: unknown) =>
        ctx.log.warn({ imei: decoded.identity, err: error }, 'Teltonika UDP packet not stored'),
      )
      .finally(() => {
        inFlightBytes -= datagram.length;
      });
  });
  socket.on('error', (error) => ctx.log.warn({ err: error }, 'Teltonika UDP socket error'));
  await new Promise<void>((resolve) => socket.bind(port, host, resolve));
  return socket;
}
