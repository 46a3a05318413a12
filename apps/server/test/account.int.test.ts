import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/lib/passwords.js';
import { findUserByUsername, updatePasswordHash } from '../src/modules/users/users.repository.js';
import { smtpTransport } from '../src/modules/mail/mail.delivery.js';
import { IMPERIAL_UNITS } from './api.js';
import { signInHeaders, testApp, testBackends } from './harness.js';
import { deliverNow, solveHumanCheck, startSmtp } from './mail-helpers.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----rumbo-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

for (const backend of testBackends()) {
  describe(`account calls (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      ctx = await testApp(backend);
    });
    afterAll(async () => {
      await ctx.close();
      await smtp.close();
    });

    const auth = async (username = 'demouser') => {
      const session = await signInHeaders(ctx.app, username);
      return { token: session.token, digest: session.digest, id: session.iss };
    };

    it('recovers a password end to end through a real SMTP server, and the link works once', async () => {
      const transport = smtpTransport(smtp.url);
      const email = 'demo@transportes-demo.local';
      const requested = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/recovery_v2',
        payload: { email, token: await solveHumanCheck(ctx.app) },
      });
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toBe(true);
      await ctx.app.services.auth.tasks.settled();
      const sent = await deliverNow(ctx.database.db, transport);
      expect(sent).toBe(1);
      await expect.poll(() => smtp.mails.length).toBe(1);
      const mail = smtp.mails[0]!.replace(/=\r?\n/g, '');
      expect(mail).toContain(`To: ${email}`);
      const link = /http:\/\/rumbo\.test\/auth\/recovery\/([\w-]+)/.exec(mail);
      expect(link).not.toBeNull();
      const recoveryToken = link![1]!;

      const reset = (password: string) =>
        solveHumanCheck(ctx.app).then((token) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/rest/auth/recovery_password_v2',
            payload: { email, recoveryToken, password, token },
          }),
        );
      const first = await reset('nueva-clave-1');
      expect(first.json()).toBe(true);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/user/generate_token',
        payload: { username: 'demouser', password: 'nueva-clave-1' },
      });
      expect(login.statusCode).toBe(200);
      const second = await reset('otra-clave-2');
      expect(second.json()).toBe('El enlace de recuperación no es válido o ha expirado');
      transport.close();
      // Put the demo password back for the other tests.
      const demo = await findUserByUsername(ctx.database.db, 'demouser');
      await updatePasswordHash(ctx.database.db, demo!.id, await hashPassword('demo1234'));
    });

    it('answers the same for an unknown e-mail and sends nothing', async () => {
      const before = (await ctx.database.db.selectFrom('mail_outbox').select('id').execute())
        .length;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/recovery_v2',
        payload: { email: 'nobody@nowhere.test', token: await solveHumanCheck(ctx.app) },
      });
      expect(response.json()).toBe(true);
      await ctx.app.services.auth.tasks.settled();
      const after = (await ctx.database.db.selectFrom('mail_outbox').select('id').execute()).length;
      expect(after).toBe(before);
    });

    it('refuses the human check when missing, wrong or replayed, and queues no mail', async () => {
      const before = (await ctx.database.db.selectFrom('mail_outbox').select('id').execute())
        .length;
      const email = 'admin@transportes-demo.local';
      const missing = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/recovery_v2',
        payload: { email, token: '' },
      });
      expect(missing.json()).toBe('No se pudo verificar que eres una persona. Vuelve a intentarlo');
      const good = await solveHumanCheck(ctx.app);
      const decoded = JSON.parse(Buffer.from(good, 'base64').toString()) as {
        solution: { counter: number; derivedKey: string };
      };
      const key = decoded.solution.derivedKey;
      decoded.solution.derivedKey = (key[0] === '0' ? '1' : '0') + key.slice(1);
      decoded.solution.counter += 1;
      const forged = Buffer.from(JSON.stringify(decoded)).toString('base64');
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/recovery_v2',
        payload: { email, token: forged },
        headers: { 'accept-language': 'en' },
      });
      expect(wrong.json()).toBe('We could not verify you are a person. Try again');
      await ctx.app.services.auth.tasks.settled();
      expect((await ctx.database.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(
        before,
      );
      const once = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/recovery_v2',
        payload: { email, token: good },
      });
      expect(once.json()).toBe(true);
      const replay = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/recovery_v2',
        payload: { email, token: good },
      });
      expect(replay.json()).not.toBe(true);
    });

    it('answers the configuration, and saves profile and configuration', async () => {
      const me = await auth();
      const headers = { token: me.token, digest: me.digest };
      const conf = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/auth/user',
        headers,
        payload: { token: me.token },
      });
      expect(conf.statusCode).toBe(200);
      expect(conf.json()).toMatchObject({
        idUsuario: me.id,
        usuario: { nombre: 'demouser' },
        rol: 'operator',
        configuracion: { idioma: 'es', units: { distance: 'km' } },
        config: { idioma: 'es', units: { distance: 'km' } },
        tenant: { name: 'Transportes Demo' },
      });
      // §7 names the answer's configuration `configuracion`; `config` (§3) carries the same.
      expect(conf.json<{ config: unknown }>().config).toEqual(
        conf.json<{ configuracion: unknown }>().configuracion,
      );
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/save_profile',
        headers,
        payload: {
          idPersonaFisica: me.id,
          nombre: 'Ana',
          apellido: 'Gómez',
          telefono: '+54 11 5555',
          email: 'ana@demo.test',
        },
      });
      expect(saved.statusCode).toBe(200);
      const profile = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_profile',
        headers,
      });
      expect(profile.json()).toMatchObject({
        nombre: 'Ana',
        apellido: 'Gómez',
        email: 'ana@demo.test',
      });
      const config = {
        idioma: 'en',
        timeZone: 5.5,
        units: IMPERIAL_UNITS,
        lat: -31.4,
        lng: -64.2,
        zoom: 9,
        darkMode: true,
      };
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/rest/user/save_config',
            headers,
            payload: config,
          })
        ).statusCode,
      ).toBe(200);
      const after = (
        await ctx.app.inject({ method: 'POST', url: '/api/rest/auth/user', headers, payload: {} })
      ).json<{
        config: unknown;
        darkMode: boolean;
      }>();
      const { darkMode, ...rest } = config;
      expect(after.config).toEqual(rest);
      expect(after.darkMode).toBe(darkMode);
    });

    it('refuses bad configuration and another person profile, writing nothing', async () => {
      const me = await auth('demoadmin');
      const headers = { token: me.token, digest: me.digest, 'accept-language': 'en' };
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/save_config',
        headers,
        payload: {
          idioma: 'fr',
          timeZone: 'minus three',
          units: {},
          lat: 100,
          lng: 0,
          zoom: 3,
          darkMode: 'yes',
        },
      });
      expect(bad.statusCode).toBe(400);
      const body = bad.json<{ error: string; message: string; details: { path: string }[] }>();
      expect(body.error).toBe('validation');
      expect(body.message).toBe('The request is not valid');
      expect(body.details.map((d) => d.path)).toEqual(
        expect.arrayContaining(['body.idioma', 'body.timeZone', 'body.lat']),
      );
      const other = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/save_profile',
        headers,
        payload: {
          idPersonaFisica: me.id + 1000,
          nombre: 'X',
          apellido: 'Y',
          telefono: '',
          email: 'x@y.test',
        },
      });
      expect(other.statusCode).toBe(403);
      const conf = (
        await ctx.app.inject({ method: 'POST', url: '/api/rest/auth/user', headers, payload: {} })
      ).json<{
        config: { idioma: string };
      }>();
      expect(conf.config.idioma).toBe('es');
    });

    it('stores a PNG avatar and refuses what is not an image (415) or too large (413)', async () => {
      const me = await auth();
      const headers = { token: me.token, digest: me.digest };
      const none = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_avatar',
        headers,
      });
      expect(none.json()).toEqual({ avatar: null });
      const png = multipart('files', 'me.png', 'image/png', PNG_1x1);
      const up = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/upload_avatar',
        headers: { ...headers, 'content-type': png.contentType },
        payload: png.payload,
      });
      expect(up.statusCode).toBe(200);
      const got = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_avatar',
        headers,
      });
      expect(got.json()).toEqual({ avatar: `data:image/png;base64,${PNG_1x1.toString('base64')}` });

      const fake = multipart(
        'files',
        'evil.png',
        'image/png',
        Buffer.from('<script>alert(1)</script>'),
      );
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/upload_avatar',
        headers: { ...headers, 'content-type': fake.contentType },
        payload: fake.payload,
      });
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toMatchObject({ error: 'unsupported_media_type' });

      const huge = multipart(
        'files',
        'big.png',
        'image/png',
        Buffer.concat([PNG_1x1, Buffer.alloc(2 * 1024 * 1024 + 10)]),
      );
      const tooBig = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/user/upload_avatar',
        headers: { ...headers, 'content-type': huge.contentType },
        payload: huge.payload,
      });
      expect(tooBig.statusCode).toBe(413);
      const still = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_avatar',
        headers,
      });
      expect(still.json()).toEqual({
        avatar: `data:image/png;base64,${PNG_1x1.toString('base64')}`,
      });
    });

    it('never shows one tenant user data to another tenant', async () => {
      const demo = await auth('demouser');
      const sys = await signInHeaders(ctx.app, 'sysadmin', 'admin-password');
      const sysProfile = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/user/get_profile',
        headers: { token: sys.token, digest: sys.digest },
      });
      expect(sysProfile.json()).toMatchObject({ username: 'sysadmin' });
      const cross = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/otp',
        headers: { token: sys.token, digest: sys.digest },
        payload: { userId: demo.id },
      });
      expect(cross.statusCode).toBe(404);
    });
  });
}
