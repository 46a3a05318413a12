import type { JobLease } from './job-lease.js';

/**
 * `DTS` (device silent for its status's T_off, domain.md §10): a pass every minute, in the one
 * process of the cluster holding the jobs lease; one event per silence (keyed by the last
 * record's time), told once through the alert dispatcher.
 */
export function startSilenceJob(deps: {
  run: () => Promise<number>;
  /** Whether this process runs the cluster's scheduled work (role `jobs`). */
  enabled: boolean;
  lease?: JobLease;
  intervalMs?: number;
  log: { warn(obj: object, msg?: string): void; info(obj: object, msg?: string): void };
}): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const pass = async () => {
    if (!deps.enabled || (deps.lease && !(await deps.lease.held()))) return;
    const raised = await deps.run();
    if (raised > 0) deps.log.info({ raised }, 'devices silent past their T_off (DTS)');
  };
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'silence check failed'))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, deps.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
