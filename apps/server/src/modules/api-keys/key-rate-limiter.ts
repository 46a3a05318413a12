/**
 * Requests per key: a token bucket per key (in this process), `perMinute` a minute with a burst
 * of `burst`. A key over its rate gets 429 with Retry-After (issue 27).
 */
export class KeyRateLimiter {
  private readonly buckets = new Map<number, { tokens: number; atMs: number }>();

  constructor(
    private readonly perMinute = 600,
    private readonly burst = 60,
  ) {}

  /** Takes one request's token: 0 when allowed, else the seconds to wait. */
  take(keyId: number, nowMs: number): number {
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(keyId) ?? { tokens: this.burst, atMs: nowMs };
    bucket.tokens = Math.min(this.burst, bucket.tokens + (nowMs - bucket.atMs) * ratePerMs);
    bucket.atMs = nowMs;
    this.buckets.set(keyId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
  }
}
