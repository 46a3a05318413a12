// The fleet runner: N trucks, each with its tracker's client (Teltonika TCP, or OsmAnd HTTP for
// every Nth), driven live by a timer or through a past period as fast as acknowledgements allow;
// and any truck's records over a past period, generated without sending them (history).

import http from 'node:http';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { describeVehicle, type SimDevice } from './catalog.js';
import { HISTORY_RECORDER_SETTINGS, type RecorderSettings } from './device-recorder.js';
import { dutyCardFor, type CardStint, type DutyFleet, type DutyTruck } from './duty-fleet.js';
import type { DutySegment } from './duty-plan.js';
import { Random } from './random.js';
import { legDutySegments, type TruckDutyOptions } from './truck-duty.js';
import { DEFAULT_SITUATION_RATES } from './truck-events.js';
import { TruckPlan } from './truck-plan.js';
import { drawTraits } from './truck-profile.js';
import { compileRoutes } from './routes.js';
import type { TruckGroundTruth } from './ground-truth.js';
import { OsmAndClient } from './osmand-client.js';
import type { DeviceClient, DeviceClientStats } from './record-queue.js';
import type { SimRecord } from './sim-record.js';
import { TeltonikaClient, type ClientEvent } from './teltonika-client.js';
import { toAvlRecord } from './teltonika-encoding.js';
import { TachographOverlay } from './tachograph-overlay.js';
import { Truck } from './truck.js';
import { DEMO_TRUCK_OPTIONS, type TruckStatus } from './truck-options.js';
import type { EventRates } from './truck-driving.js';
import type { SituationRates } from './truck-events.js';

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
  /**
   * The random event rates: the demo's by default (`DEMO_EVENT_RATES`, `DEMO_SITUATION_RATES`,
   * speed limiters); tests that measure detectors pass the harsh ones (`DEFAULT_EVENT_RATES`…).
   */
  rates?: Partial<EventRates>;
  situations?: Partial<SituationRates>;
  /** Speed limiters at 80–90 km/h (default true, see `TruckOptions.speedLimiter`). */
  speedLimiter?: boolean;
  /** Wall clock (default `Date.now`). */
  clock?: () => number;
  /**
   * The drivers' working states (issue 26): the Teltonika trucks' records carry the tachograph
   * slots of `tachograph.trucks[index]` (tachograph-overlay.ts); absent: no tachograph IO.
   */
  tachograph?: DutyFleet;
  /**
   * How each truck's drivers work (issue 26 item 5): their day shapes the truck's parks and its
   * drives end on time (`TruckOptions.duty`); {@link fleetDuty} gives the drivers' activities
   * (pass them as `tachograph`). Absent: the trucks' own schedules.
   */
  duty?: (index: number) => TruckDutyOptions | undefined;
  onEvent?: (event: ClientEvent) => void;
}

/** A past period to simulate through the live ingest path. */
export interface BackfillOptions {
  fromMs: number;
  toMs: number;
}

/** A truck's records over a past period, generated without sending them ({@link Fleet.history}). */
export interface HistoryOptions {
  /** The period, [fromMs, toMs). */
  fromMs: number;
  toMs: number;
  /**
   * Resumes a history: records the tracker released before this instant are skipped (they were
   * handled), the rest come as they would have (default `fromMs`). Record times never depend on
   * where a history resumes.
   */
  resumeAtMs?: number;
  /** Simulated time per chunk (default 1 h). */
  chunkMs?: number;
  /** The tracker's record cadence (default {@link HISTORY_RECORDER_SETTINGS}). */
  recorder?: Partial<RecorderSettings>;
}

/** Part of a history: the records a truck's tracker released up to `untilMs`, oldest first. */
export interface HistoryChunk {
  records: SimRecord[];
  untilMs: number;
}

/** What a backfill sent and how fast. */
export interface BackfillResult {
  records: number;
  elapsedMs: number;
  recordsPerSecond: number;
}

