import type { ErrorBody } from '@rumbo/contracts';

/** A non-2xx answer: HTTP status, the server's stable code and its message in the UI language. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown[] = [],
    readonly retryAfterS: number | null = null,
  ) {
    super(message);
  }
}

/** A request cancelled by the user (cancel-requests) or by its caller; data handlers ignore it. */
export class RequestAbortedError extends Error {
  override readonly name = 'AbortError';
  constructor() {
    super('request aborted');
  }
}

export function isAborted(error: unknown): boolean {
  return (
    error instanceof RequestAbortedError ||
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError')
  );
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** Builds an ApiError from a failed response, reading the `{error, message}` body when present. */
export async function toApiError(response: Response): Promise<ApiError> {
  const retryAfter = Number(response.headers.get('retry-after'));
  const retryAfterS = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  let code = `http_${response.status}`;
  let message = response.statusText || code;
  let details: unknown[] = [];
  try {
    const text = await response.text();
    const body = (text ? JSON.parse(text) : null) as Partial<ErrorBody> | null;
    if (body && typeof body.error === 'string' && typeof body.message === 'string') {
      code = body.error;
      message = body.message;
      details = Array.isArray(body.details) ? body.details : [];
    } else if (text) {
      message = text.slice(0, 300);
    }
  } catch {
    // A body that is not JSON keeps the status text.
  }
  return new ApiError(response.status, code, message, details, retryAfterS);
}
