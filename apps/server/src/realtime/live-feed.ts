import type { LastInfo } from '@rumbo/contracts';
import type { LiveFleet } from './live-fleet.js';
import type { Connection, SocketHub } from './socket-hub.js';

/** How often batches go out. */
export const LIVE_TICK_MS = 50;
// A client with more unsent bytes than this skips ticks; its pending map keeps coalescing.
const SLOW_CLIENT_BYTES = 1024 * 1024;

interface Subscriber {
  connection: Connection;
  pending: Map<number, LastInfo>;
}

/**
 * Pushes last positions on `/api/wslp`: a snapshot on sign-in, then per tick one batch of the
 * vehicles that changed, coalesced per vehicle. A slow client's queue is the same bounded map
 * (one entry per vehicle), never a growing list.
 */
export class LiveFeed {
  private readonly subscribers = new Map<Connection, Subscriber>();
  private readonly byTenant = new Map<number, Set<Subscriber>>();
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;
  /** Called with how long after the change each batch was sent (benchmarks). */
  onSent?: (batchSize: number) => void;

  constructor(
    private readonly live: LiveFleet,
    hub: SocketHub,
    private readonly nowMs: () => number = Date.now,
  ) {
    hub.onReady = (connection) => this.add(connection);
    hub.onClosed = (connection) => this.remove(connection);
    this.stopListening = live.onChange((tenantId, info) => {
      const subscribers = this.byTenant.get(tenantId);
      if (!subscribers) return;
      for (const subscriber of subscribers) subscriber.pending.set(info.idvehiculo, info);
    });
    this.timer = setInterval(() => this.flush(), LIVE_TICK_MS);
    this.timer.unref();
  }

  private add(connection: Connection): void {
    const subscriber: Subscriber = { connection, pending: new Map() };
    this.subscribers.set(connection, subscriber);
    const tenantId = connection.principal.tenantId;
    let set = this.byTenant.get(tenantId);
    if (!set) {
      set = new Set();
      this.byTenant.set(tenantId, set);
    }
    set.add(subscriber);
    connection.socket.send(
      JSON.stringify({ action: 'positions/update', payload: this.live.list(tenantId) }),
    );
  }

  private remove(connection: Connection): void {
    const subscriber = this.subscribers.get(connection);
    if (!subscriber) return;
    this.subscribers.delete(connection);
    this.byTenant.get(connection.principal.tenantId)?.delete(subscriber);
  }

  /** Sends what changed since the last tick. */
  flush(): void {
    for (const subscriber of this.subscribers.values()) {
      if (subscriber.pending.size === 0) continue;
      const socket = subscriber.connection.socket;
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.bufferedAmount > SLOW_CLIENT_BYTES) continue;
      const payload = [...subscriber.pending.values()];
      subscriber.pending.clear();
      socket.send(JSON.stringify({ action: 'positions/update', payload }));
      this.onSent?.(payload.length);
    }
  }

  /** Stops ticking. */
  close(): void {
    clearInterval(this.timer);
    this.stopListening();
  }
}
