import type { CommittedFact } from '../bus/messages.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import { Batch, type Part, type PartOutcome } from './batch.js';
import { writeBatch, writeIsolated, type WriteDeps } from './write-batch.js';

/** How batches are gathered and committed (decision 0055). */
export interface GroupCommitOptions {
  /** While a batch commits, the longest a record waits for the next batch to fill (default 2 ms). */
  flushIntervalMs?: number;
  /** A batch with this many rows goes as soon as a connection is free (default 5,000). */
  maxBatchRows?: number;
  /** Whether a batch goes at the end of the turn that filled it when nothing commits (default true). */
  flushWhenIdle?: boolean;
  /** Batches committing at once (default 1). */
  maxConcurrentFlushes?: number;
}

/** The commit counters (of the pipeline's stats). */
export interface CommitStats {
  /** Submissions whose late records were new: their window is recomputed. */
  late: number;
  /** Transactions that stored a batch (several devices' submissions each: group commit). */
  batches: number;
  /** Submissions (packets) whose records were stored by those transactions. */
  partsWritten: number;
  rowsWritten: number;
  /** Batches that failed whole and were stored part by part. */
  isolatedBatches: number;
}

/** What a commit reports to the pipeline's owner. */
export interface CommitHooks {
  onError: (error: unknown) => void;
  onLate?: (device: IngestDevice, oldestLateMs: number) => void;
  onCommitted?: (facts: CommittedFact[]) => void;
}

/**
 * Group commit: the parts of every device's submissions gather in one batch, and each batch is
 * written in one transaction. The batch goes at the end of the event-loop turn that filled it when
 * nothing is committing (no added latency at low rates); otherwise it waits until it is full, it
 * waited `flushIntervalMs`, or the commits in flight end.
 */
export class GroupCommit {
  /** The batch filling up. */
  batch = new Batch();
  /** The batches committing. */
  readonly inFlight = new Set<Promise<void>>();
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

  constructor(
    private readonly writeDeps: WriteDeps,
    private readonly hooks: CommitHooks,
    private readonly stats: CommitStats,
    options: GroupCommitOptions,
  ) {
    this.maxRows = options.maxBatchRows ?? 5000;
    this.intervalMs = options.flushIntervalMs ?? 2;
    this.whenIdle = options.flushWhenIdle ?? true;
    this.maxFlushes = options.maxConcurrentFlushes ?? 1;
  }

  /** The part's outcome, once the batch holding it committed. */
  schedule(part: Part): Promise<PartOutcome> {
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
    this.batch = new Batch();
    this.due = false;
    this.stopWaiting();
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

  private stopWaiting(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.immediate) clearImmediate(this.immediate);
    this.immediate = null;
  }

  private async write(parts: Part[]): Promise<void> {
    const deps = this.writeDeps;
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
      this.hooks.onError(error);
      this.stats.isolatedBatches += 1;
      for (const part of parts) {
        const outcome = await writeIsolated(deps, part, this.hooks.onError);
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
      this.hooks.onLate?.(part.device, oldestMs);
    }
    const onCommitted = this.hooks.onCommitted;
    if (!onCommitted) return;
    const facts: CommittedFact[] = [];
    for (const part of parts) {
      if (!part.tag) continue;
      for (const fact of part.derived) facts.push({ tag: part.tag, fact });
    }
    if (facts.length > 0) onCommitted(facts);
  }

  /** Everything submitted before for the device, and every commit in flight, settled. */
  async settledFor(deviceId: number): Promise<void> {
    const pending = this.batch.parts.get(deviceId)?.done;
    await Promise.allSettled([...(pending ? [pending] : []), ...this.inFlight]);
  }

  /** Stops waiting, writes what is pending and waits for every commit. */
  async flushAll(): Promise<void> {
    this.stopWaiting();
    await this.drain();
    this.kick();
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}
