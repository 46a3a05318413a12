import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { PrincipalCache } from '../auth/principal-cache.js';
import type { SessionEvents } from '../auth/session-events.js';

/** What administration of users and roles needs. */
export interface AdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  sessionEvents: SessionEvents;
  principals?: PrincipalCache | undefined;
}
