import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, type TestApp, signedInApp } from './api.js';
import { testBackends } from './harness.js';

for (const backend of testBackends()) {
  describe(`platform calls (${backend})`, () => {
    let ctx: TestApp;
    let headers: Headers;
    beforeAll(async () => ({ ctx, headers } = await signedInApp(backend)));
    afterAll(() => ctx.close());

    it('reports database reachability and version on /api/health', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'ok',
        version: expect.stringMatching(/^\d+\.\d+\.\d+/) as unknown,
        database: { reachable: true, mode: backend },
      });
    });

    it('serves the runtime config.json with every service key under /api', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/config.json' });
      const body = response.json<{ services: Record<string, string>; supportEmail: string }>();
      for (const key of [
        'auth',
        'authz',
        'rest',
        'xlsx',
        'lang',
        'vehicles',
        'analysis',
        'lp',
        'driver',
        'v2',
        'ws',
        'wslp',
      ]) {
        expect(body.services[key]).toBe(`/api/${key}`);
      }
      expect(body.supportEmail).toBe('help@rumbo.test');
      for (const key of ['analysis', 'lp', 'vehicles']) {
        const base = await ctx.app.inject({ method: 'GET', url: `/api/${key}` });
        expect(base.json()).toMatchObject({ service: key });
      }
      // `GET /driver` is the drivers' list (spec §7): it asks for a session.
      const drivers = await ctx.app.inject({ method: 'GET', url: '/api/driver' });
      expect(drivers.statusCode).toBe(401);
    });

    it('publishes the OpenAPI document with the specification paths', async () => {
      const json = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, unknown>;
      }>();
      for (const path of [
        '/api/auth/generate_token',
        '/api/auth/validate',
        '/api/v2/user/generate_token',
        '/api/v2/views-authz/web3',
        '/api/rest/auth/recovery_v2',
        '/api/rest/user/upload_avatar',
        '/api/xlsx/generate_excel/{kind}',
        '/api/lang/{kind}/{name}',
      ]) {
        expect(json.paths).toHaveProperty([path]);
      }
      const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(page.statusCode);
    });

    it('serves the strings of a view in Spanish by default and in English on request', async () => {
      const es = await ctx.app.inject({ method: 'GET', url: '/api/lang/view/login' });
      expect(es.json()).toMatchObject({
        username: 'Usuario',
        wrong_credentials: 'Usuario o contraseña incorrectos',
      });
      const en = await ctx.app.inject({
        method: 'GET',
        url: '/api/lang/view/login',
        headers: { 'accept-language': 'en' },
      });
      expect(en.json()).toMatchObject({
        username: 'Username',
        wrong_credentials: 'Wrong username or password',
      });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/lang/view/nope' })).statusCode).toBe(
        404,
      );
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/lang/other/login' })).statusCode,
      ).toBe(400);
    });

    it('builds an Excel file that opens and holds the rows sent', async () => {
      const rows = Array.from({ length: 500 }, (_, i) => ({
        plate: `AB${String(i).padStart(3, '0')}CD`,
        km: i * 1.5,
        active: i % 2 === 0,
        at: Date.UTC(2026, 0, 1) + i * 60_000,
      }));
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/xlsx/generate_excel/vehicles?format=base64',
        headers,
        payload: {
          title: 'Vehículos',
          columns: [
            { key: 'plate', label: 'Patente' },
            { key: 'km', label: 'Km', type: 'number' },
            { key: 'active', label: 'Activo', type: 'boolean' },
            { key: 'at', label: 'Fecha', type: 'date' },
          ],
          rows,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(response.body, 'base64') as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe('Vehículos');
      expect(sheet.getRow(1).values).toEqual([undefined, 'Patente', 'Km', 'Activo', 'Fecha']);
      expect(sheet.rowCount).toBe(501);
      expect(sheet.getRow(2).getCell(1).value).toBe('AB000CD');
      expect(sheet.getRow(501).getCell(2).value).toBe(499 * 1.5);
      expect(sheet.getRow(3).getCell(3).value).toBe(false);
      // A date cell reads the user's wall clock (the demo user's zone, Buenos Aires, UTC−3).
      expect((sheet.getRow(2).getCell(4).value as Date).getTime()).toBe(
        Date.UTC(2026, 0, 1) - 3 * 3_600_000,
      );
    });

    it('answers malformed JSON, wrong types and missing fields with 400 in the caller language', async () => {
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/generate_token',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: '{"username": "demouser", ',
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({
        error: 'bad_json',
        message: 'The request body is not valid JSON',
      });
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/generate_token',
        payload: { username: 12345678, password: ['x'], digest: 'short' },
      });
      expect(wrong.statusCode).toBe(400);
      const body = wrong.json<{ error: string; message: string; details: { path: string }[] }>();
      expect(body).toMatchObject({ error: 'validation', message: 'La solicitud no es válida' });
      expect(body.details.map((d) => d.path)).toEqual(
        expect.arrayContaining(['body.username', 'body.password', 'body.digest']),
      );
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/xlsx/generate_excel/x',
        headers,
        payload: { title: 'T' },
      });
      expect(missing.statusCode).toBe(400);
      const huge = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/generate_token',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(413);
    });

    it('answers unknown API paths with 404 JSON and sets security headers', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/vehicles/nothing-here',
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found' });
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.headers['x-content-type-options']).toBe('nosniff');
      expect(health.headers['content-security-policy']).toContain("default-src 'self'");
    });
  });
}
