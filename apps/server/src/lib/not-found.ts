import { DomainError } from './errors.js';

/**
 * The value a lookup found, or a `not_found` DomainError (404): the services' "this id must be
 * the tenant's" check after a repository's find.
 */
export function orNotFound<T>(value: T | null | undefined): T {
  if (value === undefined || value === null) throw new DomainError('not_found');
  return value;
}