/** How {@link Fleet.start} goes live. */
export interface StartOptions {
  /**
   * Puts every truck where its plan has it at this instant before going live (default: go on
   * from the trucks' current time), reporting at once (see `Truck.goLive`).
   */
  atMs?: number;
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
  /** Runs live from the trucks' time, from `atMs`, or from now after a backfill. */
  start(options?: StartOptions): void;
  /** Stops the timer and closes every connection (queued records are abandoned). */
  stop(): Promise<void>;
  /** Simulates [fromMs, toMs) as fast as the server acknowledges; resolves when all is acked. */
  backfill(options: BackfillOptions): Promise<BackfillResult>;
  /**
   * The records truck `index` sends over a past period, chunk by chunk, simulated from the leg
   * that holds the period's start (not from the trucks' start). Nothing is sent.
   */
  history(index: number, options: HistoryOptions): Generator<HistoryChunk>;
  /** What each truck really did so far. */
  groundTruth(): TruckGroundTruth[];
  stats(): FleetStats;
  statuses(): TruckStatus[];
  /** Each device client's counters, in device order. */
  deviceStats(): DeviceClientStats[];
}

interface Vehicle {
  device: SimDevice;
  truck: Truck;
  client: DeviceClient<SimRecord>;
  /** The tachograph's slots added to the truck's records (Teltonika trucks of a `tachograph` fleet). */
  overlay?: TachographOverlay;
}

/** Simulated time per chunk of {@link Fleet.history}. */
const HISTORY_CHUNK_MS = 60 * 60_000;
/** Simulated time a backfill generates per step and device before checking the outbox. */
const BACKFILL_CHUNK_MS = 30 * 60_000;
/** A device generates more only when fewer records wait (about two packets). */
const BACKFILL_LOW_WATER = 100;
/** Most simulated time one live timer callback catches up, to keep the event loop responsive. */
const MAX_LIVE_STEP_MS = 60 * 60_000;

/** The fleet's vehicle `index`: its catalogue entry and the identity its truck drives with. */
function fleetIdentity(
  options: Pick<FleetOptions, 'seed' | 'imeiPrefix' | 'osmandEvery'>,
  routes: ReadonlyMap<string, ReturnType<typeof compileRoutes>[number]>,
  index: number,
) {
  const device = describeVehicle(index, options);
  const route = routes.get(device.routeId);
  if (!route) throw new Error(`no route ${device.routeId}`);
  return { device, identity: { ...device, route } };
}

/** What {@link fleetDuty} and {@link fleetTruckPlan} need of a fleet's options. */
export type FleetDutyOptions = Pick<
  FleetOptions,
  'vehicles' | 'seed' | 'startMs' | 'imeiPrefix' | 'osmandEvery' | 'situations' | 'duty'
>;

/** The schedule truck `index` of the fleet follows when planned with `duty` (its legs, in closed form). */
export function fleetTruckPlan(
  options: FleetDutyOptions,
  index: number,
  duty: TruckDutyOptions | undefined,
  routes = new Map(compileRoutes().map((r) => [r.id, r])),
): TruckPlan {
  const { identity } = fleetIdentity(options, routes, index);
  const seed = `${options.seed}/truck/${index}`;
  const traits = drawTraits(new Random(seed).fork('traits'), identity.style, identity.kind);
  const situations = {
    ...DEFAULT_SITUATION_RATES,
    ...DEMO_TRUCK_OPTIONS.situations,
    ...options.situations,
  };
  const startMs = Math.floor(options.startMs / 1000) * 1000;
  return new TruckPlan(identity, traits, seed, startMs, situations, duty);
}

/** A truck's drivers are planned this far past the instant asked, then again as time passes. */
export const DUTY_PLAN_AHEAD_MS = 7 * 24 * 60 * 60_000;

/**
 * The drivers of a fleet planned with `duty` and what their trucks' tachographs hold from the
 * fleet's start: each truck's drivers' activities follow from its legs (truck-duty.ts). Drivers
 * are numbered truck by truck (two on a crew's truck), each with the card `dutyCardFor` gives.
 * Planned as time passes: each truck's `planTo` (the tachograph overlay calls it with its records'
 * times, `cardTruth` with the end asked) plans whole legs to {@link DUTY_PLAN_AHEAD_MS} past the
 * instant, so the stints and segments grow; at every instant they are those of a plan made all at
 * once (the legs are planned from the seed alone). `planToMs`: planned that far now.
 */
