import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Unit } from '../lib/unit.js';
import type { AlertDispatcher } from '../modules/alerts/index.js';
import { maintenancePass } from '../modules/maintenance/index.js';
import { leasedJob, type LeasedJobDeps } from './leased-job.js';

/**
 * Maintenance notices (`MNP` due soon, `MNV` overdue; domain.md §8, issue 15): a pass every five
 * minutes (it also refreshes the stored usage rates) and one shortly after start, in the one
 * process of the cluster holding the jobs lease. Each pass tracks the counters (resets, jumps),
 * anchors newly covered vehicles and tells each item of each vehicle once per state and anchor,
 * through the alert dispatcher like every alert.
 */
export function maintenanceJob(
  deps: LeasedJobDeps & { db: Kysely<Database>; dispatcher: Pick<AlertDispatcher, 'dispatch'> },
): Unit {
  const run = async () => {
    const notices = await maintenancePass({ db: deps.db });
    await deps.dispatcher.dispatch(
      notices.map(({ tenantId, vehicleId, code, startTimeMs, value, data }) => ({
        tenantId,
        vehicleId,
        fact: { type: 'event', code, startTimeMs, ...(value === null ? {} : { value }), data },
      })),
    );
    return notices.length;
  };
  return leasedJob(
    { ...deps, run },
    {
      intervalMs: 300_000,
      firstAfterMs: 5_000,
      raised: 'maintenance due soon or overdue (MNP/MNV)',
      failed: 'maintenance check failed',
    },
  );
}
