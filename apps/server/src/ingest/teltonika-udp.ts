import { createSocket, type Socket } from 'node:dgram';
import { decodeTeltonikaUdp, mapAvlRecord } from '@rumbo/telematics';
import type { IngestContext } from './ingest-types.js';

/** Starts the Teltonika UDP listener: each datagram is stored, then acknowledged. */
export async function startTeltonikaUdp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
): Promise<Socket> {
  const socket = createSocket('udp4');
  socket.on('message', (datagram, remote) => {
    const decoded = decodeTeltonikaUdp(datagram);
    if (decoded.kind !== 'avl') {
      ctx.counters.badFrames += 1;
      ctx.log.warn(
        { remote: remote.address, reason: decoded.reason },
        'bad Teltonika UDP datagram',
      );
      return;
    }
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
        socket.send(decoded.reply, remote.port, remote.address);
      })
      .catch((error: unknown) =>
        ctx.log.warn({ imei: decoded.imei, err: error }, 'Teltonika UDP packet not stored'),
      );
  });
  socket.on('error', (error) => ctx.log.warn({ err: error }, 'Teltonika UDP socket error'));
  await new Promise<void>((resolve) => socket.bind(port, host, resolve));
  return socket;
}
