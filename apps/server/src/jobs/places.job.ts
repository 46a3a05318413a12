import type { Unit } from '../lib/unit.js';
import type { PlacesJob } from '../places/places.job.js';
import { leasedJob, type LeasedJobDeps } from './leased-job.js';

/**
 * Places for facts stored without one and street addresses from GEOCODER_URL (issue 23,
 * docs/decisions/0031-places.md): a pass every 5 s, the first 2 s after start, in the one
 * process of the cluster holding the jobs lease.
 */
export function placesNamingJob(deps: LeasedJobDeps & { places: Pick<PlacesJob, 'pass'> }): Unit {
  return leasedJob(
    { ...deps, run: () => deps.places.pass() },
    {
      intervalMs: 5_000,
      firstAfterMs: 2_000,
      raised: 'places named',
      failed: 'places pass failed',
    },
  );
}
