import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  encodeCodec8eFrame,
  encodeLogin,
  idleDetector,
  motionDetector,
  NO_FACTS,
  rollupDetector,
  statusDetector,
  type Detector,
  type DetectorChain,
} from '@rumbo/telematics';
import type { AlertSettings, Notification } from '@rumbo/contracts';
import { startIngest, type IngestListeners } from '../src/ingest/start-ingest.js';
import { addDeviceWithVehicle } from '../src/modules/fleet/fleet-cli.js';
import { ensureTenant, findRoleForTenant } from '../src/modules/tenants/tenants.repository.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import { hashPassword } from '../src/lib/passwords.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { DeviceSocket, truckRecord } from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

/**
 * A speed rule of the test's own (the rule detectors are another issue's): an episode starts at
 * the first record over 95 km/h (one `V95` fact) and ends at the first at or below 90 (the same
 * fact again, closed), so the test knows exactly which episodes exist.
 */
const overSpeed: Detector<{ startMs?: number; topKmh: number }> = {
  name: 'test-over-speed',
  initial: { topKmh: 0 },
  step(slice, { sample }) {
    const v = sample.speedKmh ?? 0;
    if (slice.startMs === undefined) {
      if (v <= 95) return { slice, facts: NO_FACTS };
      return {
        slice: { startMs: sample.fixTimeMs, topKmh: v },
        facts: [
          {
            type: 'event',
            code: 'V95',
            startTimeMs: sample.fixTimeMs,
            value: v,
            lat: sample.lat,
            lng: sample.lng,
          },
        ],
      };
    }
    if (v > 90) return { slice: { ...slice, topKmh: Math.max(slice.topKmh, v) }, facts: NO_FACTS };
    return {
      slice: { topKmh: 0 },
      facts: [
        {
          type: 'event',
          code: 'V95',
          startTimeMs: slice.startMs,
          endTimeMs: sample.fixTimeMs,
          value: slice.topKmh,
        },
      ],
    };
  },
};
const DETECTORS: DetectorChain = [
  statusDetector,
  motionDetector,
  idleDetector,
  rollupDetector,
  overSpeed,
];

