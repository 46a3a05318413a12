import { formatBytes } from './bytes.js';
import { DomainError } from './errors.js';

// The refusals of an uploaded file state the route's real limit and types (issue 21 item 10): the
// message is built from the numbers and types the check itself uses, never from a fixed text.

/** 413 naming the limit the check used ("máximo 5 MB"). */
export function fileTooLarge(maxBytes: number): DomainError {
  return new DomainError('payload_too_large', { max: formatBytes(maxBytes) });
}

/** 415 naming the types the route takes, listed in the caller's language ("PDF, JPEG o PNG"). */
export function fileTypeRefused(types: readonly string[]): DomainError {
  return new DomainError('unsupported_media_type', { types: types.join(',') });
}

/** Which bound an uploaded archive passed: see lib/unpack/limits.ts ('work': heap or time). */
export type ArchiveBound = 'entries' | 'inflated' | 'ratio' | 'work';

/** 413 naming the bound of an archive that was passed ("se descomprime a más de 32 MB"). */
export function archiveRefused(bound: ArchiveBound, max: number): DomainError {
  const shown = bound === 'inflated' || bound === 'work' ? formatBytes(max) : max;
  return new DomainError('payload_too_large', { archive: bound, max: shown });
}
