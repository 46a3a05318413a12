import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginLimiter, type LoginLimits } from '../src/modules/auth/login-limiter.js';
import { fakeClock, newDigest, testApp, testBackends, testConfig } from './harness.js';

// The probe (issue 16) bypassed the sign-in limiter by rotating X-Forwarded-For. These tests
// sign in from chosen socket addresses (`remoteAddress`) and move a fake clock. Every evaluated
// attempt costs an argon2id verification, so the limits are smaller than in production (whose
// values login-limiter.test.ts checks): 3 failures per username and address, 3 usernames per
// address, spacing after 2 failures from 1 s up to 4 s.
const LIMITS: Partial<LoginLimits> = {
  maxFailuresPerAccountAddress: 3,
  maxUsernamesPerAddress: 3,
  freeFailuresPerAccount: 2,
  accountDelayBaseMs: 1000,
  accountDelayMaxMs: 4000,
};

type Ctx = Awaited<ReturnType<typeof testApp>>;

interface From {
  /** The socket peer's address. */
  from: string;
  forwardedFor?: string;
  lang?: string;
}

function signInAs(ctx: () => Ctx) {
  return (username: string, password: string, { from, forwardedFor, lang }: From) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/auth/generate_token',
      payload: { username, password, digest: newDigest() },
      remoteAddress: from,
      headers: {
        ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
      },
    });
}

/** The client address recorded on the newest session. */
async function lastSessionAddress(ctx: Ctx): Promise<string | null> {
  const row = await ctx.database.db
    .selectFrom('sessions')
    .select('ip')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.ip;
}

