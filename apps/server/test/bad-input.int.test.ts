import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, authHeaders } from './api.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

// The independent probe's bad-input cases that answered 500 (issue 16), each answered 4xx now.

const PAST_INT32 = 2_147_483_648;

for (const backend of testBackends()) {
  describe(`bad input is refused at the door (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let adminId: number;
    let vehicleId: number;

    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      lang = 'es',
    ) =>
      ctx.app.inject({
        method,
        url,
        headers: { ...admin, 'accept-language': lang },
        ...(payload ? { payload } : {}),
      });
    const profile = async () => (await call('GET', '/api/rest/user/get_profile')).json<object>();
    const multipart = (body: string | Buffer, type = 'multipart/form-data; boundary=XX') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/upload_avatar',
        headers: { ...admin, 'content-type': type, 'accept-language': 'en' },
        payload: body,
      });

    beforeAll(async () => {
      ctx = await testApp(backend);
      const session = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      admin = authHeaders(session);
      adminId = session.iss;
      const vehicle = await call('POST', '/api/vehicles/admin/vehicles', { plate: 'BAD 000' });
      vehicleId = vehicle.json<{ vehicleId: number }>().vehicleId;
    });
    afterAll(() => ctx.close());

    it('refuses NUL in a saved profile with a 400 naming the field, in the caller’s language', async () => {
      const before = await profile();
      const good = { idPersonaFisica: adminId, nombre: 'Ana', apellido: 'Paz', telefono: '1' };
      for (const field of ['nombre', 'apellido', 'telefono'] as const) {
        const payload = { ...good, email: 'ana@demo.test', [field]: 'ab\u0000cd' };
        const es = await call('POST', '/api/rest/user/save_profile', payload);
        expect(es.statusCode, field).toBe(400);
        expect(es.json()).toMatchObject({
          error: 'validation',
          message: `El campo «${field}» no es válido: contiene caracteres de control o no válidos`,
          details: [{ path: `body.${field}` }],
        });
        const en = await call('POST', '/api/rest/user/save_profile', payload, 'en');
        expect(en.json<{ message: string }>().message).toBe(
          `The field “${field}” is not valid: contains control or invalid characters`,
        );
      }
      expect(await profile()).toEqual(before);
    });

    it('refuses control characters and lone surrogates in user and role names', async () => {
      const user = {
        username: 'nul.user',
        email: 'nul@demo.test',
        nombre: 'ab\u0000cd',
        roleId: 1,
        password: 'secret123',
      };
      for (const bad of ['ab\u0000cd', 'ab\u0007cd', 'ab\ud800cd', 'two\nlines']) {
        const created = await call('POST', '/api/rest/admin/users', { ...user, nombre: bad });
        expect(created.statusCode, JSON.stringify(bad)).toBe(400);
        const role = await call('POST', '/api/rest/admin/roles', {
          name: bad,
          startOn: 'dashboard',
          views: ['dashboard'],
        });
        expect(role.statusCode, JSON.stringify(bad)).toBe(400);
        expect(role.json()).toMatchObject({ details: [{ path: 'body.name' }] });
      }
      const users = (await call('GET', '/api/rest/admin/users')).json<{ username: string }[]>();
      expect(users.map((u) => u.username)).not.toContain('nul.user');
    });

    it('keeps tab and line breaks in free text (a vehicle description)', async () => {
      const created = await call('POST', '/api/vehicles/admin/vehicles', {
        plate: 'TXT 001',
        description: 'Frío\tcarga\nrefrigerada',
      });
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({ description: 'Frío\tcarga\nrefrigerada' });
    });

    it('refuses ids past the 32-bit range in bodies and paths with 400; unknown ids are 404', async () => {
      const user = {
        username: 'big.role',
        email: 'b@demo.test',
        nombre: 'B',
        password: 'x1y2z3w4',
      };
      const bodies: [string, string, object][] = [
        ['/api/rest/admin/users', 'roleId', { ...user, roleId: PAST_INT32 }],
        ['/api/vehicles/admin/vehicles', 'groupId', { plate: 'BIG 1', groupId: PAST_INT32 }],
        [
          '/api/vehicles/admin/vehicles',
          'implementId',
          { plate: 'BIG 2', implementId: PAST_INT32 },
        ],
        ['/api/auth/otp', 'userId', { userId: PAST_INT32 }],
      ];
      for (const [url, field, payload] of bodies) {
        const response = await call('POST', url, payload);
        expect(response.statusCode, field).toBe(400);
        expect(response.json(), field).toMatchObject({ details: [{ path: `body.${field}` }] });
      }
      const paths: ['GET' | 'PUT' | 'DELETE', string][] = [
        [
          'GET',
          `/api/vehicles/history/${PAST_INT32}/trips?from=${Date.now() - 1000}&to=${Date.now()}`,
        ],
        ['GET', `/api/vehicles/vehicles/${PAST_INT32}`],
        ['DELETE', `/api/rest/admin/users/${PAST_INT32}`],
        ['DELETE', `/api/vehicles/admin/devices/-1`],
        ['DELETE', `/api/vehicles/admin/device-models/${PAST_INT32}`],
      ];
      for (const [method, url] of paths) {
        const response = await call(method, url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ details: [{ path: 'params.id' }] });
      }
      expect((await call('GET', '/api/vehicles/vehicles/2147483647')).statusCode).toBe(404);
      expect((await call('DELETE', '/api/rest/admin/roles/2147483647')).statusCode).toBe(404);
    });

    it('refuses history periods outside the years 2000–2100 with a 400 naming the bound', async () => {
      for (const kind of ['positions', 'trips', 'stops']) {
        for (const query of [
          'from=8640000000000000&to=8640000000000001',
          'from=-1&to=1',
          `from=${Date.UTC(2100, 0, 1)}&to=${Date.UTC(2100, 0, 2)}`,
        ]) {
          const url = `/api/vehicles/history/${vehicleId}/${kind}?${query}`;
          const response = await call('GET', url);
          expect(response.statusCode, url).toBe(400);
          expect(response.json<{ details: { message: string }[] }>().details[0]!.message).toMatch(
            /2000 y 2100/,
          );
        }
      }
    });

    it('answers an unreadable multipart upload with 400 and states the real size limits', async () => {
      expect((await multipart('abc', 'multipart/form-data')).statusCode).toBe(400);
      const truncated =
        '--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n';
      expect((await multipart(truncated)).statusCode).toBe(400);
      const unclosed = `${truncated}Content-Type: image/png\r\n\r\n\x89PNG\r\n`;
      expect((await multipart(unclosed)).statusCode).toBe(400);

      const big = Buffer.concat([
        Buffer.from(`${truncated}Content-Type: image/png\r\n\r\n`),
        Buffer.alloc(3 * 1024 * 1024, 1),
        Buffer.from('\r\n--XX--\r\n'),
      ]);
      const tooBig = await multipart(big);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json<{ message: string }>().message).toBe(
        'The file or request is too large (at most 2 MB)',
      );
      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/admin/roles',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: `{"name":"${'x'.repeat(1024 * 1024)}"}`,
      });
      expect(json.statusCode).toBe(413);
      expect(json.json<{ message: string }>().message).toBe(
        'El archivo o la solicitud es demasiado grande (máximo 1 MB)',
      );
      // Multipart is the avatar's alone: a JSON route answers it 415, not its handler.
      const elsewhere = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/otp',
        headers: { ...admin, 'content-type': 'multipart/form-data; boundary=XX' },
        payload: '--XX--\r\n',
      });
      expect(elsewhere.statusCode).toBe(415);
    });

    it('answers the probe’s cases the same over a real connection', async () => {
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const send = (path: string, init: RequestInit = {}) =>
        fetch(`${base}${path}`, { ...init, headers: { ...admin, ...init.headers } });
      const future = await send(
        `/api/vehicles/history/${vehicleId}/trips?from=8640000000000000&to=8640000000000001`,
      );
      expect(future.status).toBe(400);
      const avatar = (type: string, body: string) =>
        send('/api/rest/user/upload_avatar', {
          method: 'POST',
          headers: { 'content-type': type },
          body,
        });
      expect((await avatar('multipart/form-data', '--x\r\n')).status).toBe(400);
      const truncated =
        '--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n';
      expect((await avatar('multipart/form-data; boundary=XX', truncated)).status).toBe(400);
      const tooBig = await send('/api/rest/admin/roles', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"name":"${'x'.repeat(1024 * 1024)}"}`,
      });
      expect(tooBig.status).toBe(413);
      expect(((await tooBig.json()) as { message: string }).message).toBe(
        'El archivo o la solicitud es demasiado grande (máximo 1 MB)',
      );
    });

    it('refuses unknown fields, and malformed paths in the caller’s language', async () => {
      const role = await call(
        'POST',
        '/api/rest/admin/roles',
        { name: 'Extra', startOn: 'dashboard', views: ['dashboard'], isAdmin: true },
        'en',
      );
      expect(role.statusCode).toBe(400);
      expect(role.json()).toMatchObject({
        message: 'The field “isAdmin” is not valid: is not a known field',
        details: [{ path: 'body.isAdmin' }],
      });
      for (const url of ['/api/lang/view/%E0%A4%A', `/api/lang/view/${'x'.repeat(200)}`]) {
        const response = await call('GET', url, undefined, 'en');
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toEqual({
          error: 'validation',
          message: 'The request is not valid',
        });
      }
    });
  });
}
