import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashToken } from '../src/lib/crypto.js';
import { fakeClock, signInHeaders, testApp, testBackends, listenOnFreePort } from './harness.js';

type Ctx = Awaited<ReturnType<typeof testApp>>;

/** A signed-in socket on `/api/ws` or `/api/wslp`, recording what it receives and its close. */
async function openSocket(
  port: number,
  path: '/api/ws' | '/api/wslp',
  session: { token: string; digest: string },
) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const statuses: string[] = [];
  let closeCode: number | null = null;
  socket.on('message', (data: Buffer, isBinary: boolean) => {
    if (isBinary) return;
    const message = JSON.parse(data.toString()) as { type?: string; status?: string };
    if (message.type === 'Status' && message.status) statuses.push(message.status);
  });
  socket.on('close', (code) => (closeCode = code));
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify(session));
  await expect.poll(() => statuses).toContain('Ok');
  return { statuses, closeCode: () => closeCode };
}

for (const backend of testBackends()) {
  describe(`session expiry and revocation (${backend})`, () => {
    const clock = fakeClock();
    let ctx: Ctx;
    let port: number;
    beforeAll(async () => {
      ctx = await testApp(backend, { clock, sockets: { expirySweepMs: 20 } });
      port = await listenOnFreePort(ctx);
    });
    afterAll(() => ctx.close());

    const profile = (session: { token: string; digest: string }) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_profile',
        headers: { token: session.token, digest: session.digest },
      });

    it('refuses a session the moment its expiry in the database passes, and closes its sockets', async () => {
      const session = await signInHeaders(ctx.app);
      const row = await ctx.database.db
        .selectFrom('sessions')
        .select('expires_at')
        .where('token_hash', '=', hashToken(session.token))
        .executeTakeFirstOrThrow();
      const ws = await openSocket(port, '/api/ws', session);
      const wslp = await openSocket(port, '/api/wslp', session);

      clock.advance(row.expires_at.getTime() - clock.nowMs() - 1);
      expect((await profile(session)).statusCode).toBe(200); // cached from here on
      await new Promise((resolve) => setTimeout(resolve, 60)); // a few sweeps: still open
      expect(ws.closeCode()).toBeNull();
      expect(wslp.closeCode()).toBeNull();

      clock.advance(1);
      const expired = await profile(session);
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toMatchObject({ error: 'unauthorized' });
      await expect.poll(() => [ws.closeCode(), wslp.closeCode()]).toEqual([4403, 4403]);
      expect(ws.statuses).toEqual(['Ok', 'Revoked']);
      expect(wslp.statuses).toEqual(['Ok', 'Revoked']);

      const late = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
      const lateClosed = new Promise<number>((resolve) => late.on('close', resolve));
      await new Promise((resolve) => late.on('open', resolve));
      late.send(JSON.stringify({ token: session.token, digest: session.digest }));
      expect(await lateClosed).toBe(4401);
    });

    it('revokes at once on HTTP and on both sockets, even with the principal cached', async () => {
      const session = await signInHeaders(ctx.app);
      const other = await signInHeaders(ctx.app);
      expect((await profile(session)).statusCode).toBe(200);
      const ws = await openSocket(port, '/api/ws', session);
      const wslp = await openSocket(port, '/api/wslp', session);
      const bystander = await openSocket(port, '/api/ws', other);

      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { token: session.token, digest: session.digest },
        payload: {},
      });
      expect(logout.statusCode).toBe(200);
      expect((await profile(session)).statusCode).toBe(401);
      await expect.poll(() => [ws.closeCode(), wslp.closeCode()]).toEqual([4403, 4403]);
      expect(bystander.closeCode()).toBeNull();
      expect((await profile(other)).statusCode).toBe(200);
    });
  });
}
