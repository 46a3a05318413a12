import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PositionPartitions } from '../pipeline/partitions.js';
import type { LiveFleet } from '../realtime/live-fleet.js';
import type { JobLease } from './job-lease.js';

/** Scheduled work: offline detection, partitions ahead, retention. */
export function startJobs(deps: {
  db: Kysely<Database>;
  /** API nodes sweep their own live fleet for vehicles gone offline. */
  live: LiveFleet | undefined;
  partitions: PositionPartitions;
  /** Monthly partitions of alert events, made ahead like the positions'. */
  eventPartitions?: PositionPartitions;
  retentionDays: number;
  /** Whether this process runs the cluster's housekeeping (role `jobs`). */
  housekeeping: boolean;
  /** In a cluster: whether this process holds the housekeeping lease (taken when free). */
  lease?: JobLease;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}): { stop(): Promise<void> } {
  const offline = setInterval(() => deps.live?.sweepOffline(Date.now()), 30_000);
  let lastRunMs = Number.NEGATIVE_INFINITY;
  const housekeeping = async () => {
    if (!deps.housekeeping || (deps.lease && !(await deps.lease.held()))) return;
    const now = Date.now();
    if (now - lastRunMs < 6 * 3_600_000) return;
    lastRunMs = now;
    // This month and the next two exist before any record needs them.
    await deps.partitions.ensure(deps.db, [now, now + 31 * 86_400_000, now + 62 * 86_400_000]);
    const dropped = await deps.partitions.dropBefore(
      deps.db,
      now - deps.retentionDays * 86_400_000,
    );
    if (dropped.length) deps.log.info({ dropped }, 'position partitions past retention dropped');
    if (deps.eventPartitions) {
      await deps.eventPartitions.ensure(deps.db, [
        now,
        now + 31 * 86_400_000,
        now + 62 * 86_400_000,
      ]);
      const old = await deps.eventPartitions.dropBefore(
        deps.db,
        now - deps.retentionDays * 86_400_000,
      );
      if (old.length) deps.log.info({ dropped: old }, 'event partitions past retention dropped');
    }
  };
  // The run under way, awaited by stop() so the database is not closed under it.
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const runHousekeeping = () => {
    if (stopped) return running;
    running = running
      .then(housekeeping)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'housekeeping failed'));
    return running;
  };
  void runHousekeeping();
  // Often enough that a standby takes over soon after the lease holder dies.
  const daily = setInterval(() => void runHousekeeping(), deps.lease ? 60_000 : 6 * 3_600_000);
  offline.unref();
  daily.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(offline);
      clearInterval(daily);
      await running;
      await deps.lease?.close();
    },
  };
}
