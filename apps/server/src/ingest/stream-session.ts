import { createServer, type Server, type Socket } from 'node:net';
import type { DeviceProtocol } from '@rumbo/contracts';
import { isKeepAlive, type Decoded, type StreamDecoder } from '@rumbo/telematics/protocols';
import type { IngestDevice } from '../lib/ingest-device.js';
import { submitRecords } from './deliver.js';
import type { IngestContext, IngestCounters } from './ingest-types.js';

/** What one stream (TCP) port lets a connection hold and how long it may take. */
export interface StreamLimits {
  /** A connection that has not named its device by then is closed (devices do so at once). */
  loginTimeoutMs: number;
  /** A frame left incomplete this long, with no frame completed meanwhile, closes the connection. */
  partialFrameTimeoutMs: number;
  /** A connection silent this long is disconnected (devices reconnect on their own). */
  idleTimeoutMs: number;
  /** Partial-frame bytes all connections of the port may hold together; past it, one more closes. */
  maxPortBufferedBytes: number;
  /** Bytes of complete frames waiting for the database per connection before reading pauses. */
  maxQueuedBytes: number;
}

/**
 * Defaults: a device names itself within 10 s of connecting and sends a packet (≤ 1,280 bytes on
 * real Teltonika devices) in well under 5 s, so a connection slower than that is broken or
 * hostile; a port holds at most 64 MiB of partial frames (a 1 KB partial on each of 50,000
 * connections, or 1,000 packets of the 64 KiB maximum).
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = {
  loginTimeoutMs: 10_000,
  partialFrameTimeoutMs: 5_000,
  idleTimeoutMs: 15 * 60_000,
  maxPortBufferedBytes: 64 * 1024 * 1024,
  maxQueuedBytes: 1024 * 1024,
};

/** A stream protocol as the session shell runs it. */
export interface StreamProtocol<C> {
  protocol: DeviceProtocol;
  /** For the log: "Teltonika", "Queclink". */
  name: string;
  decoder: StreamDecoder<C>;
  /** What the decoder needs of the device, looked up per frame (device models change at run time). */
  context(device: IngestDevice, ctx: IngestContext): C;
  /** Adds to a counter operators read the change in the port's partial-frame bytes. */
  countBuffered?(counters: IngestCounters, delta: number): void;
}

// Frames waiting while earlier ones are committed; beyond this the socket is paused.
const MAX_QUEUED_FRAMES = 64;
// Bad frames (or skipped runs of bytes) in a row before the connection is closed.
const MAX_BAD_FRAMES = 20;

/** Partial-frame bytes held by all connections of one port. */
interface PortBuffer {
  bytes: number;
}

/**
 * One device connection: the device names itself (a login frame, or every frame), then its frames
 * are decoded, submitted and answered after commit, in order. Malformed frames are counted, logged
 * and left unanswered; too many in a row, bytes before a login, an incomplete frame held too long,
 * a full port or a silent device close the connection — never the service.
 */
