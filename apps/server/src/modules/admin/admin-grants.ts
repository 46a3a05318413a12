import type { Kysely } from 'kysely';
import { viewsBeyond, viewsFromMap } from '@rumbo/contracts';
import type { Database } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { Principal } from '../../kernel/principal.js';
import { findTenantRole } from './admin.repository.js';
import { refuse } from './admin-refusal.js';

/** A role may only allow views the caller has: administration never escalates itself. */
export function checkGrantable(principal: Principal, views: readonly string[], path: string): void {
  const beyond = viewsBeyond(views, principal.views);
  if (beyond.length > 0) refuse('views_beyond_own', path, { views: beyond.join(', ') });
}

/**
 * The one rule for acting on another account — editing it, deleting it, issuing a sign-in code
 * for it: the account's role may allow no view the caller's role doesn't (403). No one obtains,
 * or takes away from someone else, rights they do not hold. Unknown account: 404.
 */
export async function checkActsOnUser(
  db: Kysely<Database>,
  principal: Principal,
  user: { roleId: number } | undefined,
  path: string,
): Promise<void> {
  if (!user) throw new DomainError('not_found');
  const role = await findTenantRole(db, principal.tenantId, user.roleId);
  const beyond = viewsBeyond(viewsFromMap(role?.views ?? {}), principal.views);
  if (beyond.length > 0) refuse('account_beyond_own', path, { views: beyond.join(', ') });
}
