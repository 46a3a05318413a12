import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../src/modules/mail/mail.delivery.js';
import { RECOVERY_MAIL_LIMITS } from '../src/modules/auth/auth.service.js';
import { fakeClock, signInHeaders, testApp, testBackends } from './harness.js';
import { deliverNow, solveHumanCheck, startSmtp } from './mail-helpers.js';

// Issue 21, item 7: a password reset ends every other way into the account (older recovery
// links, one-time codes, sessions), and recovery mails are limited per account and per address
// while the answer stays the same. Mails go through a real SMTP server.

const INVALID_LINK = 'El enlace de recuperación no es válido o ha expirado';

for (const backend of testBackends()) {
  describe(`password recovery (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    const clock = fakeClock();

    beforeAll(async () => {
      smtp = await startSmtp();
      ctx = await testApp(backend, { clock });
    });
    afterAll(async () => {
      await ctx.close();
      await smtp.close();
    });

    /** Asks for recovery mails `times` times at once; every answer must be `true`. */
    async function askRecovery(email: string, times: number): Promise<void> {
      const tokens = await Promise.all(
        Array.from({ length: times }, () => solveHumanCheck(ctx.app)),
      );
      const answers = await Promise.all(
        tokens.map((token) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/rest/auth/recovery_v2',
            payload: { email, token },
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toBe(true);
      }
      await ctx.app.services.auth.tasks.settled();
    }

    /** Delivers the outbox through SMTP; the recovery links received for `email`, in order. */
    async function linksFor(email: string): Promise<string[]> {
      const transport = smtpTransport(smtp.url);
      const before = smtp.mails.length;
      const sent = await deliverNow(ctx.database.db, transport);
      await expect.poll(() => smtp.mails.length).toBe(before + sent);
      transport.close();
      return smtp.mails
        .map((mail) => mail.replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes(`To: ${email}`))
        .map((mail) => /http:\/\/rumbo\.test\/auth\/recovery\/([\w-]+)/.exec(mail)?.[1] ?? '');
    }

    const reset = async (email: string, recoveryToken: string, password: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/rest/auth/recovery_password_v2',
          payload: { email, recoveryToken, password, token: await solveHumanCheck(ctx.app) },
        })
      ).json<true | string>();

    it('a reset revokes the other recovery links, unused one-time codes and every session', async () => {
      const email = 'demo@transportes-demo.local';
      const web = await signInHeaders(ctx.app, 'demouser', 'demo1234');
      const webHeaders = { token: web.token, digest: web.digest };
      const v2 = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/user/generate_token',
        payload: { username: 'demouser', password: 'demo1234' },
      });
      const v2Headers = { 'user-token': v2.json<{ token: string }>().token };
      const otp = (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/otp',
          headers: webHeaders,
          payload: {},
        })
      ).json<{ otp: string }>().otp;
      await askRecovery(email, 1);
      await askRecovery(email, 1);
      const [older, newer] = await linksFor(email);
      expect(older).toBeTruthy();
      expect(newer).toBeTruthy();
      expect(older).not.toBe(newer);

      expect(await reset(email, newer!, 'nueva-clave-1')).toBe(true);
      // The older link no longer resets the password again, the code no longer signs in, and
      // both sessions are over.
      expect(await reset(email, older!, 'otra-clave-2')).toBe(INVALID_LINK);
      const code = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/validate',
        payload: { otp },
      });
      expect(code.statusCode).toBe(422);
      for (const headers of [webHeaders, v2Headers]) {
        const profile = await ctx.app.inject({
          method: 'GET',
          url: '/api/rest/user/get_profile',
          headers,
        });
        expect(profile.statusCode).toBe(401);
      }
      await expect(signInHeaders(ctx.app, 'demouser', 'otra-clave-2')).rejects.toThrow();
      expect((await signInHeaders(ctx.app, 'demouser', 'nueva-clave-1')).iss).toBe(web.iss);
    });

    it('sends at most the per-account limit of mails however many requests come, answering the same', async () => {
      const email = 'admin@transportes-demo.local';
      await askRecovery(email, 12);
      expect(await linksFor(email)).toHaveLength(RECOVERY_MAIL_LIMITS.perAccount);
      // An hour later the account may have mails again.
      clock.advance(RECOVERY_MAIL_LIMITS.windowMs + 1_000);
      await askRecovery(email, 1);
      expect(await linksFor(email)).toHaveLength(RECOVERY_MAIL_LIMITS.perAccount + 1);
    });

    it('sends at most the per-address limit to an address several accounts share', async () => {
      const email = 'flota@compartida.test';
      const admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      const roles = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/rest/admin/users/roles',
          headers: { token: admin.token, digest: admin.digest },
        })
      ).json<{ id: number; name: string }[]>();
      const viewer = roles.find((role) => role.name === 'viewer');
      for (const username of ['compartida1', 'compartida2', 'compartida3']) {
        const created = await ctx.app.inject({
          method: 'POST',
          url: '/api/rest/admin/users',
          headers: { token: admin.token, digest: admin.digest },
          payload: {
            username,
            email,
            nombre: 'Compartida',
            roleId: viewer?.id,
            password: 'x1234567',
          },
        });
        expect(created.statusCode).toBe(200);
      }
      await askRecovery(email, 12);
      const links = await linksFor(email);
      expect(links).toHaveLength(RECOVERY_MAIL_LIMITS.perAddress);
      const perUser = await ctx.database.db
        .selectFrom('recovery_tokens')
        .innerJoin('users', 'users.id', 'recovery_tokens.user_id')
        .select(['users.username', (eb) => eb.fn.countAll<string>().as('n')])
        .where('users.email', '=', email)
        .groupBy('users.username')
        .execute();
      for (const row of perUser) {
        expect(Number(row.n)).toBeLessThanOrEqual(RECOVERY_MAIL_LIMITS.perAccount);
      }
    });
  });
}
