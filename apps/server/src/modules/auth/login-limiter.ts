/** Counts failed sign-ins per username + address; blocks after `maxFailures` in `windowMs`. */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 10,
    private readonly windowMs = 15 * 60_000,
    private readonly maxKeys = 100_000,
  ) {}

  private key(username: string, ip: string): string {
    return `${username.toLowerCase()}|${ip}`;
  }

  private recent(key: string, nowMs: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => t > nowMs - this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterMs(username: string, ip: string, nowMs: number): number {
    const list = this.recent(this.key(username, ip), nowMs);
    if (list.length < this.maxFailures) return 0;
    const oldest = list[list.length - this.maxFailures] ?? nowMs;
    return Math.max(1000, oldest + this.windowMs - nowMs);
  }

  /** Records a failed attempt. */
  recordFailure(username: string, ip: string, nowMs: number): void {
    const key = this.key(username, ip);
    const list = this.recent(key, nowMs);
    list.push(nowMs);
    this.failures.set(key, list);
    if (this.failures.size > this.maxKeys) {
      // Bounded memory: drop the oldest key under a flood of distinct usernames.
      const first = this.failures.keys().next();
      if (!first.done) this.failures.delete(first.value);
    }
  }
}