for (const backend of testBackends()) {
  describe(`sign-in limits with no proxy trusted (${backend})`, () => {
    const clock = fakeClock();
    let ctx: Ctx;
    beforeAll(async () => {
      ctx = await testApp(backend, { clock, limiter: new LoginLimiter(LIMITS) });
    });
    afterAll(() => ctx.close());
    const signIn = signInAs(() => ctx);

    it('keeps counting an address whose X-Forwarded-For rotates, and records the socket address', async () => {
      for (let i = 0; i < 3; i++) {
        const wrong = await signIn('sysadmin', 'wrong-password', {
          from: '10.20.0.1',
          forwardedFor: `203.0.113.${i}`,
        });
        expect(wrong.statusCode, `attempt ${i + 1}`).toBe(401);
        clock.advance(5000); // past the account's spacing: only the address limit is at stake
      }
      for (let i = 3; i < 30; i++) {
        const rotated = await signIn('sysadmin', 'wrong-password', {
          from: '10.20.0.1',
          forwardedFor: `203.0.113.${i}`,
        });
        expect(rotated.statusCode, `attempt ${i + 1}`).toBe(429);
      }
      const right = await signIn('sysadmin', 'admin-password', {
        from: '10.20.0.1',
        forwardedFor: '198.51.100.1',
      });
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({
        error: 'too_many_attempts',
        message: 'Demasiados intentos fallidos. Vuelve a intentarlo en 15 minutos',
      });
      // Until the first failure is 15 minutes old.
      expect(Number(right.headers['retry-after'])).toBe(15 * 60 - 15);

      const other = await signIn('sysadmin', 'admin-password', {
        from: '10.20.0.2',
        forwardedFor: '10.20.0.1',
      });
      expect(other.statusCode).toBe(200);
      expect(await lastSessionAddress(ctx)).toBe('10.20.0.2');
    });

    it('spaces the attempts on one username from any address, doubling up to a cap', async () => {
      // demoadmin signs in from its office first: that address is spared the spacing.
      expect((await signIn('demoadmin', 'demo1234', { from: '10.30.9.9' })).statusCode).toBe(200);
      let address = 0;
      const stranger = () => ({ from: `10.30.0.${++address}` });
      for (let i = 0; i < 2; i++) {
        expect((await signIn('demoadmin', 'wrong-guess', stranger())).statusCode).toBe(401);
      }
      const spacings: number[] = [];
      for (let i = 0; i < 4; i++) {
        const slowed = await signIn('demoadmin', 'demo1234', stranger());
        expect(slowed.statusCode).toBe(429);
        expect(slowed.json<{ error: string }>().error).toBe('sign_in_slowed');
        const seconds = Number(slowed.headers['retry-after']);
        spacings.push(seconds);
        clock.advance(seconds * 1000 - 1);
        // Refused attempts are not evaluated and don't lengthen the wait.
        expect((await signIn('demoadmin', 'demo1234', stranger())).statusCode).toBe(429);
        clock.advance(1);
        expect((await signIn('demoadmin', 'wrong-guess', stranger())).statusCode).toBe(401);
      }
      expect(spacings).toEqual([1, 2, 4, 4]);

      const es = await signIn('demoadmin', 'demo1234', stranger());
      expect(es.json()).toMatchObject({
        message:
          'Demasiados intentos fallidos con este usuario. Espera 4 segundos y vuelve a intentarlo',
      });
      const en = await signIn('demoadmin', 'demo1234', { ...stranger(), lang: 'en' });
      expect(en.json()).toMatchObject({
        message: 'Too many failed attempts for this user. Wait 4 seconds and try again',
      });
      // The office signs in during the spacing: a stranger's failures don't lock it out.
      expect((await signIn('demoadmin', 'demo1234', { from: '10.30.9.9' })).statusCode).toBe(200);
      clock.advance(4000);
      expect((await signIn('demoadmin', 'demo1234', stranger())).statusCode).toBe(200);
    });

    it('refuses concurrent guesses past the spacing while the passwords are being checked', async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signIn('ghost-account', 'wrong-guess', { from: `10.50.0.${i + 1}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array<number>(2).fill(401), ...Array<number>(8).fill(429)]);
    });

    it('limits password spraying: an address that failed for 3 usernames may try no other', async () => {
      const from = { from: '10.40.0.1' };
      for (let i = 1; i <= 3; i++) {
        const answer = await signIn(`sprayed-${i}`, 'Password1', from);
        expect(answer.statusCode, `user ${i}`).toBe(401);
      }
      for (let i = 4; i <= 6; i++) {
        const refused = await signIn(`sprayed-${i}`, 'Password1', from);
        expect(refused.statusCode, `user ${i}`).toBe(429);
        expect(refused.json()).toMatchObject({ error: 'too_many_attempts' });
        expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
      }
      expect((await signIn('demouser', 'demo1234', from)).statusCode).toBe(429);
      // A username it already failed for keeps its own count; other addresses are untouched.
      expect((await signIn('sprayed-1', 'Password1', from)).statusCode).toBe(401);
      expect((await signIn('demouser', 'demo1234', { from: '10.40.0.2' })).statusCode).toBe(200);
      clock.advance(15 * 60_000);
      expect((await signIn('demouser', 'demo1234', from)).statusCode).toBe(200);
    });

    it('limits an IPv6 client by its /64, whatever address of it it uses', async () => {
      for (let i = 1; i <= 3; i++) {
        const from = `2001:db8:7:7::${i}`;
        expect((await signIn(`v6-user-${i}`, 'wrong-guess', { from })).statusCode).toBe(401);
      }
      const sameBlock = await signIn('v6-user-4', 'wrong-guess', { from: '2001:db8:7:7:ffff::1' });
      expect(sameBlock.statusCode).toBe(429);
      const otherBlock = await signIn('v6-user-4', 'wrong-guess', { from: '2001:db8:7:8::1' });
      expect(otherBlock.statusCode).toBe(401);
    });
  });

  describe(`sign-in limits behind a trusted proxy (${backend})`, () => {
    const clock = fakeClock();
    let ctx: Ctx;
    beforeAll(async () => {
      ctx = await testApp(backend, {
        clock,
        limiter: new LoginLimiter(LIMITS),
        config: testConfig({ TRUST_PROXY: '127.0.0.1' }),
      });
    });
    afterAll(() => ctx.close());
    const signIn = signInAs(() => ctx);

    it('takes the client address from X-Forwarded-For sent by the proxy, and from nobody else', async () => {
      const viaProxy = { from: '127.0.0.1', forwardedFor: '198.51.100.7' };
      expect((await signIn('demouser', 'demo1234', viaProxy)).statusCode).toBe(200);
      expect(await lastSessionAddress(ctx)).toBe('198.51.100.7');
      // Only the proxy is trusted: the address it saw, not what the client claimed before it.
      const chain = { from: '127.0.0.1', forwardedFor: '203.0.113.9, 198.51.100.8' };
      expect((await signIn('demouser', 'demo1234', chain)).statusCode).toBe(200);
      expect(await lastSessionAddress(ctx)).toBe('198.51.100.8');
      const direct = { from: '10.60.0.1', forwardedFor: '198.51.100.7' };
      expect((await signIn('demouser', 'demo1234', direct)).statusCode).toBe(200);
      expect(await lastSessionAddress(ctx)).toBe('10.60.0.1');
    });

    it('limits each client behind the proxy apart, and a direct client by its socket address', async () => {
      const behind = (client: string) => ({ from: '127.0.0.1', forwardedFor: client });
      for (let i = 1; i <= 3; i++) {
        const answer = await signIn(`proxied-${i}`, 'wrong-guess', behind('198.51.100.20'));
        expect(answer.statusCode).toBe(401);
      }
      const sameClient = await signIn('proxied-4', 'wrong-guess', behind('198.51.100.20'));
      expect(sameClient.statusCode).toBe(429);
      const otherClient = await signIn('proxied-4', 'wrong-guess', behind('198.51.100.21'));
      expect(otherClient.statusCode).toBe(401);

      for (let i = 1; i <= 3; i++) {
        const rotated = { from: '10.60.0.2', forwardedFor: `198.51.100.${100 + i}` };
        expect((await signIn(`direct-${i}`, 'wrong-guess', rotated)).statusCode).toBe(401);
      }
      const rotated = { from: '10.60.0.2', forwardedFor: '198.51.100.200' };
      expect((await signIn('direct-4', 'wrong-guess', rotated)).statusCode).toBe(429);
    });
  });
}
