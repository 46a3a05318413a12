import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import type { Pipeline } from './pipeline.js';
import { recomputeWindow, type RecomputeOutcome } from './recompute.js';
import type { SinkSet } from './sinks/sink.js';

/**
 * Schedules recomputes after late records: debounced per device (a buffer of late records sent
 * over several packets triggers one), and one at a time per process, so a restart after an
 * outage never has the whole fleet replaying at once while devices wait for acknowledgements.
 */
export class Recomputer {
  private readonly pending = new Map<number, { timer: NodeJS.Timeout; oldestMs: number }>();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Recomputes started and finished (for tests and operators). */
  readonly stats = { done: 0, failed: 0 };

  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      sinks: SinkSet;
      pipeline: () => Pipeline;
      debounceMs?: number;
      log: {
        info(obj: object, msg?: string): void;
        error(obj: object, msg?: string): void;
      };
    },
  ) {}

  /** Asks for the window of `device` from `oldestLateMs` on to be recomputed. */
  request(device: IngestDevice, oldestLateMs: number): void {
    if (this.closed) return;
    const previous = this.pending.get(device.id);
    if (previous) clearTimeout(previous.timer);
    const oldestMs = Math.min(previous?.oldestMs ?? oldestLateMs, oldestLateMs);
    const timer = setTimeout(() => {
      this.pending.delete(device.id);
      this.queue = this.queue.then(() => this.run(device, oldestMs));
    }, this.deps.debounceMs ?? 2000);
    timer.unref();
    this.pending.set(device.id, { timer, oldestMs });
  }

  private async run(device: IngestDevice, oldestMs: number): Promise<void> {
    if (this.closed) return;
    const pipeline = this.deps.pipeline();
    try {
      const outcome: RecomputeOutcome = await pipeline.runForDevice(device, async () => {
        const result = await recomputeWindow(
          {
            db: this.deps.db,
            sinks: this.deps.sinks,
            settings: pipeline.settingsFor(device),
            context: pipeline.contextFor(device),
            detectors: pipeline.detectors,
          },
          device,
          oldestMs,
        );
        if (device.vehicleId !== null) pipeline.replaceState(device.vehicleId, result.state);
        return result;
      });
      this.stats.done += 1;
      const { fromMs, replayFromMs, positions, facts } = outcome;
      this.deps.log.info(
        { device: device.uniqueId, fromMs, replayFromMs, positions, facts },
        'window recomputed after late records',
      );
    } catch (error) {
      this.stats.failed += 1;
      this.deps.log.error({ err: error, device: device.uniqueId }, 'recompute failed');
    }
  }

  /** Whether nothing is waiting or running. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await new Promise((r) => setTimeout(r, 50));
    await this.queue;
  }

  /** Drops what is waiting; a running recompute finishes. */
  async close(): Promise<void> {
    this.closed = true;
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
    await this.queue;
  }
}
