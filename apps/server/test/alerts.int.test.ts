import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCodec8eFrame, encodeLogin } from '@rumbo/telematics';
import type { AlertSettings, Notification } from '@rumbo/contracts';
import { ensureTenant } from '../src/modules/tenants/tenants.repository.js';
import { DeviceSocket, truckRecord } from './ingest-helpers.js';
import { testBackends } from './harness.js';
import {
  ALERTS_IMEI as imei,
  alertSocket,
  h,
  SILENT_IMEI as silentImei,
  sleep,
  startAlertsApp,
  type AlertsApp,
} from './alerts-fixture.js';

// The live side of alerts: events from device frames, /api/ws notifications, settings, DTS.
// The catalogue, the list's pages and bad input are in alerts-list.int.test.ts.
for (const backend of testBackends()) {
  describe(`alerts: events, notifications on /api/ws, settings (${backend})`, () => {
    let app: AlertsApp;
    let ctx: AlertsApp['ctx'];
    let ingest: AlertsApp['ingest'];
    let port: number;
    let operator: AlertsApp['operator'];
    let admin: AlertsApp['admin'];
    let stranger: AlertsApp['stranger'];

    beforeAll(async () => {
      app = await startAlertsApp(backend);
      ({ ctx, ingest, port, operator, admin, stranger } = app);
    }, 180_000);
    afterAll(() => app?.close());

    const events = () => app.events();
    const count = (table: Parameters<AlertsApp['count']>[0]) => app.count(table);

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
