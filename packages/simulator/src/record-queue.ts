// The outbox of one simulated device: bounded (the oldest records go first when full, as in a
// tracker's flash ring buffer), with promises that wait for it to drain.

/** Counters of a device client, for status lines and tests. */
export interface DeviceClientStats {
  /** Records waiting (in flight included). */
  queued: number;
  /** Records written for the first time. */
  sent: number;
  /** Records the server acknowledged. */
  acked: number;
  /** Records written again after a missing or wrong acknowledgement. */
  resent: number;
  /** Records the server refused for good (OsmAnd 4xx). */
  rejected: number;
  /** Records dropped because the outbox was full. */
  dropped: number;
  /** Connections opened after the first. */
  reconnects: number;
  connected: boolean;
}

/** What the fleet needs from a device client, whatever its protocol. */
export interface DeviceClient<R> {
  readonly deviceId: string;
  /** Starts connecting and sending; records enqueued before are kept. */
  start(): void;
  /** Closes the connection and stops retrying; queued records stay queued. */
  stop(): Promise<void>;
  enqueue(records: readonly R[]): void;
  stats(): DeviceClientStats;
  /** Resolves once fewer than `count` records wait (pacing by acknowledgements). */
  waitForQueueBelow(count: number): Promise<void>;
  /** Resolves once every queued record is acknowledged (or rejected). */
  whenIdle(): Promise<void>;
}

/** A FIFO of records with a size bound and drain waiters. */
export class RecordQueue<R> {
  private items: R[] = [];
  private head = 0;
  private droppedCount = 0;
  private waiters: { isMet: () => boolean; resolve: () => void }[] = [];

  constructor(private readonly maxRecords: number) {
    if (!(maxRecords >= 1)) throw new RangeError('maxRecords must be at least 1');
  }

  get length(): number {
    return this.items.length - this.head;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  /** Appends records; when full, drops the oldest ones except the first `pinned` (in flight). */
  push(records: readonly R[], pinned = 0): void {
    for (const r of records) this.items.push(r);
    const excess = this.length - this.maxRecords;
    if (excess > 0) {
      const keep = Math.min(pinned, this.length);
      const at = this.head + keep;
      const removable = Math.min(excess, this.items.length - at);
      this.items.splice(at, removable);
      this.droppedCount += removable;
    }
  }

  /** The first `count` records, without removing them. */
  peek(count: number): R[] {
    return this.items.slice(this.head, this.head + count);
  }

  /** Removes the first `count` records. */
  shift(count: number): void {
    this.head = Math.min(this.items.length, this.head + count);
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    this.notify();
  }

  /** Resolves when `isMet()` holds (checked now and after every shift). */
  waitUntil(isMet: () => boolean): Promise<void> {
    if (isMet()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ isMet, resolve }));
  }

  /** Re-checks the waiters (after a change the queue cannot see, such as a flight ending). */
  notify(): void {
    if (this.waiters.length === 0) return;
    const pending = this.waiters;
    this.waiters = [];
    for (const w of pending) {
      if (w.isMet()) w.resolve();
      else this.waiters.push(w);
    }
  }
}

/** Reconnection delays: exponential from `initialMs` to `maxMs`. */
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

/** Default reconnection delays: 1 s doubling up to 1 min. */
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 60_000 };

/**
 * The delay before attempt `attempt` (0-based), spread by a per-device factor in [0.5, 1] so a
 * fleet does not reconnect all at once after a server restart.
 */
export function backoffDelayMs(options: BackoffOptions, attempt: number, deviceId: string): number {
  let hash = 2166136261;
  for (const ch of `${deviceId}:${attempt}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  const spread = 0.5 + ((hash >>> 0) % 1000) / 2000;
  return Math.round(Math.min(options.maxMs, options.initialMs * 2 ** attempt) * spread);
}
