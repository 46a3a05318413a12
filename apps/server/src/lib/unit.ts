/**
 * Something a process starts and stops: a role (src/main/roles/), a scheduled job (src/jobs/).
 * `stop()` waits for work under way, and is harmless before `start()` or when called twice.
 */
export interface Unit {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The units of a list started in order and stopped in reverse (the first stopped last). */
export function unitsInOrder(units: readonly Unit[]): Unit {
  const started: Unit[] = [];
  return {
    async start() {
      for (const unit of units) {
        await unit.start();
        started.push(unit);
      }
    },
    async stop() {
      while (started.length > 0) await started.pop()!.stop();
    },
  };
}