export function fleetDuty(options: FleetDutyOptions, planToMs?: number): DutyFleet {
  const startMs = Math.floor(options.startMs / 1000) * 1000;
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const fleet: DutyFleet = { drivers: [], trucks: [], homeTruckOf: [] };
  for (let t = 0; t < options.vehicles; t++) {
    const duty = options.duty?.(t);
    const truck: DutyTruck = { index: t, stints: [] };
    fleet.trucks.push(truck);
    if (!duty) continue;
    const crew = duty.crew === true;
    const first = fleet.drivers.length;
    const drivers = (crew ? [first, first + 1] : [first]).map((i) => {
      fleet.homeTruckOf.push(t);
      const d = { card: dutyCardFor(options.seed, i), segments: [] as DutySegment[], units: [] };
      fleet.drivers.push(d);
      return d;
    });
    let plan: TruckPlan | undefined;
    /** The next leg to plan; every instant before `plannedToMs` (its start) is planned. */
    let next = 0;
    let plannedToMs = -Infinity;
    truck.planTo = (atMs) => {
      if (atMs < plannedToMs) return;
      plan ??= fleetTruckPlan(options, t, duty, routes);
      const stints: CardStint[] = [];
      for (; plan.leg(next).startMs < atMs + DUTY_PLAN_AHEAD_MS; next++) {
        for (const s of legDutySegments(plan.leg(next), crew, startMs)) {
          const d = drivers[s.driver]!;
          const last = d.segments.at(-1);
          if (last && last.kind === s.kind && last.slot === s.slot && last.endMs === s.startMs) {
            last.endMs = s.endMs;
          } else {
            d.segments.push({ kind: s.kind, slot: s.slot, startMs: s.startMs, endMs: s.endMs });
          }
          const from = Math.max(s.startMs, startMs);
          if (s.endMs > from) {
            stints.push({
              card: d.card,
              slot: s.slot,
              kind: s.kind,
              startMs: from,
              endMs: s.endMs,
            });
          }
        }
      }
      // Whole legs, in time order: the new stints all start where the last ones ended or later.
      stints.sort((a, b) => a.startMs - b.startMs || a.slot - b.slot);
      for (const s of stints) truck.stints.push(s);
      plannedToMs = plan.leg(next).startMs;
    };
    if (planToMs !== undefined) truck.planTo(planToMs);
  }
  return fleet;
}

