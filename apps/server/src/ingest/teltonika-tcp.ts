import { createServer, type Server, type Socket } from 'node:net';
import {
  decodeTeltonikaTcp,
  loginReply,
  mapAvlRecord,
  TELTONIKA_MAX_DATA_BYTES,
  TeltonikaFramer,
  type Position,
  type TeltonikaTcpMessage,
} from '@rumbo/telematics';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { IngestContext } from './ingest-types.js';

/** What one Teltonika TCP port lets a connection hold and how long it may take. */
export interface TeltonikaTcpLimits {
  /** A connection that has not sent its login frame by then is closed (devices log in at once). */
  loginTimeoutMs: number;
  /** A frame left incomplete this long, with no frame completed meanwhile, closes the connection. */
  partialFrameTimeoutMs: number;
  /** A logged-in device silent this long is disconnected (devices reconnect on their own). */
  idleTimeoutMs: number;
  /** Largest data length of one packet (see `TELTONIKA_MAX_DATA_BYTES`). */
  maxDataBytes: number;
  /** Partial-frame bytes all connections may hold together; past it, one more closes. */
  maxPortBufferedBytes: number;
  /** Bytes of complete frames waiting for the database per connection before reading pauses. */
  maxQueuedBytes: number;
}

/**
 * Defaults: a device logs in within 10 s of connecting and sends a packet (≤ 1,280 bytes on real
 * devices) in well under 5 s, so a connection slower than that is broken or hostile; the port holds
 * at most 64 MiB of partial frames (a 1 KB partial on each of 50,000 connections, or 1,000 packets
 * of the 64 KiB maximum).
 */
export const DEFAULT_TELTONIKA_TCP_LIMITS: TeltonikaTcpLimits = {
  loginTimeoutMs: 10_000,
  partialFrameTimeoutMs: 5_000,
  idleTimeoutMs: 15 * 60_000,
  maxDataBytes: TELTONIKA_MAX_DATA_BYTES,
  maxPortBufferedBytes: 64 * 1024 * 1024,
  maxQueuedBytes: 1024 * 1024,
};

// Frames waiting while earlier ones are committed; beyond this the socket is paused.
const MAX_QUEUED_FRAMES = 64;
// Bad frames (or skipped runs of bytes) in a row before the connection is closed.
const MAX_BAD_FRAMES = 20;
// A login frame: 2-byte length + at most 20 IMEI digits. Before a login, nothing more is held.
const MAX_LOGIN_FRAME_BYTES = 22;

