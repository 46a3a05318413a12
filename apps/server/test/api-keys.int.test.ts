import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, type ApiKey, type ApiKeyCreated } from '@rumbo/contracts';
import { type Headers, apiCaller, signIn } from './api.js';
import { addOutsiderAdmin, testApp, testBackends, testConfig } from './harness.js';

// API keys (issue 27 item 2): a key with read scopes reads trips, is refused on writes and on
// administration (403), and after revocation (401); shown once, stored hashed, uses logged.

for (const backend of testBackends()) {
  describe(`API keys (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let outsider: Headers;
    let vehicleId: number;

    const call = apiCaller(() => ctx.app, { lang: 'en' });
    const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
    /** The secret part of `rk_<id>_<secret>` (base64url: it may itself hold a `_`). */
    const secretOf = (key: string) => key.slice(key.indexOf('_', 3) + 1);
    const create = async (body: object, headers = admin) => {
      const response = await call('POST', '/v2/api-keys', headers, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ApiKeyCreated>();
    };
    const tripsUrl = () =>
      `/vehicles/history/${vehicleId}/trips?from=${Date.now() - 86_400_000}&to=${Date.now()}`;

    beforeAll(async () => {
      ctx = await testApp(backend, { config: testConfig({ API_KEY_RATE_PER_MIN: '6' }) });
      await addOutsiderAdmin(ctx.database.db);
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
      const vehicle = await call('POST', '/vehicles/admin/vehicles', admin, { plate: 'KEY 001' });
      vehicleId = vehicle.json<{ vehicleId: number }>().vehicleId;
    });
    afterAll(() => ctx.close());

    it('a read key reads trips, is refused on writes and administration (403), and after revocation (401)', async () => {
      const key = await create({ name: 'TMS', scopes: ['positions:read', 'fleet:read'] });
      expect(key.secret).toMatch(/^rk_\d+_[A-Za-z0-9_-]{43}$/);
      expect(key.preview).toBe(`rk_${key.id}_${secretOf(key.secret).slice(0, 4)}…`);

      const trips = await call('GET', tripsUrl(), bearer(key.secret));
      expect(trips.statusCode, trips.body).toBe(200);
      expect(Array.isArray(trips.json())).toBe(true);
      expect((await call('GET', '/vehicles/vehicles', bearer(key.secret))).statusCode).toBe(200);

      // Writes: a driver (fleet:read reaches the drivers' list, not its writes).
      expect((await call('GET', '/driver', bearer(key.secret))).statusCode).toBe(200);
      const write = await call('POST', '/driver', bearer(key.secret), { nombre: 'Key' });
      expect(write.statusCode).toBe(403);
      expect(write.json<{ message: string }>().message).toMatch(/permission/);
      // Administration of users and roles, keys, and the account: never.
      for (const url of ['/rest/admin/users', '/rest/admin/roles', '/v2/api-keys', '/rest/user']) {
        const answer = await call('GET', url, bearer(key.secret));
        expect([403, 404], `${url}: ${answer.body}`).toContain(answer.statusCode);
        expect(answer.statusCode === 404 ? url : 'ok').not.toBe('/v2/api-keys');
      }
      expect((await call('GET', '/v2/api-keys', bearer(key.secret))).statusCode).toBe(403);

      // Stored hashed: the secret is nowhere in the database.
      const stored = await sql<{ n: string }>`
        select count(*) as n from api_keys where position(${key.secret}::bytea in secret_hash) > 0
          or secret_start = ${key.secret}`.execute(ctx.database.db);
      expect(Number(stored.rows[0]!.n)).toBe(0);

      const revoked = await call('DELETE', `/v2/api-keys/${key.id}`, admin);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json<ApiKey>().revokedAt).not.toBeNull();
      expect((await call('GET', tripsUrl(), bearer(key.secret))).statusCode).toBe(401);
      // Revoking twice changes nothing; an unknown key is not found.
      const again = await call('DELETE', `/v2/api-keys/${key.id}`, admin);
      expect(again.json<ApiKey>().revokedAt).toBe(revoked.json<ApiKey>().revokedAt);
      expect((await call('DELETE', '/v2/api-keys/999999', admin)).statusCode).toBe(404);
    });

    it('a write key writes its own area only; a wrong, expired or foreign-address key is 401', async () => {
      const key = await create({ name: 'ERP', scopes: ['drivers:write'] });
      const created = await call('POST', '/driver', bearer(key.secret), { nombre: 'Desde ERP' });
      expect(created.statusCode, created.body).toBe(200);
      expect((await call('GET', tripsUrl(), bearer(key.secret))).statusCode).toBe(403);
      const secret = secretOf(key.secret);
      const wrong = `rk_${key.id}_${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      expect((await call('GET', '/driver', bearer(wrong))).statusCode).toBe(401);
      expect((await call('GET', '/driver', bearer('rk_1_short'))).statusCode).toBe(401);

      const elsewhere = await create({
        name: 'Office only',
        scopes: ['fleet:read'],
        allowedAddresses: ['10.20.0.0/16', '2001:db8::/32'],
      });
      expect((await call('GET', '/driver', bearer(elsewhere.secret))).statusCode).toBe(401);
      const here = await create({
        name: 'Loopback',
        scopes: ['fleet:read'],
        allowedAddresses: ['127.0.0.1'],
      });
      expect((await call('GET', '/driver', bearer(here.secret))).statusCode).toBe(200);

      const expiring = await create({
        name: 'Soon',
        scopes: ['fleet:read'],
        expiresAt: Date.now() + 1500,
      });
      expect((await call('GET', '/driver', bearer(expiring.secret))).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect((await call('GET', '/driver', bearer(expiring.secret))).statusCode).toBe(401);
    });

    it('refuses bad input in the caller’s language and writes nothing', async () => {
      const before = (await call('GET', '/v2/api-keys', admin)).json<ApiKey[]>().length;
      const cases: [object, string, RegExp][] = [
        [{ name: '', scopes: ['fleet:read'] }, 'en', /name/],
        [{ name: 'x', scopes: [] }, 'en', /scopes/],
        [{ name: 'x', scopes: ['users:write'] }, 'en', /scopes/],
        [{ name: 'x', scopes: ['fleet:read'], expiresAt: Date.now() - 1000 }, 'en', /future/],
        [
          { name: 'x', scopes: ['fleet:read'], allowedAddresses: ['10.0.0.300'] },
          'es',
          /dirección IP/,
        ],
        [
          { name: 'x', scopes: ['fleet:read'], allowedAddresses: ['10.0.0.0/33'] },
          'en',
          /IP address/,
        ],
        [{ name: 'x', scopes: ['fleet:read'], extra: 1 }, 'en', /known field/],
      ];
      for (const [body, lang, message] of cases) {
        const answer = await call('POST', '/v2/api-keys', admin, body, lang);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
        expect(
          answer.json<{ message: string; details?: { message: string }[] }>(),
          JSON.stringify(body),
        ).toSatisfy(
          (b: { message: string; details?: { message: string }[] }) =>
            message.test(b.message) || (b.details ?? []).some((d) => message.test(d.message)),
        );
      }
      expect((await call('GET', '/v2/api-keys', admin)).json<ApiKey[]>().length).toBe(before);
    });

    it('keys are the tenant’s: another tenant neither lists nor revokes them; uses are logged', async () => {
      const key = await create({ name: 'Counted', scopes: ['fleet:read'] });
      for (let i = 0; i < 3; i += 1) await call('GET', '/driver', bearer(key.secret));
      const theirs = (await call('GET', '/v2/api-keys', outsider)).json<ApiKey[]>();
      expect(theirs.some((k) => k.id === key.id)).toBe(false);
      expect((await call('DELETE', `/v2/api-keys/${key.id}`, outsider)).statusCode).toBe(404);
      await new Promise((resolve) => setTimeout(resolve, 2500)); // the use counts' flush
      const listed = (await call('GET', '/v2/api-keys', admin))
        .json<ApiKey[]>()
        .find((k) => k.id === key.id)!;
      expect(listed.uses).toBe(3);
      expect(listed.lastUsedFrom).toBe('127.0.0.1');
      expect(listed.lastUsedAt).not.toBeNull();
      expect(listed.revokedAt).toBeNull();
      expect(JSON.stringify(listed)).not.toContain(secretOf(key.secret));
    });

    it('is rate-limited per key (429 with Retry-After), other keys unaffected', async () => {
      const busy = await create({ name: 'Busy', scopes: ['fleet:read'] });
      const calm = await create({ name: 'Calm', scopes: ['fleet:read'] });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1)
        statuses.push((await call('GET', '/driver', bearer(busy.secret))).statusCode);
      expect(statuses.filter((s) => s === 200).length).toBe(10); // burst: max(10, 6 / 10); one more token in 10 s
      const limited = await call('GET', '/driver', bearer(busy.secret));
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await call('GET', '/driver', bearer(calm.secret))).statusCode).toBe(200);
    });

    it('the OpenAPI page documents the key scheme, every scope, and the webhooks with their verification', async () => {
      const doc = (await call('GET', '/docs/json', {})).json<{
        components: { securitySchemes: { apiKey: { scheme: string; description: string } } };
        tags: { name: string; description: string }[];
      }>();
      const scheme = doc.components.securitySchemes.apiKey;
      expect(scheme.scheme).toBe('bearer');
      for (const scope of API_KEY_SCOPES) expect(scheme.description).toContain(`\`${scope}\``);
      const webhooks = doc.tags.find((tag) => tag.name === 'webhooks')!.description;
      for (const part of ['Rumbo-Signature', 'Rumbo-Event-Id', 'createHmac', 'timingSafeEqual'])
        expect(webhooks).toContain(part);
    });
  });
}
