import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTenant } from '../src/modules/tenants/tenants.repository.js';
import { testBackends } from './harness.js';
import { h, startAlertsApp, type AlertsApp } from './alerts-fixture.js';

// The alert catalogue, the alert list (pages, codes, tenants) and bad input; the live side is in
// alerts.int.test.ts.
for (const backend of testBackends()) {
  describe(`alerts: catalogue, list, bad input (${backend})`, () => {
    let app: AlertsApp;
    let ctx: AlertsApp['ctx'];
    let vehicleId: number;
    let operator: AlertsApp['operator'];
    let admin: AlertsApp['admin'];
    let viewer: AlertsApp['viewer'];
    let stranger: AlertsApp['stranger'];
    const t0 = Date.now() - 10 * 60_000;

    beforeAll(async () => {
      app = await startAlertsApp(backend);
      ({ ctx, vehicleId, operator, admin, viewer, stranger } = app);
      // Two closed V95 episodes of AL001AA, the first acknowledged with a comment (as the live
      // tests leave them).
      const tenantId = (await ensureTenant(ctx.database.db, 'Transportes Demo')).id;
      const episode = (from: number, to: number, value: number) => ({
        tenant_id: tenantId,
        vehicle_id: vehicleId,
        code: 'V95',
        start_time: new Date(t0 + from),
        end_time: new Date(t0 + to),
        value,
      });
      await ctx.database.db
        .insertInto('events')
        .values([
          {
            ...episode(30_000, 50_000, 120),
            ack_comment: 'Avisado al chofer',
            acknowledged_by: operator.iss,
            acknowledged_at: new Date(),
          },
          episode(120_000, 130_000, 100),
        ])
        .execute();
    }, 180_000);
    afterAll(() => app?.close());

    const events = () => app.events();
    const count = (table: Parameters<AlertsApp['count']>[0]) => app.count(table);

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
      expect(body.types).toHaveLength(45); // 42 + DTB, DTD, DTI (issue 26, migration 0025)
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
  });
}
