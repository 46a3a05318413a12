import type { Kysely } from 'kysely';
import type pg from 'pg';
import {
  bucketOf,
  initialDeviceState,
  reducerSettings,
  rollupBetween,
  step,
  validatePosition,
  type DeviceState,
  type Position,
  type ReducerSettings,
  type SampledPosition,
  type StopFact,
  type TripFact,
} from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { LiveFleet } from '../realtime/live-fleet.js';
import {
  addRollups,
  insertPositions,
  upsertStops,
  upsertTrips,
  upsertVehicleStates,
  type RollupIncrement,
  type VehicleFact,
  type VehicleStateWrite,
} from './batch-store.js';
import { copyTransaction } from './copy-positions.js';
import type { IngestDevice } from './device-registry.js';
import type { PositionPartitions } from './partitions.js';
import { fromStoredRow, toPositionRow, type PositionRow } from './position-row.js';

/** Rollup bucket: one hour. */
export const ROLLUP_BUCKET_MS = 3_600_000;

/** What a submission became once durably handled. */
export interface SubmitResult {
  /** Records stored (or already stored before: duplicates are durable too). */
  accepted: number;
  /** Records refused for good (time far in the future, coordinates out of range). */
  rejected: number;
}

interface Batch {
  rows: PositionRow[];
  trips: VehicleFact<TripFact>[];
  stops: VehicleFact<StopFact>[];
  rollups: Map<string, RollupIncrement>;
  states: Map<number, VehicleStateWrite>;
  committed: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Callers attach their own handlers; this keeps an unobserved failure from crashing the process.
  committed.catch(() => undefined);
  return {
    rows: [],
    trips: [],
    stops: [],
    rollups: new Map(),
    states: new Map(),
    committed,
    resolve,
    reject,
  };
}

interface VehicleRuntime {
  state: DeviceState;
  /** The newest in-order usable record and its sample: the start of the next rollup interval. */
  last?: SampledPosition;
  persistedAtMs: number;
  persistedStatus?: string;
}

/** Vehicle state (with the reducer) is written at most this often, and on status changes. */
const STATE_PERSIST_MS = 15_000;
/** Most stored records replayed to restore a reducer after a restart. */
const MAX_TAIL_REPLAY = 20_000;

/** What the pipeline needs. */
export interface PipelineDeps {
  db: Kysely<Database>;
  /**
   * PostgreSQL only: the pool whose raw connections write positions by COPY. Without it (embedded
   * PGlite) positions go in as one multi-row insert from arrays.
   */
  copyPool?: pg.Pool;
  live: LiveFleet;
  clock: Clock;
  partitions: PositionPartitions;
  onError: (error: unknown) => void;
  /** Called with a vehicle and the oldest late record's time, to recompute that window. */
  onLate?: (device: IngestDevice, oldestLateMs: number) => void;
  flushIntervalMs?: number;
  maxBatchRows?: number;
  /** Batches committing at once: 1 embedded (one connection), a few on PostgreSQL. */
  maxConcurrentFlushes?: number;
  settings?: Partial<ReducerSettings>;
}

/** Counters for operators and benchmarks. */
export interface PipelineStats {
  accepted: number;
  rejected: number;
  late: number;
  batches: number;
  rowsWritten: number;
}

/**
 * Turns decoded records into stored rows, vehicle state, trips, stops and rollups. Records of one
 * device are processed in order; the live state is published at once (never waiting on disk);
 * writes go in batches, one transaction each, and a submission resolves only after its batch
 * committed — the moment ingest may acknowledge the device.
 */
export class Pipeline {
  private readonly runtimes = new Map<number, Promise<VehicleRuntime>>();
  private readonly chains = new Map<number, Promise<unknown>>();
  private readonly settingsByLimit = new Map<number, ReducerSettings>();
  private batch = newBatch();
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly stats: PipelineStats = { accepted: 0, rejected: 0, late: 0, batches: 0, rowsWritten: 0 };

  constructor(private readonly deps: PipelineDeps) {}

  /** Processes records of one device; resolves once they are durably handled. */
  submit(device: IngestDevice, positions: readonly Position[]): Promise<SubmitResult> {
    if (this.closed) return Promise.reject(new Error('pipeline closed'));
    const previous = this.chains.get(device.id) ?? Promise.resolve();
    const processed = previous.then(() => this.process(device, positions));
    const tail = processed.then(
      () => undefined,
      () => undefined,
    );
    this.chains.set(device.id, tail);
    void tail.then(() => {
      if (this.chains.get(device.id) === tail) this.chains.delete(device.id);
    });
    return processed.then(async ({ result, committed }) => {
      await committed;
      return result;
    });
  }

  /** Forgets a vehicle's in-memory state (after a recompute or an administration change). */
  forgetVehicle(vehicleId: number): void {
    this.runtimes.delete(vehicleId);
  }

