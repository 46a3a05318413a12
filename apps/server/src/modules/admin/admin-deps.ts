import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

/**
 * What administration of users and roles needs. The session side is named by what administration
 * does with it (auth's SessionEvents and PrincipalCache fit), so admin does not import auth, which
 * imports admin's rule for acting on an account.
 */
export interface AdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Announces revoked sessions so their open sockets close at once. */
  sessionEvents: { revoked(sessionIds: number[]): void };
  /** Forgets a user's cached sessions, so a change of role or a revocation is seen at once. */
  principals?: { evictUser(userId: number): void } | undefined;
}
