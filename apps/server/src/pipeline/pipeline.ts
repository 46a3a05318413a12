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
import { Batch, type Part, type PartOutcome } from './batch.js';
import type { IngestDevice, SubmitResult } from '../lib/ingest-device.js';
import type { PositionPartitions } from './partitions.js';
import { asStoredPosition, toPositionRow, type PositionRow } from './position-row.js';
import { stepRecords } from './replay.js';
import { restoreDeviceState } from './restore.js';
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
import type { SinkSet } from './sinks/sink.js';
import { writeBatch, writeIsolated, type WriteDeps } from './write-batch.js';

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
}

/** Vehicle state (with the reducer) is written at most this often, and on status changes. */
const STATE_PERSIST_MS = 15_000;

/** What the pipeline needs. */
export interface PipelineDeps extends VehicleSources {
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
  /**
   * Group commit (decision 0055): while a batch is committing, the longest a record waits for
   * the next batch to fill before it goes on a free connection (default 2 ms). When nothing is
   * committing, a batch goes at the end of the event-loop turn that filled it (`flushWhenIdle`),
   * and when the last commit ends, what gathered meanwhile goes at once.
   */
  flushIntervalMs?: number;
  /** A batch with this many rows goes as soon as a connection is free (default 5,000). */
  maxBatchRows?: number;
  /**
   * Whether a batch goes without waiting when nothing is committing (default true). False: every
   * batch waits `flushIntervalMs` (tests that need two submissions in one batch).
   */
  flushWhenIdle?: boolean;
  /** Batches committing at once: 1 embedded (one connection), a few on PostgreSQL. */
  maxConcurrentFlushes?: number;
  settings?: Partial<ReducerSettings>;
  /**
   * The capabilities whose per-vehicle inputs make each vehicle's context, from the sources
   * (VehicleSources) in these deps: alert settings, geofences, planned trips… (default: all).
   */
  capabilities?: readonly ServerCapability[];
  /** The detector chain (default: the package's; tests add their own). */
  detectors?: DetectorChain;
}

