import { createServer, type Server, type Socket } from 'node:net';
import {
  decodeTeltonikaTcp,
  loginReply,
  mapAvlRecord,
  TeltonikaFramer,
  type Position,
} from '@rumbo/telematics';
import type { IngestDevice } from '../pipeline/device-registry.js';
import type { IngestContext } from './ingest-types.js';

// A device silent this long is disconnected (devices reconnect on their own).
const IDLE_TIMEOUT_MS = 15 * 60_000;
// Frames waiting while earlier ones are committed; beyond this the socket is paused.
const MAX_QUEUED_FRAMES = 64;
// Bad frames in a row before the connection is closed.
const MAX_BAD_FRAMES = 20;

/** One device connection: login, then AVL packets acknowledged after commit. */
function handleConnection(socket: Socket, ctx: IngestContext): void {
  const framer = new TeltonikaFramer();
  let device: IngestDevice | null = null;
  let imei: string | null = null;
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;
  let badInARow = 0;
  ctx.counters.connections += 1;
  socket.setNoDelay(true);
  socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    ctx.counters.connections -= 1;
  });

  const handleFrame = async (frame: Buffer): Promise<void> => {
    const decoded = decodeTeltonikaTcp(frame);
    switch (decoded.kind) {
      case 'ping':
        return;
      case 'login': {
        imei = decoded.imei;
        device = await ctx.resolveDevice(decoded.imei, 'teltonika');
        if (!device) {
          ctx.counters.unknownDevices += 1;
          ctx.log.info({ imei: decoded.imei }, 'unknown Teltonika device refused');
          socket.end(loginReply(false));
          return;
        }
        socket.write(loginReply(true));
        return;
      }
      case 'avl': {
        if (!device) {
          ctx.counters.badFrames += 1;
          socket.destroy();
          return;
        }
        const table = ctx.ioTable(device);
        const positions: Position[] = decoded.records.map((raw) =>
          mapAvlRecord(raw, table, device!.uniqueId),
        );
        const serverTimeMs = ctx.nowMs();
        for (const p of positions) p.serverTimeMs = serverTimeMs;
        const result = await ctx.submit(device, positions);
        ctx.counters.recordsAcked += result.accepted;
        ctx.counters.recordsRejected += result.rejected;
        if (!socket.destroyed) socket.write(decoded.reply);
        badInARow = 0;
        return;
      }
      case 'command':
        ctx.log.info({ imei, codec: decoded.codec, text: decoded.text }, 'Teltonika command reply');
        return;
      case 'error':
        ctx.counters.badFrames += 1;
        badInARow += 1;
        ctx.log.warn(
          { imei, reason: decoded.reason, detail: decoded.detail },
          'bad Teltonika frame (not acknowledged)',
        );
        if (badInARow >= MAX_BAD_FRAMES) socket.destroy();
        return;
    }
  };

  socket.on('data', (chunk: Buffer) => {
    let frames: Buffer[];
    try {
      frames = framer.push(chunk);
    } catch (error) {
      ctx.counters.badFrames += 1;
      ctx.log.warn({ imei, err: error }, 'Teltonika framing failed');
      socket.destroy();
      return;
    }
    for (const frame of frames) {
      queued += 1;
      if (queued > MAX_QUEUED_FRAMES) socket.pause();
      queue = queue
        .then(() => handleFrame(frame))
        .catch((error: unknown) => {
          // Not acknowledged: the device resends.
          ctx.log.warn({ imei, err: error }, 'Teltonika packet not stored');
        })
        .finally(() => {
          queued -= 1;
          if (queued <= MAX_QUEUED_FRAMES / 2 && socket.isPaused()) socket.resume();
        });
    }
  });
}

/** Starts the Teltonika TCP listener. */
export async function startTeltonikaTcp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
): Promise<Server> {
  const server = createServer({ noDelay: true }, (socket) => handleConnection(socket, ctx));
  server.maxConnections = 50_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: after an outage thousands of devices reconnect at once.
    server.listen({ port, host, backlog: 4096 }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
