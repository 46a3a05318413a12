import { startLeasedJob, type LeasedJobDeps } from './leased-job.js';

/**
 * Maintenance notices (`MNP` due soon, `MNV` overdue; domain.md §8, issue 15): a pass every five
 * minutes (it also refreshes the stored usage rates) and one shortly after start, in the one process of the cluster holding the jobs lease.
 * Each pass tracks the counters (resets, jumps), anchors newly covered vehicles and tells each
 * item of each vehicle once per state and anchor, through the alert dispatcher like every alert.
 */
export function startMaintenanceJob(deps: LeasedJobDeps): { stop(): Promise<void> } {
  return startLeasedJob(deps, {
    intervalMs: 300_000,
    firstAfterMs: 5_000,
    raised: 'maintenance due soon or overdue (MNP/MNV)',
    failed: 'maintenance check failed',
  });
}
