import type { JobLease } from './job-lease.js';

/** What a scheduled pass needs: the pass itself and where it may run. */
export interface LeasedJobDeps {
  /** One pass: returns how many alerts it raised. */
  run: () => Promise<number>;
  /** Whether this process runs the cluster's scheduled work (role `jobs`). */
  enabled: boolean;
  lease?: JobLease;
  intervalMs?: number;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}

/**
 * A pass every `intervalMs` (and one `firstAfterMs` after start when given), in the one process
 * of the cluster holding the jobs lease; a pass still running is not started again.
 */
export function startLeasedJob(
  deps: LeasedJobDeps,
  options: { intervalMs: number; firstAfterMs?: number; raised: string; failed: string },
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const pass = async () => {
    if (!deps.enabled || (deps.lease && !(await deps.lease.held()))) return;
    const raised = await deps.run();
    if (raised > 0) deps.log.info({ raised }, options.raised);
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.log.warn({ err: error }, options.failed))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, deps.intervalMs ?? options.intervalMs);
  timer.unref();
  const first =
    options.firstAfterMs === undefined ? undefined : setTimeout(tick, options.firstAfterMs);
  first?.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