  private settingsFor(device: IngestDevice): ReducerSettings {
    const limit = device.speedLimitKmh ?? this.deps.settings?.speedLimitKmh ?? 90;
    let settings = this.settingsByLimit.get(limit);
    if (!settings) {
      settings = reducerSettings({ ...this.deps.settings, speedLimitKmh: limit });
      this.settingsByLimit.set(limit, settings);
    }
    return settings;
  }

  private runtime(device: IngestDevice, vehicleId: number): Promise<VehicleRuntime> {
    let runtime = this.runtimes.get(vehicleId);
    if (!runtime) {
      runtime = this.restore(device, vehicleId);
      this.runtimes.set(vehicleId, runtime);
      runtime.catch(() => this.runtimes.delete(vehicleId));
    }
    return runtime;
  }

  /**
   * The reducer state as last persisted, brought up to date by replaying the records stored
   * after it (state is persisted every few seconds, records in every batch).
   */
  private async restore(device: IngestDevice, vehicleId: number): Promise<VehicleRuntime> {
    const row = await this.deps.db
      .selectFrom('vehicle_state')
      .select(['reducer', 'status'])
      .where('vehicle_id', '=', vehicleId)
      .executeTakeFirst();
    let state = (row?.reducer as DeviceState | null | undefined) ?? initialDeviceState();
    const runtime: VehicleRuntime = {
      state,
      persistedAtMs: this.deps.clock.nowMs(),
      persistedStatus: row?.status,
    };
    const sinceMs = state.last?.fixTimeMs;
    if (sinceMs === undefined) return runtime;
    const tail = await this.deps.db
      .selectFrom('positions')
      .selectAll()
      .where('device_id', '=', device.id)
      .where('fix_time', '>', new Date(sinceMs))
      .orderBy('fix_time')
      .limit(MAX_TAIL_REPLAY)
      .execute();
    const settings = this.settingsFor(device);
    for (const stored of tail) {
      const position = fromStoredRow(device.uniqueId, stored);
      state = step(state, position, settings).state;
      if (state.last?.fixTimeMs === position.fixTimeMs)
        runtime.last = { position, sample: state.last };
    }
    runtime.state = state;
    return runtime;
  }

  private async process(
    device: IngestDevice,
    positions: readonly Position[],
  ): Promise<{ result: SubmitResult; committed: Promise<void> }> {
    const runtime =
      device.vehicleId === null ? undefined : await this.runtime(device, device.vehicleId);
    const settings = this.settingsFor(device);
    const nowMs = this.deps.clock.nowMs();
    const batch = this.batch;
    let accepted = 0;
    let rejected = 0;
    let oldestLateMs: number | undefined;
    let newest: Position | undefined;
    for (const position of positions) {
      const validation = validatePosition(position, nowMs);
      if (!validation.ok) {
        rejected += 1;
        continue;
      }
      accepted += 1;
      batch.rows.push(toPositionRow(device.id, position, validation.flags));
      if (!runtime || device.vehicleId === null) continue;
      // Validated once: the reducer and the rollup reuse this outcome and the reducer's sample.
      const { state, facts } = step(runtime.state, position, settings, nowMs, validation);
      let inOrder = true;
      for (const fact of facts) {
        switch (fact.type) {
          case 'trip':
            batch.trips.push({ vehicleId: device.vehicleId, tenantId: device.tenantId, fact });
            break;
          case 'stop':
            batch.stops.push({ vehicleId: device.vehicleId, tenantId: device.tenantId, fact });
            break;
          case 'late':
            inOrder = false;
            oldestLateMs = Math.min(oldestLateMs ?? fact.fixTimeMs, fact.fixTimeMs);
            break;
          case 'flagged':
            // Implausible values move no derived fact, but the newest record still defines
            // the last connection and position.
            inOrder = false;
            if (position.fixTimeMs > (newest?.fixTimeMs ?? runtime.state.last?.fixTimeMs ?? 0))
              newest = position;
            break;
          case 'duplicate':
          case 'rejected':
            inOrder = false;
            break;
          case 'status':
          case 'counter':
            break;
        }
      }
      runtime.state = state;
      if (!inOrder || !state.last) continue;
      const sampled: SampledPosition = { position, sample: state.last };
      if (runtime.last) this.addRollup(batch, device, runtime.last, sampled, settings);
      runtime.last = sampled;
      newest = position;
    }
    this.stats.accepted += accepted;
    this.stats.rejected += rejected;
    if (runtime && newest && device.vehicleId !== null)
      this.publish(batch, device, runtime, newest);
    if (oldestLateMs !== undefined) {
      this.stats.late += 1;
      this.deps.onLate?.(device, oldestLateMs);
    }
    const committed = accepted > 0 || batch.rows.length > 0 ? this.schedule() : Promise.resolve();
    return { result: { accepted, rejected }, committed };
  }

