import {
  encodeLiveFrame,
  isViewAllowed,
  LIVE_POSITION_VIEW,
  LIVE_STATUS_VIEWS,
  type LastInfo,
  type LiveFrameEntry,
} from '@rumbo/contracts';
import type { LiveFleet } from './live-fleet.js';
import type { Connection, SocketHub } from './socket-hub.js';

// A client with more unsent bytes than this is "behind": it skips ticks and its own map
// coalesces what it missed (one entry per vehicle, so bounded by the fleet size).
const SLOW_CLIENT_BYTES = 1024 * 1024;

interface Subscriber {
  connection: Connection;
  /** What a slow client missed, coalesced per vehicle; null while it keeps up. */
  behind: Map<number, LastInfo> | null;
  /** False for a role without the live map: status and speed, never where a vehicle is. */
  positions: boolean;
}

/** A vehicle's last info without where it is and where it heads. */
function withoutPosition(info: LastInfo): LastInfo {
  return { ...info, lat: null, lng: null, heading: null };
}

function frame(payload: LastInfo[]): string {
  return JSON.stringify({ action: 'positions/update', payload });
}

function binaryFrame(payload: LastInfo[]): Uint8Array {
  const entries: LiveFrameEntry[] = [];
  for (const info of payload) {
    if (info.lat === null || info.lng === null || info.lastConnection === null) continue;
    entries.push({
      vehicleId: info.idvehiculo,
      fixTimeMs: Date.parse(info.lastConnection),
      lat: info.lat,
      lng: info.lng,
      speedKmh: info.speedKmh,
      heading: info.heading,
      statusCode: info.statusCode,
    });
  }
  return encodeLiveFrame(entries);
}

function encode(subscriber: Subscriber, payload: LastInfo[]): string | Uint8Array {
  if (!subscriber.positions) return frame(payload.map(withoutPosition));
  return subscriber.connection.format === 'binary' ? binaryFrame(payload) : frame(payload);
}

/**
 * Pushes last positions on `/api/wslp`: a snapshot on sign-in, then per tick one batch of the
 * vehicles that changed, coalesced per vehicle and serialised once per tenant for every client
 * that keeps up.
 */
export class LiveFeed {
  private readonly byTenant = new Map<number, Set<Subscriber>>();
  private readonly subscribers = new Map<Connection, Subscriber>();
  private readonly pending = new Map<number, Map<number, LastInfo>>();
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;

  constructor(
    private readonly live: LiveFleet,
    hub: SocketHub,
    /** How often batches go out (config `LIVE_TICK_MS`, decision 0059). */
    tickMs: number,
    /** Receives, per batch, how old each entry's fix is when sent (latency benchmark). */
    private readonly probe?: (ageMs: number[]) => void,
    private readonly nowMs: () => number = Date.now,
  ) {
    hub.onReady = (connection) => this.add(connection);
    hub.onClosed = (connection) => this.remove(connection);
    this.stopListening = live.onChange((tenantId, info) => {
      if (!this.byTenant.has(tenantId)) return;
      let map = this.pending.get(tenantId);
      if (!map) {
        map = new Map();
        this.pending.set(tenantId, map);
      }
      map.set(info.idvehiculo, info);
    });
    this.timer = setInterval(() => this.flush(), tickMs);
    this.timer.unref();
  }

  private add(connection: Connection): void {
    const { views } = connection.principal;
    // The same rule as `last_position` (decision 0029): a role with no screen showing the live
    // status gets nothing; one without the live map gets status without positions (JSON frames,
    // which the client applies like binary ones).
    if (!LIVE_STATUS_VIEWS.some((view) => isViewAllowed(views, view))) return;
    const positions = isViewAllowed(views, LIVE_POSITION_VIEW);
    const subscriber: Subscriber = { connection, behind: null, positions };
    this.subscribers.set(connection, subscriber);
    const tenantId = connection.principal.tenantId;
    let set = this.byTenant.get(tenantId);
    if (!set) {
      set = new Set();
      this.byTenant.set(tenantId, set);
    }
    set.add(subscriber);
    const fleet = this.live.list(tenantId);
    connection.socket.send(frame(positions ? fleet : fleet.map(withoutPosition)));
  }

  private remove(connection: Connection): void {
    const subscriber = this.subscribers.get(connection);
    if (!subscriber) return;
    this.subscribers.delete(connection);
    const set = this.byTenant.get(connection.principal.tenantId);
    set?.delete(subscriber);
    if (set?.size === 0) {
      this.byTenant.delete(connection.principal.tenantId);
      this.pending.delete(connection.principal.tenantId);
    }
  }

  /** Sends what changed since the last tick. */
  flush(): void {
    for (const [tenantId, subscribers] of this.byTenant) {
      const changed = this.pending.get(tenantId);
      const entries = changed && changed.size > 0 ? [...changed.values()] : [];
      changed?.clear();
      let shared: string | undefined;
      let sharedBinary: Uint8Array | undefined;
      let sharedStatus: string | undefined;
      for (const subscriber of subscribers) {
        const socket = subscriber.connection.socket;
        if (socket.readyState !== socket.OPEN) continue;
        const slow = socket.bufferedAmount > SLOW_CLIENT_BYTES;
        if (slow || subscriber.behind) {
          subscriber.behind ??= new Map();
          for (const info of entries) subscriber.behind.set(info.idvehiculo, info);
          if (slow) continue;
          socket.send(encode(subscriber, [...subscriber.behind.values()]));
          subscriber.behind = null;
          continue;
        }
        if (entries.length === 0) continue;
        if (!subscriber.positions) {
          sharedStatus ??= frame(entries.map(withoutPosition));
          socket.send(sharedStatus);
        } else if (subscriber.connection.format === 'binary') {
          sharedBinary ??= binaryFrame(entries);
          socket.send(sharedBinary);
        } else {
          shared ??= frame(entries);
          socket.send(shared);
        }
      }
      if (this.probe && (shared !== undefined || sharedBinary !== undefined)) {
        const now = this.nowMs();
        this.probe(
          entries.map((info) => (info.lastConnection ? now - Date.parse(info.lastConnection) : 0)),
        );
      }
    }
  }

  /** Stops ticking. */
  close(): void {
    clearInterval(this.timer);
    this.stopListening();
  }
}
