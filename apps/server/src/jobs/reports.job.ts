import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { Unit } from '../lib/unit.js';
import type { MailTransport } from '../modules/mail/index.js';
import { reportsPass } from '../modules/reports/index.js';
import { leasedJob, type LeasedJobDeps } from './leased-job.js';

/**
 * Scheduled e-mail reports (issue 27, decision 0052): a pass every 15 s in the process holding
 * the jobs lease. Each due slot is claimed by inserting its send row (UNIQUE per subscription
 * and slot), so a slot is mailed once even when two processes run a pass at the same time;
 * failed sends are tried again with backoff. The transport is opened on start, closed on stop.
 */
export function reportsJob(
  deps: LeasedJobDeps & {
    db: Kysely<Database>;
    transport: () => MailTransport;
    from: string;
    clock: Clock;
    intervalMs?: number;
  },
): Unit {
  let transport: MailTransport | undefined;
  const job = leasedJob(
    {
      ...deps,
      run: () => {
        transport ??= deps.transport();
        return reportsPass({ ...deps, transport });
      },
    },
    {
      intervalMs: deps.intervalMs ?? 15_000,
      firstAfterMs: 3_000,
      raised: 'scheduled reports sent',
      failed: 'scheduled reports pass failed',
    },
  );
  return {
    start: () => job.start(),
    async stop() {
      await job.stop();
      transport?.close();
      transport = undefined;
    },
  };
}
