/**
 * Work a request starts but does not wait for (so its answer can't reveal what the work found).
 * Failures are reported, never thrown; `settled` lets shutdown finish what was started.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Starts a task on the next turn of the event loop. */
  run(task: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch(this.onError)
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  /** Resolves once every task started so far (and any they start) has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
