/** Login status of spec §4; `null` until the first session check starts. */
export type LoginStatus =
  null | 'checking' | 'validating' | 'authenticated' | 'unauthenticated' | 'otp-expired';

export type LoginEvent =
  | 'check-started'
  | 'check-passed'
  | 'check-failed'
  | 'otp-expired'
  | 'login-started'
  | 'login-passed'
  | 'login-failed'
  | 'logged-out'
  | 'session-lost';

/** The login-status transitions of spec §4. An event that does not apply keeps the status. */
export function nextLoginStatus(status: LoginStatus, event: LoginEvent): LoginStatus {
  switch (event) {
    case 'check-started':
      return 'checking';
    case 'check-passed':
      return status === 'checking' ? 'authenticated' : status;
    case 'check-failed':
      return status === 'checking' ? 'unauthenticated' : status;
    case 'otp-expired':
      return status === 'checking' ? 'otp-expired' : status;
    case 'login-started':
      return 'validating';
    case 'login-passed':
      return status === 'validating' ? 'authenticated' : status;
    case 'login-failed':
      return status === 'validating' ? 'unauthenticated' : status;
    case 'logged-out':
    case 'session-lost':
      return 'unauthenticated';
  }
}

/** A status that the guard must wait on before deciding (the first check is running). */
export function isPendingStatus(status: LoginStatus): boolean {
  return status === null || status === 'checking';
}