/** A signed-in `/api/ws` socket recording every `notifications/add` with its arrival time. */
async function alertSocket(port: number, session: { token: string; digest: string }) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
  const statuses: string[] = [];
  const added: { at: number; payload: Notification }[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      type?: string;
      status?: string;
      mutation?: string;
      payload?: Notification;
    };
    if (message.type === 'Status' && message.status) statuses.push(message.status);
    if (message.mutation === 'notifications/add')
      added.push({ at: performance.now(), payload: message.payload! });
  });
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify(session));
  await expect.poll(() => statuses).toContain('Ok');
  return { added, close: () => socket.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of testBackends()) {
  describe(`alerts: events, notifications on /api/ws, settings (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let port: number;
    let vehicleId: number;
    let operator: { token: string; digest: string; iss: number };
    let admin: { token: string; digest: string; iss: number };
    let viewer: { token: string; digest: string };
    let stranger: { token: string; digest: string };
    const imei = '359000000077001';
    const silentImei = '359000000077002';
    const h = (s: { token: string; digest: string }) => ({ token: s.token, digest: s.digest });

    beforeAll(async () => {
      ctx = await testApp(backend, {
        pipeline: { flushIntervalMs: 5, recomputeDebounceMs: 50, detectors: DETECTORS },
      });
      const db = ctx.database.db;
      ({ vehicleId } = await addDeviceWithVehicle(db, {
        imei,
        plate: 'AL001AA',
        protocol: 'teltonika',
        tenant: 'Transportes Demo',
      }));
      await addDeviceWithVehicle(db, {
        imei: silentImei,
        plate: 'AL002AA',
        protocol: 'teltonika',
        tenant: 'Transportes Demo',
      });
      // Another tenant with an operator of its own, and a viewer in the demo tenant.
      const other = await ensureTenant(db, 'Transportes Otro');
      const demo = await ensureTenant(db, 'Transportes Demo');
      const passwordHash = await hashPassword('otro1234');
      await insertUser(db, {
        tenantId: other.id,
        username: 'otrooperador',
        email: 'otro@rumbo.test',
        passwordHash,
        roleId: (await findRoleForTenant(db, other.id, 'operator'))!.id,
      });
      await insertUser(db, {
        tenantId: demo.id,
        username: 'demoviewer',
        email: 'viewer@rumbo.test',
        passwordHash,
        roleId: (await findRoleForTenant(db, demo.id, 'viewer'))!.id,
      });
      await loadLiveFleet(db, ctx.app.services.live, Date.now());
      await ctx.app.services.alerts.cache.reloadAll();
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
      ingest = await startIngest(ctx.app.services.ingest, {
        teltonikaPort: 0,
        osmandPort: 0,
        mqttUrl: undefined,
        host: '127.0.0.1',
      });
      operator = await signInHeaders(ctx.app);
      admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      viewer = await signInHeaders(ctx.app, 'demoviewer', 'otro1234');
      stranger = await signInHeaders(ctx.app, 'otrooperador', 'otro1234');
    }, 180_000);
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const events = () =>
      ctx.database.db
        .selectFrom('events')
        .selectAll()
        .where('vehicle_id', '=', vehicleId)
        .execute();
    const count = async (table: 'notifications' | 'alert_settings' | 'mail_outbox') =>
      Number(
        (
          await ctx.database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    const t0 = Date.now() - 10 * 60_000;
    let device: DeviceSocket;
    let operatorSocket: Awaited<ReturnType<typeof alertSocket>>;
    let adminSocket: Awaited<ReturnType<typeof alertSocket>>;
    let strangerSocket: Awaited<ReturnType<typeof alertSocket>>;

    it('a record that crosses a rule gives one stored event and one /api/ws message within 1 s', async () => {
      operatorSocket = await alertSocket(port, operator);
      adminSocket = await alertSocket(port, admin);
      strangerSocket = await alertSocket(port, stranger);
      device = new DeviceSocket(ingest.teltonikaPort);
      await device.ready();
      device.write(encodeLogin(imei));
      await expect.poll(() => device.bytes().length).toBe(1);
      const speeds = [80, 85, 90];
      device.write(
        encodeCodec8eFrame(
          speeds.map((s, i) =>
            truckRecord(t0 + i * 10_000, { speedKmh: s, lng: -58.4 + i * 1e-3 }),
          ),
        ),
      );
      await expect.poll(() => device.acks()).toEqual([3]);
      expect(await events()).toHaveLength(0);

      const sentAt = performance.now();
      device.write(encodeCodec8eFrame([truckRecord(t0 + 30_000, { speedKmh: 104, lng: -58.397 })]));
      await expect.poll(() => device.acks()).toEqual([3, 1]);
      const ackedAt = performance.now();
      await expect.poll(() => operatorSocket.added.length, { timeout: 1000 }).toBe(1);
      const message = operatorSocket.added[0]!;
      expect(message.at - ackedAt).toBeLessThan(1000);
      expect(message.at - sentAt).toBeLessThan(1000);
      expect(message.payload).toMatchObject({
        code: 'V95',
        plate: 'AL001AA',
        recordedat: new Date(t0 + 30_000).toISOString(),
        userid: operator.iss,
        read: false,
        codigoChofer: null,
        payload: { title: 'Exceso de velocidad > 95 km/h', severity: 'error', value: 104 },
      });
      expect(typeof message.payload.id).toBe('number');
      expect(typeof message.payload.eventId).toBe('number');
      await expect.poll(() => adminSocket.added.length).toBe(1);
      const stored = await events();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ code: 'V95', value: 104, end_time: null });

      // The episode goes on and closes: the same row, no second message.
      device.write(
        encodeCodec8eFrame([
          truckRecord(t0 + 40_000, { speedKmh: 110, lng: -58.396 }),
          truckRecord(t0 + 50_000, { speedKmh: 70, lng: -58.395 }),
        ]),
      );
      await expect.poll(() => device.acks()).toEqual([3, 1, 2]);
      await expect.poll(async () => (await events())[0]?.end_time).not.toBeNull();
      const closed = await events();
      expect(closed).toHaveLength(1);
      expect(closed[0]).toMatchObject({ value: 110 });
      expect(typeof closed[0]!.lat).toBe('number');
      await sleep(300);
      expect(operatorSocket.added).toHaveLength(1);
      expect(strangerSocket.added).toHaveLength(0);
    });

    it('acknowledges an event; a late batch that re-creates the episode keeps it and sends nothing', async () => {
      const [event] = await events();
      const ack = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/acknowledge',
        headers: h(operator),
        payload: { id: Number(event!.id), comment: 'Avisado al chofer' },
      });
      expect(ack.statusCode).toBe(200);
      expect(ack.json()).toMatchObject({
        code: 'V95',
        plate: 'AL001AA',
        comment: 'Avisado al chofer',
        driverName: null,
      });
      const acked = ack.json<{ acknowledgedAt: number | null; acknowledgedBy: string | null }>();
      expect(typeof acked.acknowledgedAt).toBe('number');
      expect(typeof acked.acknowledgedBy).toBe('string');
      const notificationsBefore = await count('notifications');
      const done = ctx.app.services.recomputer!.stats.done;
      // A record the device had buffered, inside the episode: stored late, window recomputed.
      device.write(
        encodeCodec8eFrame([truckRecord(t0 + 35_000, { speedKmh: 120, lng: -58.3965 })]),
      );
      await expect.poll(() => device.acks()).toEqual([3, 1, 2, 1]);
      await expect.poll(() => ctx.app.services.recomputer!.stats.done).toBe(done + 1);
      const after = await events();
      expect(after).toHaveLength(1);
      expect(after[0]).toMatchObject({
        id: event!.id,
        value: 120,
        ack_comment: 'Avisado al chofer',
        acknowledged_by: operator.iss,
      });
      await sleep(300);
      expect(operatorSocket.added).toHaveLength(1);
      expect(await count('notifications')).toBe(notificationsBefore);
      expect(strangerSocket.added).toHaveLength(0);
    });

    it('an unacknowledged episode re-created by a recompute is told once too', async () => {
      device.write(
        encodeCodec8eFrame([
          truckRecord(t0 + 120_000, { speedKmh: 100, lng: -58.39 }),
          truckRecord(t0 + 130_000, { speedKmh: 60, lng: -58.389 }),
        ]),
      );
      await expect.poll(() => operatorSocket.added.length).toBe(2);
      const done = ctx.app.services.recomputer!.stats.done;
      device.write(
        encodeCodec8eFrame([truckRecord(t0 + 125_000, { speedKmh: 99, lng: -58.3895 })]),
      );
      await expect.poll(() => ctx.app.services.recomputer!.stats.done).toBe(done + 1);
      expect(await events()).toHaveLength(2);
      await sleep(300);
      expect(operatorSocket.added).toHaveLength(2);
      expect(adminSocket.added).toHaveLength(2);
      expect(strangerSocket.added).toHaveLength(0);
    });

    it('keeps the list per user: read flags, mark all read, clear all', async () => {
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/notifications',
        headers: h(operator),
      });
      expect(list.statusCode).toBe(200);
      const payload = list.json<{ payload: Notification[] }>().payload;
      expect(payload.map((n) => [n.code, n.read])).toEqual([
        ['V95', false],
        ['V95', false],
      ]);
      expect(payload[0]!.id! > payload[1]!.id!).toBe(true);
      const read = await ctx.app.inject({
        method: 'POST',
        url: '/api/rest/notifications/read_all',
        headers: h(operator),
      });
      expect(read.json<{ payload: Notification[] }>().payload.every((n) => n.read)).toBe(true);
      const adminList = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/notifications',
        headers: h(admin),
      });
      expect(adminList.json<{ payload: Notification[] }>().payload.every((n) => !n.read)).toBe(
        true,
      );
      const cleared = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/rest/notifications',
        headers: h(operator),
      });
      expect(cleared.json()).toEqual({ payload: [] });
      const strangerList = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/notifications',
        headers: h(stranger),
      });
      expect(strangerList.json()).toEqual({ payload: [] });
    });

    it('answers the catalogue in the caller’s language, codes case-insensitively in queries', async () => {
      const es = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/alert/get_all_types',
        headers: h(viewer),
      });
      expect(es.statusCode).toBe(200);
      const body = es.json<{
        groups: { code: string }[];
        types: { code: string; description: string }[];
      }>();
      expect(body.groups).toHaveLength(10);
      expect(body.types).toHaveLength(42);
      expect(body.types.find((t) => t.code === 'DTS')?.description).toBe(
        'Dispositivo sin transmisión',
      );
      // Issue 22: every code has a severity a manager reads (information, warning, critical).
      const severity = (code: string) =>
        (body.types as { code: string; severity?: string }[]).find((t) => t.code === code)
          ?.severity;
      expect([severity('DCS'), severity('V95'), severity('AZA')]).toEqual([
        'critical',
        'warning',
        'information',
      ]);
      expect(
        (body.types as { severity?: string }[]).every((t) =>
          ['information', 'warning', 'critical'].includes(t.severity ?? ''),
        ),
      ).toBe(true);
      const en = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/alert/get_all_types',
        headers: { ...h(viewer), 'accept-language': 'en' },
      });
      expect(en.json<typeof body>().types.find((t) => t.code === 'DTS')?.description).toBe(
        'Device silent',
      );
      const list = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/get_all',
        headers: h(operator),
        payload: { from: t0 - 60_000, to: t0 + 3_600_000, codes: ['v95'] },
      });
      expect(list.statusCode).toBe(200);
      const rows = list.json<{ payload: { code: string; ideventtype: number; plate: string }[] }>();
      expect(rows.payload).toHaveLength(2);
      expect(rows.payload[0]).toMatchObject({ code: 'V95', plate: 'AL001AA' });
      expect(rows.payload[0]!.ideventtype).toBeGreaterThan(0);
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/get_all',
        headers: h(stranger),
        payload: { from: t0 - 60_000, to: t0 + 3_600_000 },
      });
      expect(foreign.json()).toEqual({ payload: [], next: null });
      const foreignAck = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/acknowledge',
        headers: h(stranger),
        payload: { id: Number((await events())[0]!.id) },
      });
      expect(foreignAck.statusCode).toBe(404);
    });

    it('pages the alert list on the server past any row count; facts kept for the history are not listed (issue 22)', async () => {
      const db = ctx.database.db;
      const base = t0 - 5 * 86_400_000;
      const tenantId = (await ensureTenant(db, 'Transportes Demo')).id;
      // 75 alerts (a page boundary inside one second too), and a zone's exit kept for the history
      // only.
      await db
        .insertInto('events')
        .values([
          ...Array.from({ length: 3 }, (_, i) => ({
            tenant_id: tenantId,
            vehicle_id: vehicleId,
            code: 'AFI',
            start_time: new Date(base + i),
          })),
          ...Array.from({ length: 72 }, (_, i) => ({
            tenant_id: tenantId,
            vehicle_id: vehicleId,
            code: 'EDT',
            start_time: new Date(base + 1_000 + i * 1_000),
          })),
          {
            tenant_id: tenantId,
            vehicle_id: vehicleId,
            code: 'SDZ',
            start_time: new Date(base + 500),
            listed: false,
          },
        ])
        .execute();
      const page = (before?: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v2/event/get_all',
          headers: h(operator),
          payload: { from: base, to: base + 3_600_000, limit: 20, ...(before ? { before } : {}) },
        });
      const seen: { id: number; startTime: number; code: string }[] = [];
      let before: unknown;
      let pages = 0;
      for (;;) {
        const answer = await page(before);
        expect(answer.statusCode).toBe(200);
        const body = answer.json<{
          payload: { id: number; startTime: number; code: string }[];
          next: unknown;
        }>();
        seen.push(...body.payload);
        pages += 1;
        if (!body.next) break;
        before = body.next;
      }
      expect(pages).toBe(4);
      expect(seen).toHaveLength(75);
      expect(new Set(seen.map((e) => e.id)).size).toBe(75);
      expect(seen.some((e) => e.code === 'SDZ')).toBe(false);
      const order = seen.map((e) => [e.startTime, e.id]);
      expect(order).toEqual([...order].sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!));
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/get_all',
        headers: h(operator),
        payload: { from: base, to: base + 1, limit: 0 },
      });
      expect(bad.statusCode).toBe(400);
      await db
        .deleteFrom('events')
        .where('start_time', '<', new Date(base + 3_600_000))
        .execute();
    });

    it('refuses bad input with a message and writes nothing; views are enforced', async () => {
      const bad: [string, string, unknown][] = [
        ['POST', '/api/v2/event/get_all', { from: 'yesterday', to: 1 }],
        ['POST', '/api/v2/event/get_all', { from: 1e12, to: 2e12, codes: ['V\u0000'] }],
        ['POST', '/api/v2/event/acknowledge', { id: -1 }],
        ['POST', '/api/v2/event/acknowledge', { id: 1, comment: 'x'.repeat(501) }],
        ['PUT', '/api/rest/alerts/settings', { codes: [] }],
        [
          'PUT',
          '/api/rest/alerts/settings',
          { codes: [], thresholds: {}, groups: [], vehicles: [], extra: 1 },
        ],
      ];
      for (const [method, url, payload] of bad) {
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: h(url.includes('settings') ? admin : operator),
          payload: payload as object,
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
      }
      expect(await count('alert_settings')).toBe(0);
      const [event] = await events();
      expect(event!.ack_comment).toBe('Avisado al chofer');

      const forbidden: [string, string, unknown, { token: string; digest: string }][] = [
        ['GET', '/api/rest/alerts/settings', undefined, operator],
        ['PUT', '/api/rest/alerts/settings', {}, operator],
        ['GET', '/api/rest/alerts/recipients', undefined, operator],
        ['POST', '/api/v2/event/get_all', { from: t0, to: t0 + 1 }, viewer],
        ['POST', '/api/v2/event/acknowledge', { id: 1 }, viewer],
      ];
      for (const [method, url, payload, who] of forbidden) {
        const response = await ctx.app.inject({
          method: method as 'POST',
          url,
          headers: h(who),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(response.statusCode, url).toBe(403);
      }
    });

    it('settings: a code turned off is not raised; e-mail recipients get a mail', async () => {
      const got = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
      });
      expect(got.statusCode).toBe(200);
      const settings = got.json<AlertSettings>();
      expect(settings.codes.find((c) => c.code === 'V95')).toMatchObject({
        enabled: true,
        everyone: true,
        app: true,
      });
      expect(settings.codes.find((c) => c.code === 'V85')?.enabled).toBe(false);
      expect(settings.thresholds.idleMinutes).toBe(10);
      const otherTenantRole = await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
        payload: {
          ...settings,
          vehicles: [{ vehicleId: 999_999, speedLevels: [50], thresholds: {} }],
        },
      });
      expect(otherTenantRole.statusCode).toBe(404);
      expect(settings.zones).toEqual([]);
      const unknownZone = await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
        payload: { ...settings, zones: [{ zoneId: 999_999, speedLevels: [40] }] },
      });
      expect(unknownZone.statusCode).toBe(404);
      const badLevel = await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
        payload: { ...settings, zones: [{ zoneId: 1, speedLevels: [41] }] },
      });
      expect(badLevel.statusCode).toBe(400);
      // V95 by e-mail to the administrator only; DTS off.
      const next: AlertSettings = {
        ...settings,
        codes: settings.codes.map((c) =>
          c.code === 'V95'
            ? { ...c, everyone: false, users: [admin.iss], email: true }
            : c.code === 'DTS'
              ? { ...c, enabled: false }
              : c,
        ),
      };
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
        payload: next,
      });
      expect(put.statusCode).toBe(200);
      await ctx.app.services.alerts.cache.reloadTenant(
        (await ensureTenant(ctx.database.db, 'Transportes Demo')).id,
      );
      const mails = await count('mail_outbox');
      device.write(
        encodeCodec8eFrame([
          truckRecord(t0 + 300_000, { speedKmh: 100, lng: -58.38 }),
          truckRecord(t0 + 310_000, { speedKmh: 60, lng: -58.379 }),
        ]),
      );
      await expect.poll(() => adminSocket.added.length).toBe(3);
      await sleep(200);
      expect(operatorSocket.added).toHaveLength(2);
      expect(await count('mail_outbox')).toBe(mails + 1);
      const mail = await ctx.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.to_address).toContain('@');
      expect(mail.subject).toContain('AL001AA');
      expect(await ctx.app.services.alerts.detectSilences()).toBe(0);
    });

    it('DTS: one event per silence past the status’s T_off, told once', async () => {
      const put = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
      });
      const settings = put.json<AlertSettings>();
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: h(admin),
        payload: {
          ...settings,
          codes: settings.codes.map((c) => (c.code === 'DTS' ? { ...c, enabled: true } : c)),
        },
      });
      await ctx.app.services.alerts.cache.reloadAll();
      const silent = new DeviceSocket(ingest.teltonikaPort);
      await silent.ready();
      silent.write(encodeLogin(silentImei));
      await expect.poll(() => silent.bytes().length).toBe(1);
      const last = Date.now() - 20 * 60_000;
      silent.write(
        encodeCodec8eFrame([
          truckRecord(last - 20_000, { speedKmh: 50 }),
          truckRecord(last - 10_000, { speedKmh: 50, lng: -58.399 }),
          truckRecord(last, { speedKmh: 50, lng: -58.398 }),
        ]),
      );
      await expect.poll(() => silent.acks()).toEqual([3]);
      silent.end();
      await sleep(100);
      const before = operatorSocket.added.length;
      expect(await ctx.app.services.alerts.detectSilences()).toBe(1);
      await expect.poll(() => operatorSocket.added.length).toBe(before + 1);
      expect(operatorSocket.added.at(-1)!.payload).toMatchObject({
        code: 'DTS',
        plate: 'AL002AA',
        recordedat: new Date(last).toISOString(),
      });
      expect(await ctx.app.services.alerts.detectSilences()).toBe(0);
      await sleep(200);
      expect(operatorSocket.added).toHaveLength(before + 1);
      expect(strangerSocket.added).toHaveLength(0);
      operatorSocket.close();
      adminSocket.close();
      strangerSocket.close();
      device.end();
    });
  });
}
