import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, apiCaller, authHeaders, signIn } from './api.js';
import { signInHeaders, testApp, testBackends, addOutsiderAdmin } from './harness.js';

interface UserReply {
  id: number;
  username: string;
  roleId: number;
  roleName: string;
  disabled: boolean;
  isSelf: boolean;
  lastSignInAt: string | null;
}
interface RoleReply {
  id: number;
  name: string;
  startOn: string;
  views: string[];
  builtIn: boolean;
  userCount: number;
}

for (const backend of testBackends()) {
  describe(`users and roles administration (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let adminId: number;
    let operator: Headers;
    let outsider: Headers;
    const call = apiCaller(() => ctx.app);
    const roles = async (headers: Headers) =>
      (await call('GET', '/rest/admin/roles', headers)).json<RoleReply[]>();
    const users = async (headers: Headers) =>
      (await call('GET', '/rest/admin/users', headers)).json<UserReply[]>();
    const roleNamed = async (name: string) => {
      const role = (await roles(admin)).find((r) => r.name === name);
      if (!role) throw new Error(`no role ${name}`);
      return role;
    };
    const newUser = (username: string, roleId: number, extra: object = {}) => ({
      username,
      email: `${username}@demo.test`,
      nombre: 'Nuevo',
      apellido: 'Usuario',
      roleId,
      password: 'secret123',
      ...extra,
    });

    beforeAll(async () => {
      ctx = await testApp(backend);
      await addOutsiderAdmin(ctx.database.db);
      const signedAdmin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      admin = authHeaders(signedAdmin);
      adminId = signedAdmin.iss;
      operator = await signIn(ctx.app, 'demouser', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
    });
    afterAll(() => ctx.close());

    it('answers 403 to callers whose role lacks the admin views, and 401 without credentials', async () => {
      for (const url of ['/rest/admin/users', '/rest/admin/roles', '/rest/admin/users/roles']) {
        expect((await call('GET', url, operator)).statusCode).toBe(403);
        expect((await call('GET', url, {})).statusCode).toBe(401);
      }
      const create = await call('POST', '/rest/admin/roles', operator, {
        name: 'x',
        startOn: 'dashboard',
        views: ['dashboard'],
      });
      expect(create.statusCode).toBe(403);
    });

    it("lists only the caller's tenant users, marking the caller and the last sign-in", async () => {
      const list = await users(admin);
      expect(list.map((u) => u.username).sort()).toEqual(['demoadmin', 'demouser']);
      const me = list.find((u) => u.username === 'demoadmin');
      expect(me).toMatchObject({ isSelf: true, roleName: 'admin', disabled: false });
      expect(me?.lastSignInAt).not.toBeNull();
      expect((await users(outsider)).map((u) => u.username)).toEqual(['norteadmin']);
    });

    it('creates a role with limited views; a user with it lands on its start view and is refused elsewhere', async () => {
      const created = await call('POST', '/rest/admin/roles', admin, {
        name: 'Despacho',
        startOn: 'map-fleet-location',
        views: ['map-fleet-location', 'fleet-vehicles', 'fleet-vehicles'],
      });
      expect(created.statusCode).toBe(200);
      const role = created.json<RoleReply>();
      expect(role).toMatchObject({
        name: 'Despacho',
        startOn: 'map-fleet-location',
        views: ['fleet-vehicles', 'map-fleet-location'],
        builtIn: false,
        userCount: 0,
      });
      const user = await call('POST', '/rest/admin/users', admin, newUser('despacho1', role.id));
      expect(user.statusCode).toBe(200);
      expect(user.json<UserReply>()).toMatchObject({ roleName: 'Despacho', isSelf: false });

      const signed = await signInHeaders(ctx.app, 'despacho1', 'secret123');
      const views = await call('POST', '/authz/views', authHeaders(signed), {
        rol: ['Despacho'],
      });
      expect(views.statusCode).toBe(200);
      expect(views.json()).toMatchObject({
        start_on: 'map-fleet-location',
        views: { 'map-fleet-location': true, 'fleet-vehicles': true },
      });
      expect((await call('GET', '/rest/admin/users', authHeaders(signed))).statusCode).toBe(403);
      // Another tenant neither sees nor reaches the role.
      expect((await roles(outsider)).some((r) => r.name === 'Despacho')).toBe(false);
      const foreign = await call('PUT', `/rest/admin/roles/${role.id}`, outsider, {
        name: 'Robado',
        startOn: 'dashboard',
        views: ['dashboard'],
      });
      expect(foreign.statusCode).toBe(404);
      expect((await call('DELETE', `/rest/admin/roles/${role.id}`, outsider)).statusCode).toBe(404);
    });

    it('refuses bad input with 400 in the caller language and writes nothing', async () => {
      const before = await users(admin);
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/admin/users',
        headers: { ...admin, 'accept-language': 'en' },
        payload: { username: 'ab', email: 'not-mail', nombre: '', roleId: 0, password: 'a b' },
      });
      expect(bad.statusCode).toBe(400);
      const body = bad.json<{ error: string; message: string; details: { path: string }[] }>();
      expect(body.error).toBe('validation');
      expect(body.message).toBe('The request is not valid');
      const paths = body.details.map((d) => d.path);
      for (const field of ['username', 'email', 'nombre', 'roleId', 'password']) {
        expect(paths).toContain(`body.${field}`);
      }
      const es = await call('POST', '/rest/admin/roles', admin, {
        name: 'Sin inicio',
        startOn: 'dashboard',
        views: ['fleet-vehicles'],
      });
      expect(es.statusCode).toBe(400);
      expect(es.json<{ message: string }>().message).toBe(
        'El campo «startOn» no es válido: la vista de inicio debe ser una de las vistas permitidas',
      );
      const unknownRole = await call(
        'POST',
        '/rest/admin/users',
        admin,
        newUser('ghost01', 999_999),
      );
      expect(unknownRole.statusCode).toBe(400);
      const unknownView = await call('POST', '/rest/admin/roles', admin, {
        name: 'Raro',
        startOn: 'dashboard',
        views: ['dashboard', 'no-such-view'],
      });
      expect(unknownView.statusCode).toBe(400);
      expect(await users(admin)).toEqual(before);
    });

    it('refuses a taken username (any tenant) or role name with 409 and a message', async () => {
      const operatorRole = await roleNamed('operator');
      const taken = await call('POST', '/rest/admin/users', admin, {
        ...newUser('NorteAdmin', operatorRole.id),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        error: 'conflict',
        message: 'Ese nombre de usuario ya existe',
        details: [{ path: 'body.username', reason: 'username_taken' }],
      });
      const builtInName = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/admin/roles',
        headers: { ...admin, 'accept-language': 'en' },
        payload: { name: 'Admin', startOn: 'dashboard', views: ['dashboard'] },
      });
      expect(builtInName.statusCode).toBe(409);
      expect(builtInName.json<{ message: string }>().message).toBe(
        'A role with that name already exists',
      );
    });

    it('keeps built-in roles read-only', async () => {
      const viewer = await roleNamed('viewer');
      expect(viewer.builtIn).toBe(true);
      const edit = await call('PUT', `/rest/admin/roles/${viewer.id}`, admin, {
        name: 'viewer',
        startOn: 'dashboard',
        views: ['dashboard', 'admin-users'],
      });
      expect(edit.statusCode).toBe(409);
      expect(edit.json<{ message: string }>().message).toContain('viewer');
      expect((await call('DELETE', `/rest/admin/roles/${viewer.id}`, admin)).statusCode).toBe(409);
      expect((await roleNamed('viewer')).views).not.toContain('admin-users');
    });

    it('refuses to delete a role in use with 409 naming how many users have it, then deletes it once free', async () => {
      const role = (
        await call('POST', '/rest/admin/roles', admin, {
          name: 'Taller',
          startOn: 'maintenance-list',
          views: ['maintenance-list', 'dashboard'],
        })
      ).json<RoleReply>();
      const user = (
        await call('POST', '/rest/admin/users', admin, newUser('taller01', role.id))
      ).json<UserReply>();
      const inUse = await call('DELETE', `/rest/admin/roles/${role.id}`, admin);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json<{ message: string }>().message).toBe(
        'El rol está asignado a 1 usuario; asígnale otro rol antes de eliminarlo',
      );
      const viewer = await roleNamed('viewer');
      const moved = await call('PUT', `/rest/admin/users/${user.id}`, admin, {
        ...newUser('taller01', viewer.id),
        password: null,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json<UserReply>().roleName).toBe('viewer');
      expect((await call('DELETE', `/rest/admin/roles/${role.id}`, admin)).statusCode).toBe(200);
      expect((await roles(admin)).some((r) => r.id === role.id)).toBe(false);
    });

    it('disabling a user ends their sessions at once; enabling lets them sign in again', async () => {
      const viewer = await roleNamed('viewer');
      const created = (
        await call('POST', '/rest/admin/users', admin, newUser('pausado1', viewer.id))
      ).json<UserReply>();
      const session = await signIn(ctx.app, 'pausado1', 'secret123');
      expect((await call('GET', '/vehicles/vehicles', session)).statusCode).toBe(200);
      const disabled = await call('PUT', `/rest/admin/users/${created.id}`, admin, {
        ...newUser('pausado1', viewer.id, { disabled: true }),
        password: null,
      });
      expect(disabled.json<UserReply>().disabled).toBe(true);
      expect((await call('GET', '/vehicles/vehicles', session)).statusCode).toBe(401);
      await expect(signInHeaders(ctx.app, 'pausado1', 'secret123')).rejects.toThrow();
      await call('PUT', `/rest/admin/users/${created.id}`, admin, {
        ...newUser('pausado1', viewer.id, { disabled: false }),
        password: null,
      });
      await expect(signInHeaders(ctx.app, 'pausado1', 'secret123')).resolves.toBeTruthy();
    });

    it('setting a new password ends the old sessions and the new password signs in', async () => {
      const viewer = await roleNamed('viewer');
      const created = (
        await call('POST', '/rest/admin/users', admin, newUser('clave001', viewer.id))
      ).json<UserReply>();
      const session = await signIn(ctx.app, 'clave001', 'secret123');
      const changed = await call('PUT', `/rest/admin/users/${created.id}`, admin, {
        ...newUser('clave001', viewer.id),
        password: 'otra-clave-9',
      });
      expect(changed.statusCode).toBe(200);
      expect((await call('GET', '/vehicles/vehicles', session)).statusCode).toBe(401);
      await expect(signInHeaders(ctx.app, 'clave001', 'secret123')).rejects.toThrow();
      await expect(signInHeaders(ctx.app, 'clave001', 'otra-clave-9')).resolves.toBeTruthy();
    });

    it('deleting a user ends their sessions; another tenant gets 404', async () => {
      const viewer = await roleNamed('viewer');
      const created = (
        await call('POST', '/rest/admin/users', admin, newUser('borrar01', viewer.id))
      ).json<UserReply>();
      const session = await signIn(ctx.app, 'borrar01', 'secret123');
      expect((await call('DELETE', `/rest/admin/users/${created.id}`, outsider)).statusCode).toBe(
        404,
      );
      const foreignEdit = await call('PUT', `/rest/admin/users/${created.id}`, outsider, {
        ...newUser('borrar01', viewer.id),
      });
      expect(foreignEdit.statusCode).toBe(404);
      expect((await call('DELETE', `/rest/admin/users/${created.id}`, admin)).statusCode).toBe(200);
      expect((await call('GET', '/vehicles/vehicles', session)).statusCode).toBe(401);
      expect((await users(admin)).some((u) => u.id === created.id)).toBe(false);
      expect((await call('DELETE', `/rest/admin/users/${created.id}`, admin)).statusCode).toBe(404);
    });

    it('an administrator cannot delete, disable or demote themself', async () => {
      const adminRole = await roleNamed('admin');
      const viewer = await roleNamed('viewer');
      const self = { ...newUser('demoadmin', adminRole.id), email: 'admin@transportes-demo.local' };
      const del = await call('DELETE', `/rest/admin/users/${adminId}`, admin);
      expect(del.statusCode).toBe(409);
      expect(del.json<{ message: string }>().message).toBe('No puedes eliminar tu propia cuenta');
      const disable = await call('PUT', `/rest/admin/users/${adminId}`, admin, {
        ...self,
        disabled: true,
        password: null,
      });
      expect(disable.statusCode).toBe(409);
      const demote = await call('PUT', `/rest/admin/users/${adminId}`, admin, {
        ...self,
        roleId: viewer.id,
        password: null,
      });
      expect(demote.statusCode).toBe(409);
      expect((await users(admin)).find((u) => u.isSelf)).toMatchObject({
        roleName: 'admin',
        disabled: false,
      });
      // Changing one's own password keeps the current session.
      const own = await call('PUT', `/rest/admin/users/${adminId}`, admin, {
        ...self,
        password: 'demo1234',
      });
      expect(own.statusCode).toBe(200);
      expect((await call('GET', '/rest/admin/users', admin)).statusCode).toBe(200);
    });

    it("cannot strip user and role administration from the caller's own custom role; others see edits at once", async () => {
      const chief = (
        await call('POST', '/rest/admin/roles', admin, {
          name: 'Jefe',
          startOn: 'dashboard',
          views: ['dashboard', 'admin-users', 'admin-roles', 'fleet-vehicles'],
        })
      ).json<RoleReply>();
      await call('POST', '/rest/admin/users', admin, newUser('jefe0001', chief.id));
      const jefe = await signIn(ctx.app, 'jefe0001', 'secret123');
      const strip = await call('PUT', `/rest/admin/roles/${chief.id}`, jefe, {
        name: 'Jefe',
        startOn: 'dashboard',
        views: ['dashboard', 'admin-users'],
      });
      expect(strip.statusCode).toBe(409);
      expect(strip.json<{ details: { reason: string }[] }>().details[0]?.reason).toBe(
        'self_admin_access',
      );
      // The tenant's other administrator may do it; the change applies on the next request.
      const byAdmin = await call('PUT', `/rest/admin/roles/${chief.id}`, admin, {
        name: 'Jefe de flota',
        startOn: 'fleet-vehicles',
        views: ['fleet-vehicles', 'dashboard'],
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json<RoleReply>()).toMatchObject({ name: 'Jefe de flota', userCount: 1 });
      expect((await call('GET', '/rest/admin/roles', jefe)).statusCode).toBe(403);
    });

    it('never grants views the caller lacks: no escalation through roles or users (403)', async () => {
      const limited = (
        await call('POST', '/rest/admin/roles', admin, {
          name: 'Personal',
          startOn: 'dashboard',
          views: ['dashboard', 'admin-users', 'admin-roles'],
        })
      ).json<RoleReply>();
      await call('POST', '/rest/admin/users', admin, newUser('personal1', limited.id));
      const hr = await signIn(ctx.app, 'personal1', 'secret123');
      const wider = await ctx.app.inject({
        method: 'PUT',
        url: `/api/rest/admin/roles/${limited.id}`,
        headers: { ...hr, 'accept-language': 'en' },
        payload: {
          name: 'Personal',
          startOn: 'dashboard',
          views: ['dashboard', 'admin-users', 'admin-roles', 'admin-vehicles'],
        },
      });
      expect(wider.statusCode).toBe(403);
      expect(wider.json<{ message: string }>().message).toBe(
        "You can't grant views your own role doesn't have: admin-vehicles",
      );
      const adminRole = await roleNamed('admin');
      const promoted = await call(
        'POST',
        '/rest/admin/users',
        hr,
        newUser('escala01', adminRole.id),
      );
      expect(promoted.statusCode).toBe(403);
      expect((await users(admin)).some((u) => u.username === 'escala01')).toBe(false);
      // Within its own views it administers normally.
      const same = await call('POST', '/rest/admin/users', hr, newUser('personal2', limited.id));
      expect(same.statusCode).toBe(200);
    });

    it('offers the users screen the role options without the roles view', async () => {
      const options = (await call('GET', '/rest/admin/users/roles', admin)).json<
        { name: string; builtIn: boolean }[]
      >();
      expect(options.filter((o) => o.builtIn).map((o) => o.name)).toEqual([
        'admin',
        'operator',
        'viewer',
      ]);
    });
  });
}