function handleConnection<C>(
  socket: Socket,
  ctx: IngestContext,
  spec: StreamProtocol<C>,
  limits: StreamLimits,
  port: PortBuffer,
): void {
  const { decoder, name } = spec;
  const framer = decoder.createFramer();
  let device: IngestDevice | null = null;
  let identity: string | null = null;
  let isIdentified = false;
  let queue: Promise<void> = Promise.resolve();
  let queuedFrames = 0;
  let queuedBytes = 0;
  let badInARow = 0;
  // This connection's share of the port's buffered bytes.
  let accountedBytes = 0;
  let partialTimer: NodeJS.Timeout | undefined;
  ctx.counters.connections += 1;
  socket.setNoDelay(true);
  socket.setTimeout(limits.idleTimeoutMs, () => socket.destroy());
  const loginTimer = setTimeout(() => close('no login in time'), limits.loginTimeoutMs);

  const account = (): void => {
    const delta = framer.retainedBytes - accountedBytes;
    if (delta === 0) return;
    port.bytes += delta;
    spec.countBuffered?.(ctx.counters, delta);
    accountedBytes += delta;
  };
  function close(reason: string): void {
    if (socket.destroyed) return;
    ctx.counters.badFrames += 1;
    ctx.log.warn(
      {
        device: identity,
        remote: socket.remoteAddress,
        reason,
        bufferedBytes: framer.bufferedBytes,
      },
      `${name} connection closed`,
    );
    socket.destroy();
    // Released now, not at the 'close' event: the next connection's check sees the true total.
    framer.reset();
    account();
  }
  // Past MAX_BAD_FRAMES in a row the connection closes (`isLogged`: with a line of its own).
  const badFrame = (detail: object, message: string, isLogged: boolean): void => {
    ctx.counters.badFrames += 1;
    badInARow += 1;
    ctx.log.warn({ device: identity, ...detail }, message);
    if (badInARow < MAX_BAD_FRAMES) return;
    if (isLogged) close('too many bad frames');
    else socket.destroy();
  };
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    ctx.counters.connections -= 1;
    clearTimeout(loginTimer);
    clearTimeout(partialTimer);
    framer.reset();
    account();
  });

  /** Resolves the device a frame names; false when the connection was refused. */
  const identify = async (named: string): Promise<boolean> => {
    if (device) {
      if (named === device.uniqueId) return true;
      close('a second device on one connection');
      return false;
    }
    identity = named;
    device = await ctx.resolveDevice(named, spec.protocol);
    if (device) return true;
    ctx.counters.unknownDevices += 1;
    ctx.log.info({ device: named }, `unknown ${name} device refused`);
    if (decoder.refusal && !socket.destroyed) socket.end(decoder.refusal);
    else socket.destroy();
    return false;
  };

  const handleFrame = async (frame: Buffer): Promise<void> => {
    // A closed connection's frames are dropped: nothing could be acknowledged, the device resends.
    if (socket.destroyed) return;
    const named = decoder.identify(frame);
    if (named !== null && !(await identify(named))) return;
    if (socket.destroyed) return;
    const decoded: Decoded = decoder.decode(frame, device ? spec.context(device, ctx) : null);
    if (!device) {
      // Some devices send a keep-alive before logging in; anything else must wait for the login.
      if (!isKeepAlive(decoded)) close('frame before a login');
      return;
    }
    if (decoded.error) {
      return badFrame({ ...decoded.error }, `bad ${name} frame (not acknowledged)`, false);
    }
    if (decoded.note) ctx.log.info({ device: identity, note: decoded.note }, `${name} message`);
    const positions = decoded.records;
    if (positions.length > 0) {
      const serverTimeMs = ctx.nowMs();
      for (const p of positions) p.serverTimeMs = serverTimeMs;
      await submitRecords(ctx, device, positions);
      badInARow = 0;
    }
    if (decoded.reply && !socket.destroyed) socket.write(decoded.reply);
  };

  const enqueue = (frame: Buffer): void => {
    const bytes = frame.length;
    queuedFrames += 1;
    queuedBytes += bytes;
    if (queuedFrames > MAX_QUEUED_FRAMES || queuedBytes > limits.maxQueuedBytes) socket.pause();
    queue = queue
      .then(() => handleFrame(frame))
      .catch((error: unknown) => {
        // Not acknowledged: the device resends.
        ctx.log.warn({ device: identity, err: error }, `${name} frame not stored`);
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
      if (!isIdentified && decoder.identify(frame) !== null) {
        isIdentified = true;
        // Looking the device up may take long when thousands reconnect at once: not counted.
        clearTimeout(loginTimer);
      }
      enqueue(frame);
    }
    if (!isIdentified && (skipped > 0 || framer.bufferedBytes > decoder.maxBytesBeforeIdentity)) {
      return close('data before a login');
    }
    if (skipped > 0) {
      badFrame({ skippedBytes: skipped }, `${name} bytes skipped (not a frame)`, true);
      if (socket.destroyed) return;
    }
    if (framer.bufferedBytes > 0 && port.bytes > limits.maxPortBufferedBytes) {
      return close('port buffer full');
    }
    watchPartialFrame(frames.length > 0 || skipped > 0);
  });
}

/**
 * Starts a stream protocol's TCP listener (the session shell); `limits` default to
 * {@link DEFAULT_STREAM_LIMITS}.
 */
export async function startStreamListener<C>(
  ctx: IngestContext,
  spec: StreamProtocol<C>,
  port: number,
  host = '0.0.0.0',
  limits: Partial<StreamLimits> = {},
): Promise<Server> {
  const effective: StreamLimits = { ...DEFAULT_STREAM_LIMITS, ...limits };
  const buffer: PortBuffer = { bytes: 0 };
  const server = createServer({ noDelay: true }, (socket) =>
    handleConnection(socket, ctx, spec, effective, buffer),
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
