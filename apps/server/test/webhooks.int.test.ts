import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointCreated,
} from '@rumbo/contracts';
import type { DeviceFact } from '@rumbo/telematics';
import { deliverWebhooks, WebhookSubscriptionsCache } from '../src/modules/webhooks/index.js';
import { webhooksSink } from '../src/pipeline/sinks/webhooks.sink.js';
import { signInHeaders, testApp, testBackends, testConfig } from './harness.js';
import { WebhookReceiver } from './webhook-receiver.js';

// Webhooks (issue 27 item 3): facts written through the outbox sink in a transaction reach a real
// local receiver once each, signed; a receiver that fails gets them later in order; the API is
// the administrators' (not API keys'); SSRF refusals at registration.

type Headers = Record<string, string>;
const policy = { allowHttp: true, allowPrivate: true };

for (const backend of testBackends()) {
  describe(`webhooks (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let tenantId: number;
    const receiver = new WebhookReceiver();
    const subscriptions = new WebhookSubscriptionsCache();
    // Real time (the database stamps events with now()), moved forward by the tests.
    let aheadMs = 0;
    const clock = { nowMs: () => Date.now() + aheadMs };

    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
      headers = admin,
    ) =>
      ctx.app.inject({
        method,
        url: `/api/v2${url}`,
        headers: { ...headers, 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
    /** Stores facts as the pipeline does: through the sink, in one transaction. */
    const store = async (vehicleId: number, facts: DeviceFact[]) => {
      await subscriptions.reload(ctx.database.db);
      const sink = webhooksSink(subscriptions);
      const rows = facts
        .map((fact) => sink.collect({ tenantId, vehicleId }, fact))
        .filter((row) => row !== undefined);
      await ctx.database.db.transaction().execute((trx) => sink.write(trx, rows));
    };
    const pauseMails = () =>
      ctx.database.db
        .selectFrom('mail_outbox')
        .select(['id', 'tenant_id', 'to_address', 'subject', 'body_text'])
        .where('subject', 'like', '%webhook%')
        .orderBy('id')
        .execute();
    const deliver = () =>
      deliverWebhooks({ db: ctx.database.db, clock, policy, retryBaseMs: 60_000 });
    const trip = (startMs: number): DeviceFact => ({
      type: 'trip',
      startTimeMs: startMs,
      endTimeMs: startMs + 600_000,
      durationS: 600,
      startLat: -34.6,
      startLng: -58.4,
      endLat: -34.5,
      endLng: -58.3,
      distanceM: 12_345,
      distanceSource: 'gps',
      drivingTimeS: 560,
      idleTimeS: 40,
      coverage: 1,
      positionCount: 60,
      endReason: 'ignition-off',
    });

    beforeAll(async () => {
      ctx = await testApp(backend, {
        config: testConfig({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' }),
      });
      const session = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      admin = { token: session.token, digest: session.digest };
      const tenant = await ctx.database.db
        .selectFrom('users')
        .select('tenant_id')
        .where('username', '=', 'demoadmin')
        .executeTakeFirstOrThrow();
      tenantId = tenant.tenant_id;
      await receiver.start();
    }, 300_000);
    afterAll(async () => {
      await receiver.stop();
      await ctx?.close();
    });

    it('delivers each event once with a valid signature, and a replayed fact is not told again', async () => {
      const created = await call('POST', '/webhooks', {
        url: receiver.url(),
        eventKinds: ['trip.ended', 'alert.AFI', 'geofence.entered'],
      });
      expect(created.statusCode, created.body).toBe(200);
      const endpoint = created.json<WebhookEndpointCreated>();
      expect(endpoint.secret).toMatch(/^whsec_/);
      receiver.secret = endpoint.secret;
      // The list never shows the secret.
      const list = await call('GET', '/webhooks');
      expect(list.json<WebhookEndpoint[]>()[0]).not.toHaveProperty('secret');

      const t0 = Date.UTC(2026, 10, 2, 8);
      await store(1, [
        trip(t0),
        { type: 'event', code: 'AFI', startTimeMs: t0 + 1000, lat: -34.6, lng: -58.4, value: 3.1 },
        // Not subscribed: not told.
        { type: 'event', code: 'V20', startTimeMs: t0 + 2000 },
        { type: 'event', code: 'AZA', startTimeMs: t0 + 3000, data: { idzona: 7 } },
      ]);
      expect(await deliver()).toBe(3);
      expect(await deliver()).toBe(0);
      expect(receiver.received.map((r) => r.type)).toEqual([
        'trip.ended',
        'alert.AFI',
        'geofence.entered',
      ]);
      for (const r of receiver.received) {
        expect(r.signed).toBe(true);
        expect(r.eventHeader).toBe(r.type);
        expect(r.idHeader).toBe(String(r.id));
      }
      expect(receiver.received[0]!.body.data).toMatchObject({ vehicleId: 1, distanceKm: 12.345 });
      expect(receiver.received[2]!.body.data).toMatchObject({ zoneId: 7, code: 'AZA' });

      // A recompute replays the trip: the outbox key keeps it from being told twice.
      await store(1, [trip(t0)]);
      expect(await deliver()).toBe(0);
      expect(receiver.received).toHaveLength(3);
    }, 120_000);

    it('keeps order while the receiver fails, retries with backoff, and sends all after', async () => {
      const before = receiver.received.length;
      let failing = true;
      receiver.status = () => (failing ? 503 : 204);
      const t0 = Date.UTC(2026, 10, 3, 8);
      await store(2, [trip(t0), trip(t0 + 3_600_000), trip(t0 + 7_200_000)]);
      expect(await deliver()).toBe(0);
      expect(await deliver()).toBe(0); // not due yet (backoff)
      const [endpoint] = (await call('GET', '/webhooks')).json<WebhookEndpoint[]>();
      expect(endpoint!.pending).toBe(3);
      expect(endpoint!.failingSince).not.toBeNull();
      const log = (
        await call('GET', `/webhooks/${endpoint!.id}/deliveries?size=5`)
      ).json<WebhookDeliveryPage>();
      expect(
        log.items
          .filter((d) => d.status === 'pending')
          .map((d) => d.attempts)
          .sort(),
      ).toEqual([0, 0, 1]);
      expect(log.items.find((d) => d.attempts === 1)!.lastStatus).toBe(503);

      failing = false;
      aheadMs += 120_000;
      expect(await deliver()).toBe(3);
      const starts = receiver.received.slice(before).map((r) => r.body.data.start);
      expect(starts).toEqual(
        [t0, t0 + 3_600_000, t0 + 7_200_000].map((ms) => new Date(ms).toISOString()),
      );

      // Send again: the same event, the same id, delivered once more.
      const again = (
        await call('GET', `/webhooks/${endpoint!.id}/deliveries?size=1`)
      ).json<WebhookDeliveryPage>();
      const resend = await call(
        'POST',
        `/webhooks/${endpoint!.id}/deliveries/${again.items[0]!.id}/resend`,
      );
      expect(resend.statusCode, resend.body).toBe(204);
      expect(await deliver()).toBe(1);
      expect(receiver.received.at(-1)!.id).toBe(again.items[0]!.eventId);
      // Test event.
      expect((await call('POST', `/webhooks/${endpoint!.id}/test`)).statusCode).toBe(200);
      expect(await deliver()).toBe(1);
      expect(receiver.received.at(-1)!.type).toBe('test');
      expect(receiver.received.at(-1)!.signed).toBe(true);
    }, 120_000);

    it('pauses an endpoint whose only event failed for its 24 h and mails the tenant administrators only', async () => {
      const [endpoint] = (await call('GET', '/webhooks')).json<WebhookEndpoint[]>();
      const mailsBefore = await pauseMails();
      const aheadBefore = aheadMs;
      receiver.status = () => 503;
      await store(4, [trip(Date.UTC(2026, 10, 5, 8))]);
      // Attempts back off up to an hour apart; the clock moves an hour at a time.
      let hours = 0;
      for (; hours < 30; hours++) {
        await deliver();
        const now = (await call('GET', '/webhooks')).json<WebhookEndpoint[]>()[0]!;
        if (now.pausedReason) break;
        aheadMs += 3_600_000;
      }
      expect(hours).toBeGreaterThanOrEqual(23);
      expect(hours).toBeLessThanOrEqual(24);
      const log = (
        await call('GET', `/webhooks/${endpoint!.id}/deliveries?size=1`)
      ).json<WebhookDeliveryPage>();
      expect(log.items[0]!.status).toBe('failed');
      const mails = (await pauseMails()).slice(mailsBefore.length);
      // The tenant's users with the users' administration (demoadmin), not demouser nor the
      // system administrator of another tenant.
      expect(mails.map((m) => m.to_address)).toEqual(['admin@transportes-demo.local']);
      expect(mails[0]!.tenant_id).toBe(tenantId);
      // In the administrator's language (demoadmin's is Spanish), not both at once.
      expect(mails[0]!.subject).toBe('Rumbo: webhook pausado');
      expect(mails[0]!.body_text).toMatch(/^Rumbo pausó el webhook https?:\/\//);
      expect(mails[0]!.body_text).not.toMatch(/Rumbo paused/);
      // Paused: a new event is not queued for it, nothing is attempted.
      const attempts = receiver.attempts;
      await store(4, [trip(Date.UTC(2026, 10, 5, 12))]);
      aheadMs += 3_600_000;
      await deliver();
      expect(receiver.attempts).toBe(attempts);
      receiver.status = () => 204;
      expect((await call('POST', `/webhooks/${endpoint!.id}/resume`)).statusCode).toBe(200);
      // The next test's events are stamped by the database's real time: the clock goes back.
      aheadMs = aheadBefore;
    }, 120_000);

    it('pauses an endpoint failing for a day and mails the administrators; resume sends what waited', async () => {
      const [endpoint] = (await call('GET', '/webhooks')).json<WebhookEndpoint[]>();
      receiver.status = () => 500;
      const t0 = Date.UTC(2026, 10, 4, 8);
      await store(3, [trip(t0)]);
      expect(await deliver()).toBe(0);
      aheadMs += 25 * 3600 * 1000;
      await store(3, [trip(t0 + 3_600_000)]);
      await deliver();
      const paused = (await call('GET', '/webhooks')).json<WebhookEndpoint[]>()[0]!;
      expect(paused.pausedReason).toBe('failing');
      const mails = await ctx.database.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject'])
        .where('subject', 'like', '%webhook%')
        .execute();
      expect(mails.length).toBeGreaterThan(0);

      receiver.status = () => 204;
      const before = receiver.received.length;
      const resumed = await call('POST', `/webhooks/${endpoint!.id}/resume`);
      expect(resumed.json<WebhookEndpoint>().pausedReason).toBeNull();
      await deliver();
      expect(receiver.received.length).toBeGreaterThan(before);
    }, 120_000);

    it('refuses http, private and loopback addresses without the settings, and API keys', async () => {
      const strict = await testApp(backend);
      try {
        const session = await signInHeaders(strict.app, 'demoadmin', 'demo1234');
        const headers = { token: session.token, digest: session.digest, 'accept-language': 'es' };
        const post = (url: string) =>
          strict.app.inject({
            method: 'POST',
            url: '/api/v2/webhooks',
            headers,
            payload: { url, eventKinds: ['trip.ended'] },
          });
        for (const url of [
          'http://example.com/hook',
          'https://127.0.0.1/hook',
          'https://10.1.2.3/hook',
          'https://[::1]/hook',
          'https://169.254.169.254/latest',
          'https://localhost/hook',
          'ftp://example.com/x',
        ]) {
          const response = await post(url);
          expect(response.statusCode, url).toBe(400);
          expect(response.json<{ message: string }>().message).toBeTruthy();
        }
        expect(
          (
            await strict.app.inject({
              method: 'POST',
              url: '/api/v2/webhooks',
              headers,
              payload: { url: 'https://a.test', eventKinds: ['nope'] },
            })
          ).statusCode,
        ).toBe(400);
        const count = await strict.database.db
          .selectFrom('webhook_endpoints')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(0);
        // An API key never reaches the webhooks (administration).
        const key = await strict.app.inject({
          method: 'POST',
          url: '/api/v2/api-keys',
          headers,
          payload: { name: 'ERP', scopes: ['events:read', 'fleet:write'] },
        });
        const secret = key.json<{ secret: string }>().secret;
        const byKey = await strict.app.inject({
          method: 'GET',
          url: '/api/v2/webhooks',
          headers: { authorization: `Bearer ${secret}` },
        });
        expect(byKey.statusCode).toBe(403);
      } finally {
        await strict.close();
      }
    }, 300_000);
  });
}
