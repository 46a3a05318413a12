import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  liveStatusOf,
  reducerSettings,
  validatePosition,
  type DetectorChain,
  type DeviceState,
  type Position,
  type ReducerSettings,
  type VehicleContext,
} from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Part, PartOutcome } from './batch.js';
import { GroupCommit, type CommitStats, type GroupCommitOptions } from './group-commit.js';
import type { IngestDevice, SubmitResult } from '../lib/ingest-device.js';
import type { PositionPartitions } from './partitions.js';
import { asStoredPosition, toPositionRow, type PositionRow } from './position-row.js';
import { stepRecords } from './replay.js';
import { persistedReducer, restoreDeviceState } from './restore.js';
import type { CommittedFact, LiveUpdate } from '../bus/messages.js';
import {
  contextOf,
  inputsOf,
  SERVER_CAPABILITIES,
  type ServerCapability,
  type VehicleInput,
  type VehicleSources,
} from '../capabilities/index.js';
import type { VehicleSettingsProvider } from '../capabilities/alerts.js';
import type { PlacesProvider } from '../capabilities/zones.js';
import type { PlannedTripsProvider } from '../capabilities/planned-trips.js';
import type { SinkRows, SinkSet } from './sinks/sink.js';

export type { CommittedFact, LiveUpdate };

/** Where live state goes at once (the in-process live fleet, or the bus to the API nodes). */
export interface LivePublisher {
  apply(vehicleId: number, update: LiveUpdate): void;
}

export type { PlacesProvider, PlannedTripsProvider, VehicleSettingsProvider };

interface VehicleRuntime {
  state: DeviceState;
  persistedAtMs: number;
  persistedStatus?: string;
  /**
   * The additive sums (deferred sinks: rollups, indicators) of the records processed since the
   * state was last handed to a batch; they go in the same part as the next persisted state.
   */
  held: SinkRows;
  /** The newest in-order record published and its device (to persist the state on demand). */
  newest?: { device: IngestDevice; position: Position };
}

/**
 * Vehicle state (with the reducer and the sums held since) is written at most this often, and on
 * status changes; a vehicle that sends nothing more has what it holds written by the next sweep.
 */
const STATE_PERSIST_MS = 15_000;

/**
 * What the pipeline needs. Group commit's options (decision 0055): when nothing is committing, a
 * batch goes at the end of the event-loop turn that filled it; `flushWhenIdle: false` makes every
 * batch wait `flushIntervalMs` (tests that need two submissions in one batch); `maxConcurrentFlushes`
 * is 1 embedded (one connection), a few on PostgreSQL.
 */
export interface PipelineDeps extends VehicleSources, GroupCommitOptions {
  db: Kysely<Database>;
  /**
   * PostgreSQL only: the pool whose raw connections write positions by COPY. Without it (embedded
   * PGlite) positions go in as one multi-row insert from arrays.
   */
  copyPool?: pg.Pool;
  live: LivePublisher;
  sinks: SinkSet;
  clock: Clock;
  partitions: PositionPartitions;
  onError: (error: unknown) => void;
  /** Called after commit with a vehicle and its oldest new late record, to recompute that window. */
  onLate?: (device: IngestDevice, oldestLateMs: number) => void;
  /** Called after commit with the derived facts the batch stored (for the bus). */
  onCommitted?: (facts: CommittedFact[]) => void;
  settings?: Partial<ReducerSettings>;
  /**
   * The capabilities whose per-vehicle inputs make each vehicle's context, from the sources
   * (VehicleSources) in these deps: alert settings, geofences, planned trips… (default: all).
   */
  capabilities?: readonly ServerCapability[];
  /** The detector chain (default: the package's; tests add their own). */
  detectors?: DetectorChain;
  /** How often a vehicle's state and held sums are written (default {@link STATE_PERSIST_MS}). */
  statePersistMs?: number;
}

/** Counters for operators and benchmarks. */
export interface PipelineStats extends CommitStats {
  accepted: number;
  rejected: number;
}

/**
 * Turns decoded records into stored rows, vehicle state and derived facts (through the sinks).
 * Records of one device are processed in order; the live state is published at once (never
 * waiting on disk); writes go in batches, one transaction each, and a submission resolves only
 * after its part of the batch committed — the moment ingest may acknowledge the device.
 */
