// A simulated Teltonika tracker's TCP link (https://wiki.teltonika-gps.com/view/Codec): IMEI
// login, wait for 01, then Codec 8E packets of 1–N records, one at a time, each waiting for its
// 4-byte acknowledgement (the record count). No (or a wrong) acknowledgement in time: the link is
// dropped and the packet sent again on a new one, where no late acknowledgement of the old packet
// can be mistaken for the new one's. Closed or refused: reconnect with backoff. Records stay
// queued until acknowledged, so nothing is lost across reconnections.

import net from 'node:net';
import { encodeCodec8eFrame, encodeLogin, type AvlRecordInput } from '@rumbo/telematics';
import {
  DEFAULT_BACKOFF,
  RecordQueue,
  backoffDelayMs,
  type BackoffOptions,
  type DeviceClient,
  type DeviceClientStats,
} from './record-queue.js';

/** Something worth logging about a device link. */
export type ClientEvent =
  | { kind: 'connected'; deviceId: string }
  | { kind: 'disconnected'; deviceId: string; reason: string }
  | { kind: 'login-refused'; deviceId: string }
  | {
      kind: 'ack-missing';
      deviceId: string;
      records: number;
      reason: 'timeout' | 'count-mismatch';
    };

/** How a {@link TeltonikaClient} connects and paces itself. */
export interface TeltonikaClientOptions<R> {
  host: string;
  port: number;
  imei: string;
  /** Turns a queued record into an AVL record (see `toAvlRecord`). */
  toAvlRecord: (record: R) => AvlRecordInput;
  /** Records per packet (1–255; default 50). */
  maxRecordsPerPacket?: number;
  /** Time to wait for the login reply and for each acknowledgement (default 30 s). */
  ackTimeoutMs?: number;
  /** Outbox bound; the oldest records are dropped beyond it (default 10 000). */
  maxQueuedRecords?: number;
  backoff?: BackoffOptions;
  onEvent?: (event: ClientEvent) => void;
}

type LinkState = 'stopped' | 'disconnected' | 'connecting' | 'login' | 'ready';

interface Flight {
  count: number;
}

const MAX_RX_BYTES = 64 * 1024;

/** One tracker's Teltonika TCP client. */
export class TeltonikaClient<R> implements DeviceClient<R> {
  readonly deviceId: string;
  private readonly queue: RecordQueue<R>;
  private readonly maxPerPacket: number;
  private readonly ackTimeoutMs: number;
  private readonly backoff: BackoffOptions;
  private state: LinkState = 'stopped';
  private socket?: net.Socket;
  private rx: Buffer = Buffer.alloc(0);
  private flight?: Flight;
  /** Records of a packet that went unacknowledged: counted as resent when sent again. */
  private unacked = 0;
  private timer?: NodeJS.Timeout;
  private attempt = 0;
  private connections = 0;
  private counters = { sent: 0, acked: 0, resent: 0 };

  constructor(private readonly options: TeltonikaClientOptions<R>) {
    this.deviceId = options.imei;
    this.maxPerPacket = Math.min(255, Math.max(1, options.maxRecordsPerPacket ?? 50));
    this.ackTimeoutMs = options.ackTimeoutMs ?? 30_000;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.queue = new RecordQueue(options.maxQueuedRecords ?? 10_000);
  }

