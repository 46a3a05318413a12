import { describe, expect, it } from 'vitest';
import { addressKey, LoginLimiter, type LoginVerdict } from './login-limiter.js';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 1);

/** Makes an attempt that fails (its password was wrong) and answers the verdict. */
function fail(limiter: LoginLimiter, user: string, address: string, atMs: number): LoginVerdict {
  const verdict = limiter.attempt(user, address, atMs);
  if (verdict.allowed) limiter.failed(user, address, atMs);
  return verdict;
}

describe('LoginLimiter with the production limits', () => {
  it('refuses the 11th attempt on one username from one address until the first failure is 15 minutes old', () => {
    const limiter = new LoginLimiter();
    for (let i = 0; i < 10; i++) {
      // A minute apart: the account's spacing (at most 60 s) is never what refuses here.
      expect(fail(limiter, 'ana', '10.0.0.1', T0 + i * MINUTE).allowed).toBe(true);
    }
    expect(limiter.attempt('ana', '10.0.0.1', T0 + 10 * MINUTE)).toEqual({
      allowed: false,
      limit: 'address',
      retryAfterMs: 5 * MINUTE,
    });
    expect(limiter.attempt('ANA', '10.0.0.1', T0 + 10 * MINUTE).allowed).toBe(false);
    expect(limiter.attempt('ana', '10.0.0.1', T0 + 15 * MINUTE).allowed).toBe(true);
  });

  it('spaces the attempts on a username from any address after 5 failures: 1 s, doubling, at most 60 s', () => {
    const limiter = new LoginLimiter();
    let now = T0;
    let address = 0;
    const next = () => `10.1.0.${++address}`;
    for (let i = 0; i < 5; i++) expect(fail(limiter, 'ana', next(), now).allowed).toBe(true);
    const spacings: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = limiter.attempt('ana', next(), now);
      if (refused.allowed) throw new Error('expected a refusal');
      expect(refused.limit).toBe('account');
      spacings.push(refused.retryAfterMs);
      // Refused attempts are not counted: hammering doesn't lengthen the wait.
      for (let j = 0; j < 20; j++) limiter.attempt('ana', next(), now + refused.retryAfterMs - 1);
      now += refused.retryAfterMs;
      expect(fail(limiter, 'ana', next(), now).allowed).toBe(true);
    }
    expect(spacings).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60].map((s) => s * 1000));
  });

  it('spares an address the account signed in from, and only that account', () => {
    const limiter = new LoginLimiter();
    limiter.succeeded('ana', '10.2.0.1', T0);
    expect(limiter.attempt('ana', '10.2.0.1', T0)).toEqual({ allowed: true });
    limiter.succeeded('ana', '10.2.0.1', T0);
    for (let i = 0; i < 8; i++) fail(limiter, 'ana', `10.2.1.${i}`, T0 + i);
    expect(limiter.attempt('ana', '10.2.1.99', T0 + 10).allowed).toBe(false);
    expect(limiter.attempt('ana', '10.2.0.1', T0 + 10).allowed).toBe(true);
    for (let i = 0; i < 6; i++) fail(limiter, 'bob', `10.2.2.${i}`, T0 + i);
    expect(limiter.attempt('bob', '10.2.0.1', T0 + 10).allowed).toBe(false);
    // Known for 30 days after the last sign-in from there.
    for (const [days, isSpared] of [
      [29, true],
      [31, false],
    ] as const) {
      const atMs = T0 + days * 24 * 60 * MINUTE;
      for (let i = 0; i < 8; i++) fail(limiter, 'ana', `10.2.3.${i}`, atMs + i);
      expect(limiter.attempt('ana', '10.2.0.1', atMs + 10).allowed, `${days} days`).toBe(isSpared);
    }
  });

  it('refuses an address an 11th username (password spraying); usernames it tried keep their count', () => {
    const limiter = new LoginLimiter();
    for (let i = 1; i <= 10; i++) {
      expect(fail(limiter, `user-${i}`, '10.3.0.1', T0 + i * 1000).allowed).toBe(true);
    }
    for (let i = 11; i <= 15; i++) {
      expect(limiter.attempt(`user-${i}`, '10.3.0.1', T0 + 20_000)).toEqual({
        allowed: false,
        limit: 'address',
        retryAfterMs: 15 * MINUTE + 1000 - 20_000,
      });
    }
    expect(fail(limiter, 'user-1', '10.3.0.1', T0 + 20_000).allowed).toBe(true);
    expect(limiter.attempt('user-11', '10.3.0.2', T0 + 20_000).allowed).toBe(true);
    // user-2's failure ages out first (user-1 failed again): then one new username may try.
    expect(fail(limiter, 'user-11', '10.3.0.1', T0 + 15 * MINUTE + 2000).allowed).toBe(true);
    expect(limiter.attempt('user-12', '10.3.0.1', T0 + 15 * MINUTE + 2000).allowed).toBe(false);
  });

  it('counts an allowed attempt as a failure until it succeeds, so concurrent guesses queue', () => {
    const limiter = new LoginLimiter();
    const verdicts = Array.from({ length: 20 }, (_, i) =>
      limiter.attempt('ana', `10.4.0.${i}`, T0),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    // The five prove right: they don't count, and the next attempt is free again.
    for (let i = 0; i < 5; i++) limiter.succeeded('ana', `10.4.0.${i}`, T0);
    expect(limiter.attempt('ana', '10.4.1.1', T0).allowed).toBe(true);
  });

  it('does not count sign-ins still being checked toward spraying (many users behind one address)', () => {
    const limiter = new LoginLimiter();
    const verdicts = Array.from({ length: 30 }, (_, i) =>
      limiter.attempt(`clerk-${i}`, '10.6.0.1', T0),
    );
    expect(verdicts.every((v) => v.allowed)).toBe(true);
  });

  it('lets a client wait for its own attempt being checked, which then spares it the spacing', async () => {
    const limiter = new LoginLimiter();
    for (let i = 0; i < 4; i++) fail(limiter, 'vera', '10.7.0.1', T0 + i);
    // The web app asks for two tokens at once with one password: the second meets the spacing…
    expect(limiter.attempt('vera', '10.7.0.1', T0 + 10).allowed).toBe(true);
    expect(limiter.attempt('vera', '10.7.0.1', T0 + 11)).toMatchObject({ allowed: false });
    // …waits for the first, which signs in: the address is known and the twin goes through.
    const settled = limiter.whenSettled('vera', '10.7.0.1');
    limiter.succeeded('vera', '10.7.0.1', T0 + 10);
    await settled;
    expect(limiter.attempt('vera', '10.7.0.1', T0 + 12).allowed).toBe(true);
  });

  it('forgets the oldest entries beyond its size', () => {
    const limiter = new LoginLimiter({ maxKeys: 3, maxFailuresPerAccountAddress: 1 });
    fail(limiter, 'ana', '10.5.0.1', T0);
    expect(limiter.attempt('ana', '10.5.0.1', T0).allowed).toBe(false);
    for (let i = 2; i <= 4; i++) fail(limiter, `user-${i}`, `10.5.0.${i}`, T0);
    expect(limiter.attempt('ana', '10.5.0.1', T0).allowed).toBe(true);
  });
});

describe('addressKey', () => {
  it('keys IPv4 by the address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:7:7::1')).toBe('2001:db8:7:7::/64');
    expect(addressKey('2001:0db8:0007:0007:ffff:1:2:3')).toBe('2001:db8:7:7::/64');
    expect(addressKey('2001:db8::7:7:1%eth0')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('not an address')).toBe('not an address');
  });
});
