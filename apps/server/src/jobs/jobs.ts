import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PositionPartitions } from '../pipeline/partitions.js';
import type { LiveFleet } from '../realtime/live-fleet.js';

/** Scheduled work: offline detection, partitions ahead, retention. */
export function startJobs(deps: {
  db: Kysely<Database>;
  live: LiveFleet;
  partitions: PositionPartitions;
  retentionDays: number;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}): { stop(): void } {
  const offline = setInterval(() => deps.live.sweepOffline(Date.now()), 30_000);
  const housekeeping = async () => {
    const now = Date.now();
    // This month and the next two exist before any record needs them.
    await deps.partitions.ensure(deps.db, [now, now + 31 * 86_400_000, now + 62 * 86_400_000]);
    const dropped = await deps.partitions.dropBefore(
      deps.db,
      now - deps.retentionDays * 86_400_000,
    );
    if (dropped.length) deps.log.info({ dropped }, 'position partitions past retention dropped');
  };
  const runHousekeeping = () =>
    housekeeping().catch((error: unknown) => deps.log.warn({ err: error }, 'housekeeping failed'));
  void runHousekeeping();
  const daily = setInterval(() => void runHousekeeping(), 6 * 3_600_000);
  offline.unref();
  daily.unref();
  return {
    stop() {
      clearInterval(offline);
      clearInterval(daily);
    },
  };
}