/** One device connection: a login first, then AVL packets acknowledged after commit. */
function handleConnection(socket: Socket, ctx: IngestContext, limits: TeltonikaTcpLimits): void {
  const framer = new TeltonikaFramer({ maxDataBytes: limits.maxDataBytes });
  let device: IngestDevice | null = null;
  let imei: string | null = null;
  let hasLoginFrame = false;
  let queue: Promise<void> = Promise.resolve();
  let queuedFrames = 0;
  let queuedBytes = 0;
  let badInARow = 0;
  // This connection's share of the port-wide `teltonikaBufferedBytes`.
  let accountedBytes = 0;
  let partialTimer: NodeJS.Timeout | undefined;
  ctx.counters.connections += 1;
  socket.setNoDelay(true);
  socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());
  const loginTimer = setTimeout(() => close('no login in time'), limits.loginTimeoutMs);

  const account = (): void => {
    const retained = framer.retainedBytes;
    ctx.counters.teltonikaBufferedBytes += retained - accountedBytes;
    accountedBytes = retained;
  };
  function close(reason: string): void {
    if (socket.destroyed) return;
    ctx.counters.badFrames += 1;
    ctx.log.warn(
      { imei, remote: socket.remoteAddress, reason, bufferedBytes: framer.bufferedBytes },
      'Teltonika connection closed',
    );
    socket.destroy();
    // Released now, not at the 'close' event: the next connection's check sees the true total.
    framer.reset();
    account();
  }
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    ctx.counters.connections -= 1;
    clearTimeout(loginTimer);
    clearTimeout(partialTimer);
    framer.reset();
    account();
  });

  const handleMessage = async (message: TeltonikaTcpMessage): Promise<void> => {
    // A closed connection's frames are dropped: nothing could be acknowledged, the device resends.
    if (socket.destroyed) return;
    switch (message.kind) {
      case 'ping':
        return;
      case 'login': {
        imei = message.imei;
        device = await ctx.resolveDevice(message.imei, 'teltonika');
        if (!device) {
          ctx.counters.unknownDevices += 1;
          ctx.log.info({ imei: message.imei }, 'unknown Teltonika device refused');
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
        const positions: Position[] = message.records.map((raw) =>
          mapAvlRecord(raw, table, device!.uniqueId),
        );
        const serverTimeMs = ctx.nowMs();
        for (const p of positions) p.serverTimeMs = serverTimeMs;
        const result = await ctx.submit(device, positions);
        ctx.counters.recordsAcked += result.accepted;
        ctx.counters.recordsRejected += result.rejected;
        if (!socket.destroyed) socket.write(message.reply);
        badInARow = 0;
        return;
      }
      case 'command':
        ctx.log.info({ imei, codec: message.codec, text: message.text }, 'Teltonika command reply');
        return;
      case 'error':
        ctx.counters.badFrames += 1;
        badInARow += 1;
        ctx.log.warn(
          { imei, reason: message.reason, detail: message.detail },
          'bad Teltonika frame (not acknowledged)',
        );
        if (badInARow >= MAX_BAD_FRAMES) socket.destroy();
        return;
    }
  };

  const enqueue = (message: TeltonikaTcpMessage, bytes: number): void => {
    queuedFrames += 1;
    queuedBytes += bytes;
    if (queuedFrames > MAX_QUEUED_FRAMES || queuedBytes > limits.maxQueuedBytes) socket.pause();
    queue = queue
      .then(() => handleMessage(message))
      .catch((error: unknown) => {
        // Not acknowledged: the device resends.
        ctx.log.warn({ imei, err: error }, 'Teltonika packet not stored');
      })
      .finally(() => {
        queuedFrames -= 1;
        queuedBytes -= bytes;
        const drained =
          queuedFrames <= MAX_QUEUED_FRAMES / 2 && queuedBytes <= limits.maxQueuedBytes / 2;
        if (drained && socket.isPaused() && !socket.destroyed) socket.resume();
      });
  };

  // Restarted whenever a frame completes or bytes are skipped; cleared when nothing is held.
  const watchPartialFrame = (hasProgressed: boolean): void => {
    if (framer.bufferedBytes === 0) {
      clearTimeout(partialTimer);
      partialTimer = undefined;
      return;
    }
    if (partialTimer && !hasProgressed) return;
    clearTimeout(partialTimer);
    partialTimer = setTimeout(() => close('partial frame timed out'), limits.partialFrameTimeoutMs);
  };

  socket.on('data', (chunk: Buffer) => {
    const skippedBefore = framer.skippedBytes;
    const frames = framer.push(chunk);
    account();
    const skipped = framer.skippedBytes - skippedBefore;
    for (const frame of frames) {
      const message = decodeTeltonikaTcp(frame);
      // Some devices send a keep-alive before logging in; anything else must wait for the login.
      if (!hasLoginFrame && message.kind !== 'ping') {
        if (message.kind !== 'login') return close(`${message.kind} frame before a login`);
        hasLoginFrame = true;
        // Looking the device up may take long when thousands reconnect at once: not counted.
        clearTimeout(loginTimer);
      }
      enqueue(message, frame.length);
    }
    if (!hasLoginFrame && (skipped > 0 || framer.bufferedBytes > MAX_LOGIN_FRAME_BYTES)) {
      return close('data before a login');
    }
    if (skipped > 0) {
      ctx.counters.badFrames += 1;
      badInARow += 1;
      ctx.log.warn({ imei, skippedBytes: skipped }, 'Teltonika bytes skipped (not a frame)');
      if (badInARow >= MAX_BAD_FRAMES) return close('too many bad frames');
    }
    if (
      framer.bufferedBytes > 0 &&
      ctx.counters.teltonikaBufferedBytes > limits.maxPortBufferedBytes
    ) {
      return close('port buffer full');
    }
    watchPartialFrame(frames.length > 0 || skipped > 0);
  });
}

/** Starts the Teltonika TCP listener; `limits` default to {@link DEFAULT_TELTONIKA_TCP_LIMITS}. */
export async function startTeltonikaTcp(
  ctx: IngestContext,
  port: number,
  host = '0.0.0.0',
  limits: Partial<TeltonikaTcpLimits> = {},
): Promise<Server> {
  const effective: TeltonikaTcpLimits = { ...DEFAULT_TELTONIKA_TCP_LIMITS, ...limits };
  const server = createServer({ noDelay: true }, (socket) =>
    handleConnection(socket, ctx, effective),
  );
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
