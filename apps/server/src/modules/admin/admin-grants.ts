import { viewsBeyond } from '@rumbo/contracts';
import type { Principal } from '../auth/auth.service.js';
import { refuse } from './admin-refusal.js';

/** A role may only allow views the caller has: administration never escalates itself. */
export function checkGrantable(principal: Principal, views: readonly string[], path: string): void {
  const beyond = viewsBeyond(views, principal.views);
  if (beyond.length > 0) refuse('views_beyond_own', path, { views: beyond.join(', ') });
}