export class Pipeline {
  private readonly runtimes = new Map<number, Promise<VehicleRuntime>>();
  /** The runtimes of {@link runtimes} that have loaded, by vehicle id. */
  private readonly ready = new Map<number, VehicleRuntime>();
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly settings: ReducerSettings;
  private readonly inputs: readonly VehicleInput[];
  private readonly commits: GroupCommit;
  private readonly persistMs: number;
  /** Writes what vehicles that went quiet hold (started with the first vehicle, see runtime()). */
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;
  readonly stats: PipelineStats = {
    accepted: 0,
    rejected: 0,
    late: 0,
    batches: 0,
    partsWritten: 0,
    rowsWritten: 0,
    isolatedBatches: 0,
  };

  constructor(private readonly deps: PipelineDeps) {
    this.settings = reducerSettings(deps.settings);
    this.inputs = inputsOf(deps.capabilities ?? SERVER_CAPABILITIES, deps);
    const writeDeps = {
      db: deps.db,
      copyPool: deps.copyPool,
      sinks: deps.sinks,
      partitions: deps.partitions,
    };
    this.commits = new GroupCommit(writeDeps, deps, this.stats, deps);
    this.persistMs = deps.statePersistMs ?? STATE_PERSIST_MS;
  }

  /** Processes records of one device; resolves once they are durably handled. */
  submit(device: IngestDevice, positions: readonly Position[]): Promise<SubmitResult> {
    if (this.closed) return Promise.reject(new Error('pipeline closed'));
    const vehicleId = device.vehicleId;
    const ready = vehicleId === null ? null : this.ready.get(vehicleId);
    if (ready !== undefined && !this.chains.has(device.id)) {
      // Nothing of this device pending and its state in memory (the usual packet): processed at
      // once, no promise until its commit.
      try {
        return this.settled(positions, this.process(device, ready ?? undefined, positions));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    const processed = this.inOrder(device, async () => {
      const runtime = vehicleId === null ? undefined : await this.runtime(device, vehicleId);
      return this.process(device, runtime, positions);
    });
    return processed.then((outcome) => this.settled(positions, outcome));
  }

  /** The submission's result once its part committed, less the records the database refused. */
  private settled(
    positions: readonly Position[],
    { result, done }: { result: SubmitResult; done: Promise<PartOutcome> | undefined },
  ): Promise<SubmitResult> {
    if (!done) return Promise.resolve(result);
    return done.then(({ refused }) => {
      if (refused.size === 0) return result;
      let lost = 0;
      for (const p of positions) if (refused.has(p.fixTimeMs)) lost += 1;
      return { accepted: result.accepted - lost, rejected: result.rejected + lost };
    });
  }

  /** Runs `task` after everything submitted before for this device, and before what follows. */
  private inOrder<T>(device: IngestDevice, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(device.id) ?? Promise.resolve();
    const run = previous.then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(device.id, tail);
    void tail.then(() => {
      if (this.chains.get(device.id) === tail) this.chains.delete(device.id);
    });
    return run;
  }

  /** Forgets a vehicle's in-memory state (after an administration change). */
  forgetVehicle(vehicleId: number): void {
    this.runtimes.delete(vehicleId);
    this.ready.delete(vehicleId);
  }

  /** Replaces a vehicle's reducer state (a recompute's final state, which saw the late records). */
  replaceState(vehicleId: number, state: DeviceState): void {
    const runtime = this.runtimes.get(vehicleId);
    if (!runtime) return;
    void runtime.then((r) => {
      // Only a replay that reached the newest processed record may stand in for live state.
      if (r.state.last?.fixTimeMs !== state.last?.fixTimeMs) return;
      r.state = state;
    });
  }

  /** The detector chain every device of this pipeline runs. */
  get detectors(): DetectorChain | undefined {
    return this.deps.detectors;
  }

  /** The reducer settings: the pipeline's, with the vehicle's alert thresholds over them. */
  settingsFor(device: IngestDevice): ReducerSettings {
    return this.deps.vehicleSettings?.settingsFor(device, this.settings) ?? this.settings;
  }

  /**
   * What the detectors know of a device's vehicle beyond its records: what each capability's
   * input adds (capabilities/), or the shared empty context when none adds anything.
   */
  contextFor(device: IngestDevice): VehicleContext {
    return contextOf(this.inputs, device);
  }

  private runtime(device: IngestDevice, vehicleId: number): Promise<VehicleRuntime> {
    let runtime = this.runtimes.get(vehicleId);
    if (!runtime) {
      this.sweeper ??= setInterval(() => this.sweep(), this.persistMs).unref();
      const options = {
        settings: this.settingsFor(device),
        context: this.contextFor(device),
        detectors: this.deps.detectors,
      };
      const sinks = this.deps.sinks;
      const tag = { vehicleId, tenantId: device.tenantId };
      const held: SinkRows = [];
      // Batches in flight may hold this vehicle's state and sums: restore from what they wrote.
      runtime = this.commits
        .settledFor(device.id)
        .then(() =>
          restoreDeviceState(this.deps.db, device, vehicleId, options, (fact) => {
            // The sums of the records after the persisted state were never written: held again.
            if (sinks.defers(fact.type)) sinks.collect(held, tag, fact);
          }),
        )
        .then(({ state, status }) => ({
          state,
          persistedAtMs: this.deps.clock.nowMs(),
          persistedStatus: status,
          held,
        }));
      this.runtimes.set(vehicleId, runtime);
      const loading = runtime;
      loading.then(
        (loaded) => {
          if (this.runtimes.get(vehicleId) === loading) this.ready.set(vehicleId, loaded);
        },
        () => {
          if (this.runtimes.get(vehicleId) === loading) this.runtimes.delete(vehicleId);
        },
      );
    }
    return runtime;
  }

  /** Steps the records through the reducer into the current batch (synchronous). */
  private process(
    device: IngestDevice,
    runtime: VehicleRuntime | undefined,
    positions: readonly Position[],
  ): { result: SubmitResult; done: Promise<PartOutcome> | undefined } {
    const settings = this.settingsFor(device);
    const context = this.contextFor(device);
    const nowMs = this.deps.clock.nowMs();
    const sinks = this.deps.sinks;
    let part: Part | undefined;
    let accepted = 0;
    let rejected = 0;
    // The records the reducer steps (as stored, so a replay of stored rows reproduces each step),
    // their rows and the records as received (the live update carries those).
    const records: Position[] = [];
    const rows: PositionRow[] = [];
    const received: Position[] = [];
    for (const position of positions) {
      const validation = validatePosition(position, nowMs);
      if (!validation.ok) {
        rejected += 1;
        continue;
      }
      accepted += 1;
      const batch = this.commits.batch;
      part ??= batch.part(device);
      batch.rowCount += 1;
      const row = toPositionRow(device.id, position, validation.flags);
      if (!runtime || !part.tag) {
        part.rows.push(row);
        continue;
      }
      records.push(asStoredPosition(position, row));
      rows.push(row);
      received.push(position);
    }
    let newest: Position | undefined;
    if (runtime && part?.tag && records.length > 0) {
      const into = part;
      const tag = part.tag;
      const held = runtime.held;
      const run = { settings, context, detectors: this.deps.detectors, nowMs };
      runtime.state = stepRecords(runtime.state, records, run, ({ state, facts }, i) => {
        let inOrder = true;
        let isLate = false;
        for (const fact of facts) {
          const type = fact.type;
          if (type === 'late') {
            isLate = true;
            inOrder = false;
          } else if (type === 'flagged') {
            // Implausible values move no derived fact, but the newest record still defines
            // the last connection and position (the state is unchanged by a flagged record).
            inOrder = false;
            if (received[i]!.fixTimeMs > (newest?.fixTimeMs ?? state.last?.fixTimeMs ?? 0))
              newest = received[i];
          } else if (type === 'duplicate' || type === 'rejected') {
            inOrder = false;
          } else if (sinks.defers(type)) {
            // Additive sums wait in the vehicle's runtime for its next persisted state.
            sinks.collect(held, tag, fact);
          } else if (sinks.stores(type)) {
            // Every other fact goes to the sink that stores its kind.
            sinks.collect(into.facts, tag, fact);
            if (sinks.publishes(type)) into.derived.push(fact);
          }
        }
        (isLate ? into.lateRows : into.rows).push(rows[i]!);
        if (inOrder) newest = received[i];
      });
    }
    this.stats.accepted += accepted;
    this.stats.rejected += rejected;
    if (part && runtime && newest && part.tag) this.publish(part, runtime, device, newest);
    return { result: { accepted, rejected }, done: part ? this.commits.schedule(part) : undefined };
  }

  private publish(part: Part, runtime: VehicleRuntime, device: IngestDevice, p: Position): void {
    const vehicleId = part.tag!.vehicleId;
    const status = liveStatusOf(runtime.state);
    const speedKmh = speedOf(runtime, p);
    const odometerKm = odometerOf(p);
    const newest = runtime.newest;
    if (newest) {
      newest.device = device;
      newest.position = p;
    } else runtime.newest = { device, position: p };
    this.deps.live.apply(vehicleId, {
      fixTimeMs: p.fixTimeMs,
      lat: p.lat,
      lng: p.lng,
      speedKmh,
      heading: p.headingDeg ?? null,
      status,
      odometerKm,
      engineHours: p.engineHours ?? null,
      ureaLevelPct: p.ureaLevelPct ?? null,
      driverCode: p.driverCode ?? null,
      engineOn: runtime.state.last?.ignition ?? runtime.state.last?.engineOn,
    });
    const nowMs = this.deps.clock.nowMs();
    if (
      nowMs - runtime.persistedAtMs < this.persistMs &&
      runtime.persistedStatus === status &&
      !part.state
    ) {
      return;
    }
    this.handState(part, runtime, p, status, nowMs);
  }

  /**
   * Hands the vehicle's state to its part, with the sums held since the last one: written in one
   * transaction, so the persisted state and the sums stored always describe the same records.
   */
  private handState(
    part: Part,
    runtime: VehicleRuntime,
    p: Position,
    status: string,
    nowMs: number,
  ): void {
    const { vehicleId, tenantId } = part.tag!;
    runtime.persistedAtMs = nowMs;
    runtime.persistedStatus = status;
    this.deps.sinks.moveInto(part.facts, runtime.held);
    runtime.held = [];
    part.state = {
      vehicleId,
      tenantId,
      deviceId: part.device.id,
      fixTimeMs: p.fixTimeMs,
      lat: p.lat,
      lng: p.lng,
      speedKmh: speedOf(runtime, p),
      heading: p.headingDeg ?? null,
      status,
      ignition: p.ignition ?? null,
      odometerKm: odometerOf(p),
      engineHours: p.engineHours ?? null,
      ureaLevelPct: p.ureaLevelPct ?? null,
      fuelLevelPct: p.fuelLevelPct ?? null,
      driverCode: p.driverCode ?? null,
      serviceDistanceKm: p.serviceDistanceKm ?? null,
      reducer: persistedReducer(runtime.state),
    };
  }

  /**
   * Runs `task` in the device's own order (used by recomputations that rewrite one vehicle's
   * derived rows): records of the device submitted before are committed first, those submitted
   * meanwhile wait for it, and every other device goes on being stored and acknowledged.
   */
  runForDevice<T>(device: IngestDevice, task: () => Promise<T>): Promise<T> {
    return this.inOrder(device, async () => {
      // The task rewrites derived rows from the database: the sums held must be there first.
      if (device.vehicleId !== null) this.persistHeld(device.vehicleId);
      await this.commits.settledFor(device.id);
      return task();
    });
  }

  /** Writes the held sums of the vehicles whose state was last persisted a period ago or more. */
  private sweep(): void {
    if (this.closed) return;
    const before = this.deps.clock.nowMs() - this.persistMs;
    for (const [vehicleId, runtime] of this.ready)
      if (runtime.persistedAtMs <= before) this.persistHeld(vehicleId);
  }

  /**
   * Puts a vehicle's state and held sums in the filling batch now (not waiting for the next
   * record due to persist), when it holds sums.
   */
  private persistHeld(vehicleId: number): void {
    const runtime = this.ready.get(vehicleId);
    const newest = runtime?.newest;
    if (!runtime || !newest || runtime.held.every((rows) => !rows || rows.length === 0)) return;
    const part = this.commits.batch.part(newest.device);
    if (!part.tag) return;
    this.handState(
      part,
      runtime,
      newest.position,
      liveStatusOf(runtime.state),
      this.deps.clock.nowMs(),
    );
    void this.commits.schedule(part);
  }

  /**
   * Writes every vehicle's held sums now, with its state, and waits for every commit: what was
   * submitted before is then in every table (the sums otherwise go with the next persisted
   * state, within {@link STATE_PERSIST_MS}).
   */
  async flush(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
    for (const vehicleId of this.ready.keys()) this.persistHeld(vehicleId);
    await this.commits.flushAll();
  }

  /** Writes what is pending (every vehicle's held sums with its state) and refuses new work. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await this.flush();
  }
}

/** The speed shown and persisted: the reducer's, else the record's wheel or GPS speed. */
function speedOf(runtime: VehicleRuntime, p: Position): number | null {
  return runtime.state.last?.speedKmh ?? p.wheelSpeedKmh ?? p.speedKmh ?? null;
}

function odometerOf(p: Position): number | null {
  return p.odometerM === undefined ? null : p.odometerM / 1000;
}
