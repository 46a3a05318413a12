import type { Unit } from '../lib/unit.js';
import type { JobLease } from './job-lease.js';

/** What a scheduled pass needs: the pass itself and the cluster's lease. */
export interface LeasedJobDeps {
  /** In a cluster: whether this process holds the jobs lease (taken when free). */
  lease?: JobLease | undefined;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

/**
 * A pass every `intervalMs` (and one `firstAfterMs` after start when given), in the one process
 * of the cluster holding the jobs lease; a pass still running is not started again. `run`
 * answers how many alerts (or items) it raised, logged as `raised`.
 */
export function leasedJob(
  deps: LeasedJobDeps & { run: () => Promise<number> },
  options: { intervalMs: number; firstAfterMs?: number; raised: string; failed: string },
): Unit {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  const pass = async () => {
    if (deps.lease && !(await deps.lease.held())) return;
    const raised = await deps.run();
    if (raised > 0) deps.log.info({ raised }, options.raised);
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.log.warn({ err: error }, options.failed))
      .finally(() => (running = undefined));
  };
  return {
    start() {
      timer = setInterval(tick, options.intervalMs);
      timer.unref();
      if (options.firstAfterMs !== undefined) {
        first = setTimeout(tick, options.firstAfterMs);
        first.unref();
      }
      return Promise.resolve();
    },
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
