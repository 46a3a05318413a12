// The fleet runner: N trucks, each with its tracker's client (Teltonika TCP, or OsmAnd HTTP for
// every Nth), driven live by a timer or through a past period as fast as acknowledgements allow.

import http from 'node:http';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { describeVehicle, type SimDevice } from './catalog.js';
import { compileRoutes } from './routes.js';
import type { TruckGroundTruth } from './ground-truth.js';
import { OsmAndClient } from './osmand-client.js';
import type { DeviceClient, DeviceClientStats } from './record-queue.js';
import type { SimRecord } from './sim-record.js';
import { TeltonikaClient, type ClientEvent } from './teltonika-client.js';
import { toAvlRecord } from './teltonika-encoding.js';
import { Truck, type TruckStatus } from './truck.js';
import type { EventRates } from './truck-driving.js';

/** How {@link createFleet} builds and runs a fleet. */
export interface FleetOptions {
  vehicles: number;
  seed: string | number;
  /** Simulated time at which the trucks start (floored to the second). */
  startMs: number;
  /** Simulated seconds per wall-clock second while live (default 1). */
  speedup?: number;
  host?: string;
  teltonikaPort?: number;
  osmandPort?: number;
  /** Digits after `35` in every IMEI (default none). */
  imeiPrefix?: string;
  /** Every Nth vehicle reports through OsmAnd (default 10; 0 for none). */
  osmandEvery?: number;
  /**
   * How far simulated time may run ahead of the wall clock while live (default 0): servers
   * refuse records from the future, so a speed-up fast-forwards up to "now", then runs at 1×.
   */
  maxAheadMs?: number;
  /** Records per Teltonika packet (default 50). */
  maxRecordsPerPacket?: number;
  /** Wait for a login reply or an acknowledgement (default 30 s). */
  ackTimeoutMs?: number;
  /** Outbox bound per device (default 10 000 records). */
  maxQueuedRecords?: number;
  /** Overrides of the random event rates (tests). */
  rates?: Partial<EventRates>;
  /** Wall clock (default `Date.now`). */
  clock?: () => number;
  onEvent?: (event: ClientEvent) => void;
}

/** A past period to simulate through the live ingest path. */
export interface BackfillOptions {
  fromMs: number;
  toMs: number;
}

/** A past period sent while the fleet already runs live. */
export interface HistoryOptions extends BackfillOptions {
  /** Most history records sent per second, all devices together (default 5,000). */
  recordsPerSecond?: number;
  /** Trucks sending their history at the same time (default 5). */
  concurrency?: number;
}

/** What a backfill sent and how fast. */
export interface BackfillResult {
  records: number;
  elapsedMs: number;
  recordsPerSecond: number;
}

/** Fleet-wide counters. */
export interface FleetStats extends Omit<DeviceClientStats, 'connected'> {
  /** Simulated time of the slowest truck. */
  simTimeMs: number;
  devices: number;
  connected: number;
}

/** A running simulated fleet. */
export interface Fleet {
  readonly devices: readonly SimDevice[];
  /** Runs live from the trucks' time, or from now after a backfill. */
  start(): void;
  /** Stops the timer and closes every connection (queued records are abandoned). */
  stop(): Promise<void>;
  /** Simulates [fromMs, toMs) as fast as the server acknowledges; resolves when all is acked. */
  backfill(options: BackfillOptions): Promise<BackfillResult>;
  /**
   * Goes live at once and sends [fromMs, toMs) meanwhile, throttled, through a second connection
   * per device: a twin truck with the same seed re-lives the period, so history and live join
   * without a jump (the live truck first fast-forwards to `toMs` without sending). Resolves when
   * the history is acknowledged; the fleet stays live.
   */
  startWithHistory(options: HistoryOptions): Promise<BackfillResult>;
  /** What each truck really did so far. */
  groundTruth(): TruckGroundTruth[];
  stats(): FleetStats;
  statuses(): TruckStatus[];
}

interface Vehicle {
  device: SimDevice;
  truck: Truck;
  client: DeviceClient<SimRecord>;
  /** Not yet moved live (fast-forwarding to the end of the history). */
  isWaiting?: boolean;
}

/**
 * Shares a records-per-second budget between devices: `take(n)` resolves when n records may go.
 * Waits are short sleeps, so the event loop (and live traffic) keeps running between them.
 */
class RateLimiter {
  private nextFreeMs = 0;

  constructor(private readonly perSecond: number) {}

  async take(records: number): Promise<void> {
    const now = performance.now();
    const startMs = Math.max(now, this.nextFreeMs);
    this.nextFreeMs = startMs + (records * 1000) / this.perSecond;
    if (startMs > now) await sleep(startMs - now);
  }
}

/**
 * Several clients of one device sharing its records (history of an OsmAnd phone: one record per
 * HTTP round trip would make it the slowest part of a backfill). Records are split in turns, so
 * they arrive out of order; the server stores them all the same.
 */
class FanOutClient implements DeviceClient<SimRecord> {
  readonly deviceId: string;

