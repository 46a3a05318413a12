import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { fakeClock, newDigest, signInHeaders, testApp, testBackends } from './harness.js';

for (const backend of testBackends()) {
  describe(`sign-in and sessions (${backend})`, () => {
    const clock = fakeClock();
    let ctx: Awaited<ReturnType<typeof testApp>>;
    beforeAll(async () => {
      ctx = await testApp(backend, { clock });
    });
    afterAll(() => ctx.close());

    const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

    it('signs in with username, password and digest, answering token, role name and user id', async () => {
      const digest = newDigest();
      const response = await post('/api/auth/generate_token?with_claim=true', {
        username: 'demouser',
        password: 'demo1234',
        digest,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ token: string; rol: string; iss: number }>();
      expect(body.rol).toBe('operator');
      expect(body.iss).toBeGreaterThan(0);
      expect(body.token.length).toBeGreaterThan(30);
      const check = await post('/api/auth/validate?with_claim=true', { token: body.token, digest });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ rol: 'operator', iss: body.iss });
    });

    it('refuses a wrong password with the message in the caller language', async () => {
      const es = await post('/api/auth/generate_token', {
        username: 'demouser',
        password: 'wrong-pass',
        digest: newDigest(),
      });
      expect(es.statusCode).toBe(401);
      expect(es.json()).toMatchObject({
        error: 'bad_credentials',
        message: 'Usuario o contraseña incorrectos',
      });
      const en = await post(
        '/api/auth/generate_token',
        { username: 'demouser', password: 'wrong-pass', digest: newDigest() },
        { 'accept-language': 'en-US,en;q=0.9' },
      );
      expect(en.json()).toMatchObject({ message: 'Wrong username or password' });
    });

    it('refuses a token presented with another digest', async () => {
      const session = await signInHeaders(ctx.app);
      const validate = await post('/api/auth/validate', {
        token: session.token,
        digest: 'ZZZZZZZZZZZZZZZZ',
      });
      expect(validate.statusCode).toBe(401);
      const call = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_profile',
        headers: { token: session.token, digest: 'ZZZZZZZZZZZZZZZZ' },
      });
      expect(call.statusCode).toBe(401);
      const good = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_profile',
        headers: { token: session.token, digest: session.digest },
      });
      expect(good.statusCode).toBe(200);
    });

    it('answers 401 to a call without credentials', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/rest/user/get_profile' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    });

    it('issues and validates v2 user tokens and answers the role views', async () => {
      const issued = await post('/api/v2/user/generate_token', {
        username: 'demouser',
        password: 'demo1234',
      });
      expect(issued.statusCode).toBe(200);
      const { token } = issued.json<{ token: string }>();
      const validated = await post('/api/v2/user/validate_token', { token });
      expect(validated.statusCode).toBe(200);
      const body = validated.json<{ rol: string[]; user_id: number }>();
      expect(body.rol).toEqual(['operator']);
      const views = await post(
        '/api/v2/views-authz/web3',
        { rol: ['operator'] },
        { 'user-token': token },
      );
      expect(views.statusCode).toBe(200);
      const map = views.json<{ start_on: string; views: Record<string, boolean> }>();
      expect(map.start_on).toBe('dashboard');
      expect(map.views['map-fleet-location']).toBe(true);
      expect(map.views['admin-users']).toBeUndefined();
      const other = await post(
        '/api/v2/views-authz/web3',
        { rol: ['admin'] },
        { 'user-token': token },
      );
      expect(other.statusCode).toBe(403);
      const bogus = await post('/api/v2/user/validate_token', { token: 'not-a-token' });
      expect(bogus.statusCode).toBe(401);
    });

    it('logout revokes this session only; logout_all revokes every session at once', async () => {
      const a = await signInHeaders(ctx.app);
      const b = await signInHeaders(ctx.app);
      const headersA = { token: a.token, digest: a.digest };
      const headersB = { token: b.token, digest: b.digest };
      /** The status `/api/auth/validate` answers for a session. */
      const validated = async (s: { token: string; digest: string }) =>
        (await post('/api/auth/validate', { token: s.token, digest: s.digest })).statusCode;
      expect((await post('/api/auth/logout', {}, headersA)).statusCode).toBe(200);
      expect(await validated(a)).toBe(401);
      expect(await validated(b)).toBe(200);
      const c = await signInHeaders(ctx.app);
      expect((await post('/api/auth/logout_all', {}, headersB)).statusCode).toBe(200);
      expect(await validated(b)).toBe(401);
      expect(await validated(c)).toBe(401);
    });

    it('signs in once with a one-time code; a used or expired code answers 422', async () => {
      const session = await signInHeaders(ctx.app);
      const headers = { token: session.token, digest: session.digest };
      const made = await post('/api/auth/otp', {}, headers);
      expect(made.statusCode).toBe(200);
      const { otp, url, expiresAt } = made.json<{ otp: string; url: string; expiresAt: number }>();
      expect(url).toBe(`http://rumbo.test/auth/login?otp=${otp}`);
      expect(expiresAt - clock.nowMs()).toBe(15 * 60_000);
      const first = await post('/api/auth/validate?with_claim=true', { otp });
      expect(first.statusCode).toBe(200);
      const signed = first.json<{
        rol: string;
        iss: number;
        token: string;
        digest: string;
        userToken: string;
      }>();
      expect(signed).toMatchObject({ rol: 'operator', iss: session.iss });
      expect(signed.digest).toHaveLength(16);
      expect(
        (await post('/api/auth/validate', { token: signed.token, digest: signed.digest }))
          .statusCode,
      ).toBe(200);
      expect(
        (await post('/api/v2/user/validate_token', { token: signed.userToken })).statusCode,
      ).toBe(200);
      const again = await post('/api/auth/validate?with_claim=true', { otp });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toMatchObject({ message: 'El código OTP no es válido o ha expirado' });

      const late = (await post('/api/auth/otp', {}, headers)).json<{ otp: string }>();
      clock.advance(15 * 60_000 + 1);
      expect((await post('/api/auth/validate', { otp: late.otp })).statusCode).toBe(422);
    });

    it('lets only administrators make codes for other users, and only in their tenant', async () => {
      const operator = await signInHeaders(ctx.app);
      const admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      const sysadmin = await signInHeaders(ctx.app, 'sysadmin', 'admin-password');
      const forOperator = { userId: operator.iss };
      expect(
        (
          await post(
            '/api/auth/otp',
            { userId: admin.iss },
            { token: operator.token, digest: operator.digest },
          )
        ).statusCode,
      ).toBe(403);
      expect(
        (await post('/api/auth/otp', forOperator, { token: admin.token, digest: admin.digest }))
          .statusCode,
      ).toBe(200);
      // The system administrator is in another tenant: the demo user does not exist for them.
      expect(
        (
          await post('/api/auth/otp', forOperator, {
            token: sysadmin.token,
            digest: sysadmin.digest,
          })
        ).statusCode,
      ).toBe(404);
    });

    it('closes the socket when its session is revoked, and refuses bad credentials', async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const session = await signInHeaders(ctx.app);
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
      const messages: unknown[] = [];
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify({ token: session.token, digest: session.digest }));
      await expect.poll(() => messages).toContainEqual({ type: 'Status', status: 'Ok' });
      await post('/api/auth/logout_all', {}, { token: session.token, digest: session.digest });
      expect(await closed).toBe(4403);
      expect(messages).toContainEqual({ type: 'Status', status: 'Revoked' });

      const intruder = new WebSocket(`ws://127.0.0.1:${port}/api/wslp`);
      const intruderMessages: unknown[] = [];
      intruder.on('message', (data: Buffer) => intruderMessages.push(JSON.parse(data.toString())));
      const intruderClosed = new Promise<number>((resolve) =>
        intruder.on('close', (code) => resolve(code)),
      );
      await new Promise((resolve) => intruder.on('open', resolve));
      intruder.send(JSON.stringify({ token: session.token, digest: session.digest }));
      expect(await intruderClosed).toBe(4401);
      expect(intruderMessages).toEqual([{ type: 'Status', status: 'Unauthorized' }]);
    });

    it('answers 429 with Retry-After after 10 failed attempts from one address; successes never count', async () => {
      const attempt = (password: string, remoteAddress = '10.9.9.9') =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/generate_token',
          payload: { username: 'demoadmin', password, digest: newDigest() },
          remoteAddress,
        });
      // Signing in from 10.9.9.9 makes it a known address: the account's spacing spares it.
      for (let i = 0; i < 5; i++) expect((await attempt('demo1234')).statusCode).toBe(200);
      for (let i = 0; i < 10; i++) expect((await attempt('bad-password')).statusCode).toBe(401);
      const blocked = await attempt('demo1234');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ error: 'too_many_attempts' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Elsewhere the account's ten failures space the attempts (32 s), but not for long.
      const elsewhere = await attempt('demo1234', '10.9.9.10');
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json()).toMatchObject({ error: 'sign_in_slowed' });
      expect(Number(elsewhere.headers['retry-after'])).toBe(32);
      clock.advance(32_000);
      expect((await attempt('demo1234', '10.9.9.10')).statusCode).toBe(200);
      clock.advance(15 * 60_000 + 1000);
      expect((await attempt('demo1234')).statusCode).toBe(200);
    });
  });
}