  start(): void {
    if (this.state !== 'stopped') return;
    this.state = 'disconnected';
    this.connect();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.clearTimer();
    if (this.flight) this.unacked = Math.max(this.unacked, this.flight.count);
    this.flight = undefined;
    const socket = this.socket;
    this.socket = undefined;
    if (!socket || socket.destroyed) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => socket.destroy(), 1000);
      socket.once('close', () => {
        clearTimeout(force);
        resolve();
      });
      socket.end();
    });
    this.queue.notify();
  }

  enqueue(records: readonly R[]): void {
    if (records.length === 0) return;
    this.queue.push(records, this.flight?.count ?? 0);
    this.sendNext();
  }

  stats(): DeviceClientStats {
    return {
      queued: this.queue.length,
      ...this.counters,
      rejected: 0,
      dropped: this.queue.dropped,
      reconnects: Math.max(0, this.connections - 1),
      connected: this.state === 'ready',
    };
  }

  waitForQueueBelow(count: number): Promise<void> {
    return this.queue.waitUntil(() => this.queue.length < count);
  }

  whenIdle(): Promise<void> {
    return this.queue.waitUntil(() => this.queue.length === 0 && !this.flight);
  }

  private emit(event: ClientEvent): void {
    this.options.onEvent?.(event);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(ms: number, onTimeout: () => void): void {
    this.clearTimer();
    this.timer = setTimeout(onTimeout, ms);
  }

  private connect(): void {
    if (this.state !== 'disconnected') return;
    this.state = 'connecting';
    this.connections += 1;
    this.rx = Buffer.alloc(0);
    const socket = net.connect({ host: this.options.host, port: this.options.port });
    this.socket = socket;
    socket.setNoDelay(true);
    this.arm(this.ackTimeoutMs, () => socket.destroy(new Error('connect timeout')));
    socket.on('connect', () => {
      this.state = 'login';
      socket.write(encodeLogin(this.options.imei));
      this.arm(this.ackTimeoutMs, () => socket.destroy(new Error('login timeout')));
    });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    let reason = 'closed';
    socket.on('error', (error) => (reason = error.message));
    socket.on('close', () => this.onClose(socket, reason));
  }

  private onClose(socket: net.Socket, reason: string): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    if (this.flight) this.unacked = Math.max(this.unacked, this.flight.count);
    this.flight = undefined; // its records are still first in the queue
    this.clearTimer();
    if (this.state === 'stopped') return;
    if (this.state === 'ready')
      this.emit({ kind: 'disconnected', deviceId: this.deviceId, reason });
    this.state = 'disconnected';
    const delayMs = backoffDelayMs(this.backoff, this.attempt, this.deviceId);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.connect();
    }, delayMs);
  }

  private onData(chunk: Buffer): void {
    this.rx = this.rx.length === 0 ? chunk : Buffer.concat([this.rx, chunk]);
    if (this.rx.length > MAX_RX_BYTES) this.rx = Buffer.alloc(0);
    for (;;) {
      if (this.state === 'login') {
        if (this.rx.length < 1) return;
        const accepted = this.rx[0] === 0x01;
        this.rx = this.rx.subarray(1);
        if (!accepted) {
          this.emit({ kind: 'login-refused', deviceId: this.deviceId });
          this.attempt = Math.max(this.attempt, 5); // refused: no point in hurrying back
          this.socket?.destroy();
          return;
        }
        this.state = 'ready';
        this.attempt = 0;
        this.clearTimer();
        this.emit({ kind: 'connected', deviceId: this.deviceId });
        this.sendNext();
        continue;
      }
      if (this.state !== 'ready' || this.rx.length < 4) return;
      if (this.rx.readUInt32BE(0) === 0) {
        // A server command (Codec 12 packet): preamble, length, data, CRC. Not answered.
        if (this.rx.length < 8) return;
        const length = 12 + this.rx.readUInt32BE(4);
        if (this.rx.length < length) return;
        this.rx = this.rx.subarray(length);
        continue;
      }
      const count = this.rx.readUInt32BE(0);
      this.rx = this.rx.subarray(4);
      this.onAck(count);
    }
  }

  private onAck(count: number): void {
    const flight = this.flight;
    if (!flight) return; // a late acknowledgement of a packet already resent and acknowledged
    if (count !== flight.count) {
      this.abandon(flight, 'count-mismatch');
      return;
    }
    this.clearTimer();
    this.flight = undefined;
    this.counters.acked += count;
    this.queue.shift(count);
    this.sendNext();
  }

  private sendNext(): void {
    if (this.state !== 'ready' || this.flight || !this.socket) return;
    const batch = this.queue.peek(this.maxPerPacket);
    if (batch.length === 0) return;
    const frame = encodeCodec8eFrame(batch.map(this.options.toAvlRecord));
    const flight: Flight = { count: batch.length };
    this.flight = flight;
    const again = Math.min(this.unacked, batch.length);
    this.unacked = 0;
    this.counters.resent += again;
    this.counters.sent += batch.length - again;
    this.socket.write(frame);
    this.arm(this.ackTimeoutMs, () => this.abandon(flight, 'timeout'));
  }

  /** Drops the link of a packet without its acknowledgement; it goes again after reconnecting. */
  private abandon(flight: Flight, reason: 'timeout' | 'count-mismatch'): void {
    this.emit({ kind: 'ack-missing', deviceId: this.deviceId, records: flight.count, reason });
    this.socket?.destroy(new Error(`acknowledgement ${reason}`));
  }
}
