import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Unit } from '../lib/unit.js';
import type { PositionPartitions } from '../pipeline/partitions.js';
import type { JobLease } from './job-lease.js';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/**
 * Housekeeping: monthly partitions of positions and alert events made ahead (this month and the
 * next two) and those past RETENTION_DAYS dropped; at start, then every 6 h, in the one process of
 * the cluster holding the jobs lease (checked every minute in a cluster, so a standby takes over
 * soon after the holder dies).
 */
export function housekeepingJob(deps: {
  db: Kysely<Database>;
  partitions: PositionPartitions;
  eventPartitions: PositionPartitions;
  retentionDays: number;
  lease?: JobLease | undefined;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}): Unit {
  let lastRunMs = Number.NEGATIVE_INFINITY;
  const housekeeping = async () => {
    if (deps.lease && !(await deps.lease.held())) return;
    const now = Date.now();
    if (now - lastRunMs < 6 * HOUR) return;
    lastRunMs = now;
    const ahead = [now, now + 31 * DAY, now + 62 * DAY];
    const before = now - deps.retentionDays * DAY;
    await deps.partitions.ensure(deps.db, ahead);
    const dropped = await deps.partitions.dropBefore(deps.db, before);
    if (dropped.length) deps.log.info({ dropped }, 'position partitions past retention dropped');
    await deps.eventPartitions.ensure(deps.db, ahead);
    const old = await deps.eventPartitions.dropBefore(deps.db, before);
    if (old.length) deps.log.info({ dropped: old }, 'event partitions past retention dropped');
  };
  // The run under way, awaited by stop() so the database is not closed under it.
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (stopped) return;
    running = running
      .then(housekeeping)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'housekeeping failed'));
  };
  return {
    start() {
      run();
      timer = setInterval(run, deps.lease ? 60_000 : 6 * HOUR);
      timer.unref();
      return Promise.resolve();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
