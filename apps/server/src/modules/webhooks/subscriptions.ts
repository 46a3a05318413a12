import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { subscribedKinds } from './webhooks.repository.js';

/**
 * Which tenants have enabled webhook endpoints and for which event kinds, in memory (issue 25:
 * a batch of a tenant without endpoints costs a map lookup, no query). Reloaded whole when an
 * endpoint changes (the bus tells every pipeline node) and every minute as a safety net.
 */
export class WebhookSubscriptionsCache {
  private byTenant = new Map<number, ReadonlySet<string>>();

  /** Whether the tenant has an enabled endpoint at all. */
  has(tenantId: number): boolean {
    return this.byTenant.has(tenantId);
  }

  /** Whether some enabled endpoint of the tenant takes this kind (`alert.X` also by `alert.*`). */
  wants(tenantId: number, kind: string): boolean {
    const kinds = this.byTenant.get(tenantId);
    if (!kinds) return false;
    return kinds.has(kind) || (kind.startsWith('alert.') && kinds.has('alert.*'));
  }

  /** Replaces the subscriptions (tests and the reload). */
  set(entries: Iterable<[tenantId: number, kinds: Iterable<string>]>): void {
    const next = new Map<number, Set<string>>();
    for (const [tenantId, kinds] of entries) {
      const set = next.get(tenantId) ?? new Set<string>();
      for (const kind of kinds) set.add(kind);
      next.set(tenantId, set);
    }
    this.byTenant = next;
  }

  async reload(db: Kysely<Database>): Promise<void> {
    this.set(await subscribedKinds(db));
  }
}
