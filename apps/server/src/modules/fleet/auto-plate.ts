import { createHash } from 'node:crypto';

/** Longest plate a vehicle may have (the plate field of `packages/contracts` fleet schemas). */
export const PLATE_MAX_LENGTH = 20;

const HASH_CHARS = 6;
// Plates hold letters, digits, `_`, `.` and `-` (the contracts' plate rule minus the space).
const NOT_PLATE_CHAR = /[^A-Za-z0-9_.-]/g;

/**
 * The plate an auto-registered device's vehicle gets on its `attempt`-th try (0 first): the device
 * id itself when it fits, otherwise — and on any retry — its first 13 characters, a dash and 6 hex
 * digits of a SHA-256 of the id and the attempt. Always 1–20 plate characters, whatever the id.
 * Two ids that share a prefix get different hashes; if the plate is still taken (a 1 in 16 million
 * coincidence, or an administrator's plate), the caller tries the next attempt.
 */
export function autoPlate(uniqueId: string, attempt: number): string {
  const base = uniqueId.replace(NOT_PLATE_CHAR, '-') || 'device';
  if (attempt === 0 && base.length <= PLATE_MAX_LENGTH) return base;
  const hash = createHash('sha256').update(`${uniqueId}#${attempt}`).digest('hex');
  const prefix = base.slice(0, PLATE_MAX_LENGTH - HASH_CHARS - 1);
  return `${prefix}-${hash.slice(0, HASH_CHARS)}`;
}