  constructor(private readonly clients: DeviceClient<SimRecord>[]) {
    this.deviceId = clients[0]!.deviceId;
  }

  start(): void {
    for (const c of this.clients) c.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.stop()));
  }

  enqueue(records: readonly SimRecord[]): void {
    const share = Math.ceil(records.length / this.clients.length);
    this.clients.forEach((c, i) => c.enqueue(records.slice(i * share, (i + 1) * share)));
  }

  stats(): DeviceClientStats {
    const all = this.clients.map((c) => c.stats());
    const sum = (key: Exclude<keyof DeviceClientStats, 'connected'>) =>
      all.reduce((total, s) => total + s[key], 0);
    return {
      queued: sum('queued'),
      sent: sum('sent'),
      acked: sum('acked'),
      resent: sum('resent'),
      rejected: sum('rejected'),
      dropped: sum('dropped'),
      reconnects: sum('reconnects'),
      connected: all.some((s) => s.connected),
    };
  }

  async waitForQueueBelow(count: number): Promise<void> {
    const each = Math.max(1, Math.ceil(count / this.clients.length));
    await Promise.all(this.clients.map((c) => c.waitForQueueBelow(each)));
  }

  async whenIdle(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.whenIdle()));
  }
}

/** Parallel OsmAnd clients of one device while it sends history. */
const OSMAND_HISTORY_CLIENTS = 8;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Simulated time a backfill generates per step and device before checking the outbox. */
const BACKFILL_CHUNK_MS = 30 * 60_000;
/** A device generates more only when fewer records wait (about two packets). */
const BACKFILL_LOW_WATER = 100;
/** Most simulated time one live timer callback catches up, to keep the event loop responsive. */
const MAX_LIVE_STEP_MS = 60 * 60_000;