  private addRollup(
    batch: Batch,
    device: IngestDevice,
    prev: SampledPosition,
    curr: SampledPosition,
    settings: ReducerSettings,
  ) {
    const d = rollupBetween(prev, curr, settings);
    if (
      d.distanceKm === 0 &&
      d.fuelL === 0 &&
      d.engineTimeS === 0 &&
      d.drivingTimeS === 0 &&
      d.idleTimeS === 0
    )
      return;
    const bucketMs = bucketOf(prev.position.fixTimeMs, ROLLUP_BUCKET_MS);
    const key = `${device.vehicleId}|${bucketMs}`;
    let increment = batch.rollups.get(key);
    if (!increment) {
      increment = {
        vehicleId: device.vehicleId ?? 0,
        tenantId: device.tenantId,
        bucketMs,
        distanceKm: 0,
        fuelL: 0,
        engineS: 0,
        drivingS: 0,
        idleS: 0,
      };
      batch.rollups.set(key, increment);
    }
    increment.distanceKm += d.distanceKm;
    increment.fuelL += d.fuelL;
    increment.engineS += d.engineTimeS;
    increment.drivingS += d.drivingTimeS;
    increment.idleS += d.idleTimeS;
  }

  private publish(batch: Batch, device: IngestDevice, runtime: VehicleRuntime, p: Position): void {
    const vehicleId = device.vehicleId ?? 0;
    const status = runtime.state.status.status;
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
      !batch.states.has(vehicleId)
    ) {
      return;
    }
    runtime.persistedAtMs = nowMs;
    runtime.persistedStatus = status;
    batch.states.set(vehicleId, {
      vehicleId,
      tenantId: device.tenantId,
      deviceId: device.id,
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
      reducer: runtime.state,
    });
  }

  /** The commit promise of the current batch; flushes when full or after a short delay. */
  private schedule(): Promise<void> {
    const batch = this.batch;
    if (batch.rows.length >= (this.deps.maxBatchRows ?? 5000)) {
      this.kick();
    } else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.kick();
      }, this.deps.flushIntervalMs ?? 20);
    }
    return batch.committed;
  }

  private kick(): void {
    // Batches may commit concurrently (PostgreSQL): every statement is order-independent
    // (duplicates skipped, rollups additive, vehicle state guarded by fix time).
    if (this.inFlight.size >= (this.deps.maxConcurrentFlushes ?? 1)) return;
    const batch = this.batch;
    if (batch.rows.length === 0 && batch.states.size === 0 && batch.trips.length === 0) {
      batch.resolve();
      this.batch = newBatch();
      return;
    }
    this.batch = newBatch();
    const flush = this.write(batch).finally(() => {
      this.inFlight.delete(flush);
      const next = this.batch;
      if (next.rows.length > 0 || next.states.size > 0) {
        if (next.rows.length >= (this.deps.maxBatchRows ?? 5000) || !this.timer) this.kick();
      }
    });
    this.inFlight.add(flush);
  }

  private async write(batch: Batch): Promise<void> {
    try {
      await this.deps.partitions.ensure(
        this.deps.db,
        batch.rows.map((row) => row.fixTimeMs),
      );
      const derived = async (trx: Kysely<Database>) => {
        await upsertTrips(trx, batch.trips);
        await upsertStops(trx, batch.stops);
        await addRollups(trx, [...batch.rollups.values()]);
        await upsertVehicleStates(trx, [...batch.states.values()]);
      };
      const pool = this.deps.copyPool;
      const written = pool
        ? await copyTransaction(pool, batch.rows, derived)
        : await this.deps.db.transaction().execute(async (trx) => {
            const inserted = await insertPositions(trx, batch.rows);
            await derived(trx);
            return inserted;
          });
      this.stats.batches += 1;
      this.stats.rowsWritten += written;
      batch.resolve();
    } catch (error) {
      this.deps.onError(error);
      // Nothing was acknowledged: devices resend the records. Derived facts of the failed batch
      // ride along with the next one so they are not lost.
      this.batch.trips.push(...batch.trips);
      this.batch.stops.push(...batch.stops);
      for (const [key, inc] of batch.rollups) {
        const pending = this.batch.rollups.get(key);
        if (!pending) {
          this.batch.rollups.set(key, inc);
          continue;
        }
        pending.distanceKm += inc.distanceKm;
        pending.fuelL += inc.fuelL;
        pending.engineS += inc.engineS;
        pending.drivingS += inc.drivingS;
        pending.idleS += inc.idleS;
      }
      for (const [id, state] of batch.states)
        if (!this.batch.states.has(id)) this.batch.states.set(id, state);
      batch.reject(error);
    }
  }

  /**
   * Runs `task` in the device's own order (used by recomputations that rewrite one vehicle's
   * derived rows): records of the device submitted before are committed first, those submitted
   * meanwhile wait for it, and every other device goes on being stored and acknowledged.
   */
  runForDevice<T>(device: IngestDevice, task: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(device.id) ?? Promise.resolve();
    const run = previous.then(async () => {
      const batch = this.batch;
      const hasPending = batch.rows.length > 0 || batch.states.size > 0 || batch.trips.length > 0;
      await Promise.allSettled([...(hasPending ? [batch.committed] : []), ...this.inFlight]);
      return task();
    });
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

  /** Writes what is pending and refuses new work. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.chains.values()]);
    await this.drain();
    this.kick();
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
