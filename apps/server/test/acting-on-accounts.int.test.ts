import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, apiCaller, authHeaders } from './api.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

// Issue 21, items 2 and 10: one rule for acting on another account — editing it, deleting it and
// issuing a one-time sign-in code for it. A user administrator whose role lacks some of the
// target's views gets 403 for each, and nothing changes; within its own views it works.

for (const backend of testBackends()) {
  describe(`acting on another account follows one rule (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let adminId: number;
    let hr: Headers;
    let hrId: number;
    let peerId: number;
    let limitedRoleId: number;

    const call = apiCaller(() => ctx.app);
    const account = (username: string, roleId: number) => ({
      username,
      email: `${username}@demo.test`,
      nombre: 'Cuenta',
      apellido: 'Prueba',
      roleId,
      password: 'secret123',
    });
    const usernames = async () =>
      (await call('GET', '/rest/admin/users', admin))
        .json<{ username: string }[]>()
        .map((u) => u.username);

    beforeAll(async () => {
      ctx = await testApp(backend);
      const signed = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      admin = authHeaders(signed);
      adminId = signed.iss;
      const role = await call('POST', '/rest/admin/roles', admin, {
        name: 'Personal',
        startOn: 'dashboard',
        views: ['dashboard', 'admin-users', 'admin-roles'],
      });
      limitedRoleId = role.json<{ id: number }>().id;
      await call('POST', '/rest/admin/users', admin, account('personal1', limitedRoleId));
      peerId = (
        await call('POST', '/rest/admin/users', admin, account('personal2', limitedRoleId))
      ).json<{ id: number }>().id;
      const signedHr = await signInHeaders(ctx.app, 'personal1', 'secret123');
      hr = authHeaders(signedHr);
      hrId = signedHr.iss;
    });
    afterAll(() => ctx.close());

    it('refuses a one-time code for a full administrator (403); the code would have been an admin session', async () => {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/otp',
        headers: { ...hr, 'accept-language': 'en' },
        payload: { userId: adminId },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: string }>().error).toBe('forbidden');
      const codes = await ctx.database.db
        .selectFrom('one_time_codes')
        .select('id')
        .where('user_id', '=', adminId)
        .execute();
      expect(codes).toEqual([]);
      // Still refused what only an administrator may do.
      expect((await call('GET', '/vehicles/admin/devices', hr)).statusCode).toBe(403);
    });

    it('issues codes for oneself and for accounts within the caller’s views', async () => {
      for (const userId of [undefined, hrId, peerId]) {
        const made = await call('POST', '/auth/otp', hr, userId === undefined ? {} : { userId });
        expect(made.statusCode).toBe(200);
        const session = await call(
          'POST',
          '/auth/validate?with_claim=true',
          {},
          {
            otp: made.json<{ otp: string }>().otp,
          },
        );
        expect(session.statusCode).toBe(200);
        expect(session.json<{ iss: number }>().iss).toBe(userId ?? hrId);
      }
    });

    it('refuses to delete or edit a full administrator (403), as it refuses a code', async () => {
      const adminRole = (await call('GET', '/rest/admin/users/roles', hr))
        .json<{ id: number; name: string }[]>()
        .find((r) => r.name === 'admin');
      expect(adminRole).toBeDefined();
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/rest/admin/users/${adminId}`,
        headers: { ...hr, 'accept-language': 'en' },
      });
      expect(deleted.statusCode).toBe(403);
      expect(deleted.json<{ message: string }>().message).toMatch(
        /^This account's role has views yours doesn't.*admin-vehicles/,
      );
      // Demoting the administrator to one's own role with a new password: refused as well.
      const demoted = await call('PUT', `/rest/admin/users/${adminId}`, hr, {
        ...account('demoadmin', limitedRoleId),
        email: 'admin@transportes-demo.local',
      });
      expect(demoted.statusCode).toBe(403);
      expect(await usernames()).toContain('demoadmin');
      expect((await call('GET', '/vehicles/admin/devices', admin)).statusCode).toBe(200);
      const kept = (await call('GET', '/rest/admin/users', admin))
        .json<{ id: number; roleName: string }[]>()
        .find((u) => u.id === adminId);
      expect(kept?.roleName).toBe('admin');
    });

    it('edits and deletes accounts within the caller’s views; the administrator may act on anyone', async () => {
      const edited = await call('PUT', `/rest/admin/users/${peerId}`, hr, {
        ...account('personal2', limitedRoleId),
        nombre: 'Editada',
        password: null,
      });
      expect(edited.statusCode).toBe(200);
      expect((await call('DELETE', `/rest/admin/users/${peerId}`, hr)).statusCode).toBe(200);
      expect(await usernames()).not.toContain('personal2');
      expect((await call('DELETE', `/rest/admin/users/${hrId}`, admin)).statusCode).toBe(200);
      expect(await usernames()).not.toContain('personal1');
    });
  });
}