/** Counters for operators and benchmarks. */
export interface PipelineStats {
  accepted: number;
  rejected: number;
  late: number;
  /** Transactions that stored a batch (several devices' submissions each: group commit). */
  batches: number;
  /** Submissions (packets) whose records were stored by those transactions. */
  partsWritten: number;
  rowsWritten: number;
  /** Batches that failed whole and were stored part by part. */
  isolatedBatches: number;
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
  private batch: Batch;
  private readonly inFlight = new Set<Promise<void>>();
  /** The wait of the filling batch for its group (while other batches commit). */
  private timer: NodeJS.Timeout | null = null;
  /** The end of the event-loop turn, when the filling batch goes with nothing committing. */
  private immediate: NodeJS.Immediate | null = null;
  /** The filling batch waited long enough but every connection was busy: it goes at the next end. */
  private due = false;
  private readonly maxRows: number;
  private readonly intervalMs: number;
  private readonly whenIdle: boolean;
  private readonly maxFlushes: number;
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
    this.batch = this.newBatch();
    this.maxRows = deps.maxBatchRows ?? 5000;
    this.intervalMs = deps.flushIntervalMs ?? 2;
    this.whenIdle = deps.flushWhenIdle ?? true;
    this.maxFlushes = deps.maxConcurrentFlushes ?? 1;
    this.settings = reducerSettings(deps.settings);
    this.inputs = inputsOf(deps.capabilities ?? SERVER_CAPABILITIES, deps);
  }

  private newBatch(): Batch {
    return new Batch();
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
      const options = {
        settings: this.settingsFor(device),
        context: this.contextFor(device),
        detectors: this.deps.detectors,
      };
      runtime = restoreDeviceState(this.deps.db, device, vehicleId, options).then(
        ({ state, status }) => ({
          state,
          persistedAtMs: this.deps.clock.nowMs(),
          persistedStatus: status,
        }),
      );
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
      part ??= this.batch.part(device);
      this.batch.rowCount += 1;
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
    if (part && runtime && newest && part.tag) this.publish(part, runtime, newest);
    return { result: { accepted, rejected }, done: part ? this.schedule(part) : undefined };
  }

  private publish(part: Part, runtime: VehicleRuntime, p: Position): void {
    const { vehicleId, tenantId } = part.tag!;
    const status = liveStatusOf(runtime.state);
    const speedKmh = runtime.state.last?.speedKmh ?? p.wheelSpeedKmh ?? p.speedKmh ?? null;
    const odometerKm = p.odometerM === undefined ? null : p.odometerM / 1000;
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
      nowMs - runtime.persistedAtMs < STATE_PERSIST_MS &&
      runtime.persistedStatus === status &&
      !part.state
    ) {
      return;
    }
    runtime.persistedAtMs = nowMs;
    runtime.persistedStatus = status;
    part.state = {
      vehicleId,
      tenantId,
      deviceId: part.device.id,
      fixTimeMs: p.fixTimeMs,
      lat: p.lat,
      lng: p.lng,
      speedKmh,
      heading: p.headingDeg ?? null,
      status,
      ignition: p.ignition ?? null,
      odometerKm,
      engineHours: p.engineHours ?? null,
      ureaLevelPct: p.ureaLevelPct ?? null,
      fuelLevelPct: p.fuelLevelPct ?? null,
      driverCode: p.driverCode ?? null,
      serviceDistanceKm: p.serviceDistanceKm ?? null,
      reducer: runtime.state,
    };
  }

  /**
   * The part's outcome. Group commit: the batch goes at the end of this event-loop turn when
   * nothing is committing (no added latency at low rates); otherwise it gathers the submissions
   * of every device until it is full, it waited `flushIntervalMs`, or the commits in flight end.
   */
  private schedule(part: Part): Promise<PartOutcome> {
    if (this.batch.rowCount >= this.maxRows) this.kick();
    else if (this.whenIdle && this.inFlight.size === 0)
      this.immediate ??= setImmediate(this.onTurnEnd);
    else this.timer ??= setTimeout(this.onWaited, this.intervalMs);
    return part.done;
  }

  private readonly onTurnEnd = (): void => {
    this.immediate = null;
    this.kick();
  };

  private readonly onWaited = (): void => {
    this.timer = null;
    this.kick();
  };

  /** Writes the filling batch, or marks it due when every connection is busy. */
  private kick(): void {
    // Batches may commit concurrently (PostgreSQL): every statement is order-independent
    // (duplicates skipped, rollups additive, vehicle state guarded by fix time).
    if (this.inFlight.size >= this.maxFlushes) {
      this.due = true;
      return;
    }
    const batch = this.batch;
    if (batch.isEmpty) return;
    this.batch = this.newBatch();
    this.due = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
    const flush = this.write([...batch.parts.values()]).finally(() => {
      this.inFlight.delete(flush);
      const next = this.batch;
      if (next.isEmpty) return;
      // What gathered during the commits goes now if it is due, full, or nothing else commits.
      const idle = this.whenIdle && this.inFlight.size === 0;
      if (this.due || next.rowCount >= this.maxRows || idle) this.kick();
    });
    this.inFlight.add(flush);
  }

  private writeDeps(): WriteDeps {
    return {
      db: this.deps.db,
      copyPool: this.deps.copyPool,
      sinks: this.deps.sinks,
      partitions: this.deps.partitions,
    };
  }

  private async write(parts: Part[]): Promise<void> {
    const deps = this.writeDeps();
    try {
      const { written, newLate } = await writeBatch(deps, parts);
      this.stats.batches += 1;
      this.stats.partsWritten += parts.length;
      this.stats.rowsWritten += written;
      for (const part of parts) part.resolve({ refused: new Set() });
      this.afterCommit(parts, newLate);
    } catch (error) {
      // One device's bad record must not hold back the others: store part by part, and within
      // a failing part record by record, refusing only what the database refuses.
      this.deps.onError(error);
      this.stats.isolatedBatches += 1;
      for (const part of parts) {
        const outcome = await writeIsolated(deps, part, this.deps.onError);
        part.resolve({ refused: outcome.refused });
        this.afterCommit([part], outcome.newLate);
      }
    }
  }

  private afterCommit(parts: Part[], newLate: ReadonlyMap<number, number>): void {
    for (const [deviceId, oldestMs] of newLate) {
      const part = parts.find((p) => p.device.id === deviceId);
      if (!part) continue;
      this.stats.late += 1;
      this.deps.onLate?.(part.device, oldestMs);
    }
    const onCommitted = this.deps.onCommitted;
    if (!onCommitted) return;
    const facts: CommittedFact[] = [];
    for (const part of parts) {
      if (!part.tag) continue;
      for (const fact of part.derived) facts.push({ tag: part.tag, fact });
    }
    if (facts.length > 0) onCommitted(facts);
  }

  /**
   * Runs `task` in the device's own order (used by recomputations that rewrite one vehicle's
   * derived rows): records of the device submitted before are committed first, those submitted
   * meanwhile wait for it, and every other device goes on being stored and acknowledged.
   */
  runForDevice<T>(device: IngestDevice, task: () => Promise<T>): Promise<T> {
    return this.inOrder(device, async () => {
      const pending = this.batch.parts.get(device.id)?.done;
      await Promise.allSettled([...(pending ? [pending] : []), ...this.inFlight]);
      return task();
    });
  }

  /** Writes what is pending and refuses new work. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
    await Promise.allSettled([...this.chains.values()]);
    await this.drain();
    this.kick();
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
