import { describe, expect, it } from 'vitest';
import { nextLoginStatus, type LoginEvent, type LoginStatus } from './login-status';

describe('login status transitions (spec §4)', () => {
  const table: [LoginStatus, LoginEvent, LoginStatus][] = [
    [null, 'check-started', 'checking'],
    ['checking', 'check-passed', 'authenticated'],
    ['checking', 'check-failed', 'unauthenticated'],
    ['checking', 'otp-expired', 'otp-expired'],
    ['unauthenticated', 'login-started', 'validating'],
    ['validating', 'login-passed', 'authenticated'],
    ['validating', 'login-failed', 'unauthenticated'],
    ['authenticated', 'logged-out', 'unauthenticated'],
    ['authenticated', 'session-lost', 'unauthenticated'],
    ['otp-expired', 'logged-out', 'unauthenticated'],
    // Events that do not apply keep the status.
    ['authenticated', 'check-failed', 'authenticated'],
    ['unauthenticated', 'login-passed', 'unauthenticated'],
    [null, 'check-passed', null],
    ['authenticated', 'otp-expired', 'authenticated'],
  ];
  it.each(table)('%s --%s--> %s', (from, event, to) => {
    expect(nextLoginStatus(from, event)).toBe(to);
  });
});
