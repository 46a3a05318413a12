import type { Unit } from '../lib/unit.js';
import {
  deliverWebhooks,
  pruneWebhookOutbox,
  type DeliveryDeps,
} from '../modules/webhooks/index.js';
import type { JobLease } from './job-lease.js';
import { leasedJob } from './leased-job.js';

/**
 * Webhook deliveries (issue 27, decision 0053): a pass every second in the process holding the
 * jobs lease (one at a time in a cluster) posts what is due, and once an hour prunes events
 * older than 30 days that nothing waits for.
 */
export function webhooksJob(
  deps: DeliveryDeps & {
    lease?: JobLease | undefined;
    log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
    intervalMs?: number;
  },
): Unit {
  let lastPruneMs = 0;
  return leasedJob(
    {
      lease: deps.lease,
      log: deps.log,
      run: async () => {
        const delivered = await deliverWebhooks(deps);
        if (deps.clock.nowMs() - lastPruneMs > 60 * 60 * 1000) {
          lastPruneMs = deps.clock.nowMs();
          await pruneWebhookOutbox(deps);
        }
        return delivered;
      },
    },
    {
      intervalMs: deps.intervalMs ?? 1000,
      firstAfterMs: 200,
      raised: 'webhooks delivered',
      failed: 'webhook deliveries failed',
    },
  );
}