/** Builds a fleet; nothing connects until `start()` or `backfill()`. */
export function createFleet(options: FleetOptions): Fleet {
  const clock = options.clock ?? Date.now;
  const speedup = options.speedup ?? 1;
  if (!(speedup > 0)) throw new RangeError('speedup must be positive');
  const host = options.host ?? '127.0.0.1';
  const startMs = Math.floor(options.startMs / 1000) * 1000;
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const makeVehicle = (index: number): Vehicle => {
    const device = describeVehicle(index, options);
    const route = routes.get(device.routeId);
    if (!route) throw new Error(`no route ${device.routeId}`);
    const truck = new Truck(
      { ...device, route },
      { seed: `${options.seed}/truck/${index}`, startMs, rates: options.rates },
    );
    const client: DeviceClient<SimRecord> =
      device.protocol === 'osmand'
        ? new OsmAndClient({
            host,
            port: options.osmandPort ?? 5055,
            deviceId: device.imei,
            agent,
            maxQueuedRecords: options.maxQueuedRecords,
          })
        : new TeltonikaClient({
            host,
            port: options.teltonikaPort ?? 5027,
            imei: device.imei,
            toAvlRecord,
            maxRecordsPerPacket: options.maxRecordsPerPacket,
            ackTimeoutMs: options.ackTimeoutMs,
            maxQueuedRecords: options.maxQueuedRecords,
            onEvent: options.onEvent,
          });
    return { device, truck, client };
  };
  const vehicles: Vehicle[] = Array.from({ length: options.vehicles }, (_, index) =>
    makeVehicle(index),
  );

  let timer: NodeJS.Timeout | undefined;
  let clientsStarted = false;
  let hasBackfilled = false;
  let isStopped = false;
  let signalStop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (signalStop = resolve));

  const simTimeMs = (): number =>
    vehicles.reduce((min, v) => (v.isWaiting ? min : Math.min(min, v.truck.timeMs)), Infinity);
  const startClients = (): void => {
    if (clientsStarted) return;
    clientsStarted = true;
    for (const v of vehicles) v.client.start();
  };
  const advanceAll = (targetMs: number): void => {
    for (const v of vehicles) if (!v.isWaiting) v.client.enqueue(v.truck.advanceTo(targetMs));
  };

  async function backfillVehicle(v: Vehicle, toMs: number, limiter?: RateLimiter): Promise<number> {
    let records = 0;
    while (v.truck.timeMs < toMs && !isStopped) {
      await Promise.race([v.client.waitForQueueBelow(BACKFILL_LOW_WATER), stopped]);
      const batch = v.truck.advanceTo(Math.min(toMs, v.truck.timeMs + BACKFILL_CHUNK_MS));
      records += batch.length;
      if (limiter) await Promise.race([limiter.take(batch.length), stopped]);
      v.client.enqueue(batch);
      await yieldToEventLoop();
    }
    await Promise.race([v.client.whenIdle(), stopped]);
    return records;
  }

  let twins: Vehicle[] = [];
  const fleet: Fleet = {
    devices: vehicles.map((v) => v.device),

    start(): void {
      if (timer || isStopped) return;
      startClients();
      const anchorWallMs = clock();
      const nowSimMs = Math.floor(anchorWallMs / 1000) * 1000;
      const liveSimMs = simTimeMs(); // Infinity while every truck still fast-forwards
      const anchorSimMs = hasBackfilled
        ? Number.isFinite(liveSimMs)
          ? Math.max(liveSimMs, nowSimMs)
          : nowSimMs
        : liveSimMs;
      const maxAheadMs = options.maxAheadMs ?? 0;
      const tick = (): void => {
        const wallMs = clock();
        const targetMs = Math.min(
          anchorSimMs + (wallMs - anchorWallMs) * speedup,
          wallMs + maxAheadMs,
          simTimeMs() + MAX_LIVE_STEP_MS,
        );
        advanceAll(targetMs);
      };
      const periodMs = Math.min(1000, Math.max(100, 1000 / speedup));
      tick();
      timer = setInterval(tick, periodMs);
    },

    async stop(): Promise<void> {
      isStopped = true;
      signalStop();
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all([...vehicles, ...twins].map((v) => v.client.stop()));
      agent.destroy();
    },

    async backfill({ fromMs, toMs }: BackfillOptions): Promise<BackfillResult> {
      if (timer) throw new Error('backfill() must run before start()');
      if (fromMs < simTimeMs()) throw new RangeError('backfill cannot start before the trucks');
      startClients();
      for (const v of vehicles) v.truck.advanceTo(fromMs); // the time before is not sent
      // Trucks tick whole seconds from startMs: end on that grid.
      const endMs = startMs + Math.floor((toMs - startMs) / 1000) * 1000;
      const t0 = performance.now();
      const counts = await Promise.all(vehicles.map((v) => backfillVehicle(v, endMs)));
      hasBackfilled = true;
      const records = counts.reduce((a, b) => a + b, 0);
      const elapsedMs = performance.now() - t0;
      return { records, elapsedMs, recordsPerSecond: records / Math.max(elapsedMs / 1000, 1e-3) };
    },

    async startWithHistory(history: HistoryOptions): Promise<BackfillResult> {
      if (timer) throw new Error('startWithHistory() must run before start()');
      if (history.fromMs < simTimeMs())
        throw new RangeError('history cannot start before the trucks');
      const endMs = startMs + Math.floor((history.toMs - startMs) / 1000) * 1000;
      for (const v of vehicles) v.isWaiting = true;
      hasBackfilled = true;
      fleet.start();
      const t0 = performance.now();
      twins = vehicles.map((v) => {
        const twin = makeVehicle(v.device.index);
        if (twin.device.protocol !== 'osmand') return twin;
        const more = Array.from(
          { length: OSMAND_HISTORY_CLIENTS - 1 },
          () => makeVehicle(v.device.index).client,
        );
        return { ...twin, client: new FanOutClient([twin.client, ...more]) };
      });
      // Live first: each truck fast-forwards (nothing sent) to the end of the history and joins
      // the live timer, which then catches it up to now.
      for (const v of vehicles) {
        v.truck.advanceTo(history.fromMs);
        while (v.truck.timeMs < endMs && !isStopped) {
          v.truck.advanceTo(Math.min(endMs, v.truck.timeMs + BACKFILL_CHUNK_MS));
          await yieldToEventLoop();
        }
        v.isWaiting = false;
      }
      const limiter = new RateLimiter(history.recordsPerSecond ?? 5000);
      // A few trucks at a time, each sending its whole history in one stream: the server sees
      // one run of late records per vehicle (one recomputation), not many interleaved trickles.
      const counts = new Array<number>(twins.length).fill(0);
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < twins.length && !isStopped) {
          const i = next++;
          const twin = twins[i]!;
          twin.truck.advanceTo(history.fromMs);
          twin.client.start();
          counts[i] = await backfillVehicle(twin, endMs, limiter);
          await twin.client.stop();
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(history.concurrency ?? 5, twins.length) }, worker),
      );
      const records = counts.reduce((a, b) => a + b, 0);
      const elapsedMs = performance.now() - t0;
      return { records, elapsedMs, recordsPerSecond: records / Math.max(elapsedMs / 1000, 1e-3) };
    },

    groundTruth: () => vehicles.map((v) => v.truck.groundTruth()),

    statuses: () => vehicles.map((v) => v.truck.status()),

    stats(): FleetStats {
      const total: FleetStats = {
        simTimeMs: simTimeMs(),
        devices: vehicles.length,
        connected: 0,
        queued: 0,
        sent: 0,
        acked: 0,
        resent: 0,
        rejected: 0,
        dropped: 0,
        reconnects: 0,
      };
      for (const v of vehicles) {
        const s = v.client.stats();
        total.connected += s.connected ? 1 : 0;
        total.queued += s.queued;
        total.sent += s.sent;
        total.acked += s.acked;
        total.resent += s.resent;
        total.rejected += s.rejected;
        total.dropped += s.dropped;
        total.reconnects += s.reconnects;
      }
      return total;
    },
  };
  return fleet;
}
