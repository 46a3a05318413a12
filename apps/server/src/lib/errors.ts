/** Stable codes of expected failures; the HTTP error handler maps each to a status and a message. */
export type ErrorCode =
  | 'validation'
  | 'bad_json'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'bad_credentials'
  | 'too_many_attempts'
  | 'sign_in_slowed'
  | 'otp_invalid'
  | 'digest_mismatch'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'human_check_failed'
  | 'recovery_invalid'
  | 'conflict'
  | 'internal';

/** HTTP status of each code. */
export const STATUS_OF: Record<ErrorCode, number> = {
  validation: 400,
  bad_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  bad_credentials: 401,
  too_many_attempts: 429,
  sign_in_slowed: 429,
  otp_invalid: 422,
  digest_mismatch: 401,
  payload_too_large: 413,
  unsupported_media_type: 415,
  human_check_failed: 400,
  recovery_invalid: 400,
  conflict: 409,
  internal: 500,
};

/** An expected failure of a use case, carrying a stable code and message parameters. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly details?: unknown[],
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}
