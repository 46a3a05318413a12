import type { SessionPrincipal } from './auth.repository.js';

/**
 * Remembers resolved sessions for a few seconds so a busy client does not cost a database
 * round trip per request. An entry carries its session's expiry and is never answered past it;
 * revocations evict at once (SessionEvents); other changes (a disabled user, an edited role, an
 * expiry edited in the database) are seen within `ttlMs`.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, { principal: SessionPrincipal; cachedAtMs: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(key: string, nowMs: number): SessionPrincipal | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (nowMs - entry.cachedAtMs > this.ttlMs || entry.principal.expiresAt.getTime() <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  set(key: string, principal: SessionPrincipal, nowMs: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { principal, cachedAtMs: nowMs });
  }

  /** Forgets these sessions (revoked). */
  evictSessions(sessionIds: number[]): void {
    const ids = new Set(sessionIds);
    for (const [key, entry] of this.entries)
      if (ids.has(entry.principal.sessionId)) this.entries.delete(key);
  }

  /** Forgets everything of a user (password changed, disabled). */
  evictUser(userId: number): void {
    for (const [key, entry] of this.entries)
      if (entry.principal.userId === userId) this.entries.delete(key);
  }
}