/** Builds a fleet; nothing connects until `start()` or `backfill()`. */
export function createFleet(options: FleetOptions): Fleet {
  const clock = options.clock ?? Date.now;
  const speedup = options.speedup ?? 1;
  if (!(speedup > 0)) throw new RangeError('speedup must be positive');
  const host = options.host ?? '127.0.0.1';
  const startMs = Math.floor(options.startMs / 1000) * 1000;
  const routes = new Map(compileRoutes().map((r) => [r.id, r]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  const identityOf = (index: number) => fleetIdentity(options, routes, index);
  /** Truck `index`, put where its plan has it at `atMs` (default: its start). */
  const makeTruck = (index: number, atMs?: number, recorder?: Partial<RecorderSettings>): Truck =>
    new Truck(identityOf(index).identity, {
      seed: `${options.seed}/truck/${index}`,
      startMs,
      atMs,
      recorder,
      rates: { ...DEMO_TRUCK_OPTIONS.rates, ...options.rates },
      situations: { ...DEMO_TRUCK_OPTIONS.situations, ...options.situations },
      speedLimiter: options.speedLimiter ?? DEMO_TRUCK_OPTIONS.speedLimiter,
      duty: options.duty?.(index),
    });

  const overlayOf = (index: number): TachographOverlay | undefined => {
    const duty = options.tachograph?.trucks[index];
    if (!duty || identityOf(index).device.protocol !== 'teltonika') return undefined;
    return new TachographOverlay(duty);
  };
  /** A truck's records with its tachograph's slots, when it has one. */
  const withSlots = (overlay: TachographOverlay | undefined, records: SimRecord[]) =>
    overlay ? overlay.apply(records) : records;

  const makeVehicle = (index: number): Vehicle => {
    const { device } = identityOf(index);
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
    return { device, truck: makeTruck(index), client, overlay: overlayOf(index) };
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
    vehicles.reduce((min, v) => Math.min(min, v.truck.timeMs), Infinity);
  const startClients = (): void => {
    if (clientsStarted) return;
    clientsStarted = true;
    for (const v of vehicles) v.client.start();
  };
  const advanceAll = (targetMs: number): void => {
    for (const v of vehicles) v.client.enqueue(withSlots(v.overlay, v.truck.advanceTo(targetMs)));
  };
  /** Puts every truck where it is at `atMs` (its plan says where; nothing before is sent). */
  const placeAll = (atMs: number): void => {
    for (const v of vehicles) {
      v.truck = makeTruck(v.device.index, atMs);
      v.overlay = overlayOf(v.device.index);
    }
  };

  async function backfillVehicle(v: Vehicle, toMs: number): Promise<number> {
    let records = 0;
    while (v.truck.timeMs < toMs && !isStopped) {
      await Promise.race([v.client.waitForQueueBelow(BACKFILL_LOW_WATER), stopped]);
      const batch = withSlots(
        v.overlay,
        v.truck.advanceTo(Math.min(toMs, v.truck.timeMs + BACKFILL_CHUNK_MS)),
      );
      records += batch.length;
      v.client.enqueue(batch);
      await yieldToEventLoop();
    }
    await Promise.race([v.client.whenIdle(), stopped]);
    return records;
  }

  const fleet: Fleet = {
    devices: vehicles.map((v) => v.device),

    start(startOptions: StartOptions = {}): void {
      if (timer || isStopped) return;
      const anchorWallMs = clock();
      const nowSimMs = Math.floor(anchorWallMs / 1000) * 1000;
      const placeAtMs =
        startOptions.atMs ?? (hasBackfilled && simTimeMs() < nowSimMs ? nowSimMs : undefined);
      if (placeAtMs !== undefined) {
        placeAll(Math.floor(placeAtMs / 1000) * 1000);
        for (const v of vehicles) v.truck.goLive();
      }
      startClients();
      const anchorSimMs = simTimeMs();
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
      await Promise.all(vehicles.map((v) => v.client.stop()));
      agent.destroy();
    },

    async backfill({ fromMs, toMs }: BackfillOptions): Promise<BackfillResult> {
      if (timer) throw new Error('backfill() must run before start()');
      if (fromMs < startMs) throw new RangeError('backfill cannot start before the trucks');
      // Trucks tick whole seconds: start and end on that grid.
      placeAll(Math.floor(fromMs / 1000) * 1000);
      startClients();
      const endMs = Math.floor(toMs / 1000) * 1000;
      const t0 = performance.now();
      const counts = await Promise.all(vehicles.map((v) => backfillVehicle(v, endMs)));
      hasBackfilled = true;
      const records = counts.reduce((a, b) => a + b, 0);
      const elapsedMs = performance.now() - t0;
      return { records, elapsedMs, recordsPerSecond: records / Math.max(elapsedMs / 1000, 1e-3) };
    },

    *history(index: number, history: HistoryOptions): Generator<HistoryChunk> {
      if (!(index >= 0 && index < vehicles.length)) throw new RangeError(`no truck ${index}`);
      if (history.fromMs < startMs) throw new RangeError('history cannot start before the trucks');
      const resumeAtMs = Math.max(history.fromMs, history.resumeAtMs ?? history.fromMs);
      const truck = makeTruck(index, resumeAtMs, history.recorder ?? HISTORY_RECORDER_SETTINGS);
      const overlay = overlayOf(index);
      const chunkMs = history.chunkMs ?? HISTORY_CHUNK_MS;
      const inPeriod = (r: SimRecord): boolean =>
        r.fixTimeMs >= history.fromMs && r.fixTimeMs < history.toMs;
      // Trucks tick whole seconds: the last step ends on that grid.
      const endMs = Math.ceil(history.toMs / 1000) * 1000;
      while (truck.timeMs < endMs) {
        const untilMs = Math.min(endMs, truck.timeMs + chunkMs);
        const records = withSlots(overlay, truck.advanceTo(untilMs)).filter(inPeriod);
        yield { records, untilMs: truck.timeMs };
      }
    },

    groundTruth: () => vehicles.map((v) => v.truck.groundTruth()),

    statuses: () => vehicles.map((v) => v.truck.status()),

    deviceStats: () => vehicles.map((v) => v.client.stats()),

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
