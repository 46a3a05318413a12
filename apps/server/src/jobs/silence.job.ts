import type { Unit } from '../lib/unit.js';
import { leasedJob, type LeasedJobDeps } from './leased-job.js';

/**
 * `DTS` (device silent for its status's T_off, domain.md §10): a pass every minute, in the one
 * process of the cluster holding the jobs lease; one event per silence (keyed by the last
 * record's time), told once through the alert dispatcher.
 */
export function silenceJob(deps: LeasedJobDeps & { detectSilences: () => Promise<number> }): Unit {
  return leasedJob(
    { ...deps, run: deps.detectSilences },
    {
      intervalMs: 60_000,
      raised: 'devices silent past their T_off (DTS)',
      failed: 'silence check failed',
    },
  );
}
