// Maintenance (issue 15): plans, forecast from the daily rollups, additional maintenance, services
// with attachments (type by bytes, size), re-anchoring, tenant isolation, 400s that write nothing,
// and the job's MNP / MNV told once per item and state through the alert dispatcher.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdditionalMaintenance,
  AlertSettings,
  ForecastRow,
  MaintenancePlan,
  MaintenanceService,
} from '@rumbo/contracts';
import { maintenancePass } from '../src/modules/maintenance/maintenance.service.js';
import { type Headers, addTruck, apiCaller, countRows, tenantIdOf } from './api.js';
import type { testApp } from './harness.js';
import { testBackends } from './harness.js';
import { DAY, setUpMaintenance, today } from './maintenance-fixture.js';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

for (const backend of testBackends()) {
  describe(`maintenance: /api/maintenance (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let admin: Headers;
    let outsider: Headers;
    let truck: number;
    let grouped: number;
    let foreign: number;
    let groupId: number;
    let plan: MaintenancePlan;

    const call = apiCaller(() => ctx.app, { prefix: '/api/maintenance', lang: 'es' });
    const forecast = async (h = admin) => (await call('GET', '/forecast', h)).json<ForecastRow[]>();
    const rowOf = async (itemName: string, vehicleId: number) =>
      (await forecast()).find((r) => r.name === itemName && r.vehicleId === vehicleId);
    const count = (table: string) => countRows(ctx.database.db, table);
    const upload = (serviceId: number, body: Buffer, type: string, headers = admin) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/maintenance/services/${serviceId}/attachments?name=factura.pdf`,
        headers: { ...headers, 'content-type': type, 'accept-language': 'en' },
        payload: body,
      });

    beforeAll(async () => {
      ({ ctx, admin, outsider, truck, grouped, foreign, groupId } =
        await setUpMaintenance(backend));
    });
    afterAll(() => ctx.close());

    it('creates a plan assigned to a vehicle and a group, anchored today on the counters now', async () => {
      const response = await call('POST', '/plans', admin, {
        name: 'Camión pesado',
        items: [
          {
            kind: 'oil',
            name: 'Aceite',
            intervalKm: 30_000,
            intervalHours: 500,
            intervalDays: 365,
          },
          { kind: 'inspection', name: 'VTV', intervalDays: 365 },
          { kind: 'brakes', name: 'Frenos', intervalKm: 11_000 },
        ],
        vehicleIds: [truck],
        groupIds: [groupId],
      });
      expect(response.statusCode, response.body).toBe(200);
      plan = response.json<MaintenancePlan>();
      expect(plan.items.map((i) => i.name)).toEqual(['Aceite', 'VTV', 'Frenos']);
      expect(await count('maintenance_anchors')).toBe(6);
      const rows = await forecast();
      expect(rows.filter((r) => r.source === 'plan')).toHaveLength(6);
      const oil = rows.find((r) => r.name === 'Aceite' && r.vehicleId === truck)!;
      // 400 km and 8 h a day (the 5 000 km day left out of the 28): 30 000 km = 75 days,
      // 500 h = 62.5 days, 365 days: the hours win.
      expect(oil).toMatchObject({
        status: 'ok',
        axis: 'hours',
        remainingKm: 30_000,
        remainingHours: 500,
        lastDate: isoDay(today()),
        odometerKm: 100_000,
        serviceDistanceKm: 1_234,
        planName: 'Camión pesado',
      });
      expect(oil.kmPerDay).toBeCloseTo((27 * 400) / 28, 1);
      expect(oil.dueDate).toBe(isoDay(today() + 62 * DAY));
      expect(rows.find((r) => r.name === 'Aceite' && r.vehicleId === grouped)?.groupName).toBe(
        'Taller',
      );
    });

    it('is overdue on a service long ago, and marking it done re-anchors the item', async () => {
      const vtv = plan.items.find((i) => i.name === 'VTV')!;
      const old = await call('POST', '/services', admin, {
        vehicleId: truck,
        date: isoDay(today() - 400 * DAY),
        odometerKm: 50_000,
        itemIds: [vtv.id],
      });
      expect(old.statusCode, old.body).toBe(200);
      expect(await rowOf('VTV', truck)).toMatchObject({
        status: 'overdue',
        axis: 'days',
        remainingDays: -35,
        lastDate: isoDay(today() - 400 * DAY),
      });
      const done = await call('POST', '/services', admin, {
        vehicleId: truck,
        date: isoDay(today()),
        cost: 45_000,
        workshop: 'Taller Sur',
        notes: 'VTV aprobada',
        itemIds: [vtv.id],
      });
      expect(done.statusCode, done.body).toBe(200);
      const service = done.json<MaintenanceService>();
      // Without an odometer the counters now are taken.
      expect(service).toMatchObject({ odometerKm: 100_000, engineHours: 2_000, cost: 45_000 });
      expect(service.done).toEqual([{ source: 'plan', id: vtv.id, name: 'VTV' }]);
      expect(await rowOf('VTV', truck)).toMatchObject({
        status: 'ok',
        remainingDays: 365,
        lastDate: isoDay(today()),
      });
      // Deleting the service falls back to the one before.
      expect((await call('DELETE', `/services/${service.id}`, admin)).statusCode).toBe(200);
      expect((await rowOf('VTV', truck))?.status).toBe('overdue');
    });

    it('is due soon with 10 % of an interval left', async () => {
      const brakes = plan.items.find((i) => i.name === 'Frenos')!;
      await call('POST', '/services', admin, {
        vehicleId: grouped,
        date: isoDay(today() - 20 * DAY),
        odometerKm: 90_000,
        itemIds: [brakes.id],
      });
      // 1 000 of 11 000 km left.
      expect(await rowOf('Frenos', grouped)).toMatchObject({
        status: 'due_soon',
        axis: 'km',
        remainingKm: 1_000,
      });
    });

    it('keeps additional maintenance: create, edit, list, done by a service, delete', async () => {
      const created = await call('POST', '/additional', admin, {
        vehicleId: truck,
        name: 'Cambiar espejo',
        dueDate: isoDay(today() + 5 * DAY),
      });
      expect(created.statusCode, created.body).toBe(200);
      const extra = created.json<AdditionalMaintenance>();
      expect((await rowOf('Cambiar espejo', truck))?.status).toBe('due_soon');
      const edited = await call('PUT', `/additional/${extra.id}`, admin, {
        vehicleId: truck,
        kind: 'other',
        name: 'Cambiar espejo izquierdo',
        dueDate: isoDay(today() + 60 * DAY),
        notes: 'pedido',
      });
      expect(edited.json<AdditionalMaintenance>()).toMatchObject({
        name: 'Cambiar espejo izquierdo',
        notes: 'pedido',
      });
      expect(await rowOf('Cambiar espejo izquierdo', truck)).toMatchObject({
        status: 'ok',
        dueDate: isoDay(today() + 60 * DAY),
      });
      const done = await call('POST', '/services', admin, {
        vehicleId: truck,
        date: isoDay(today()),
        additionalIds: [extra.id],
      });
      expect(done.json<MaintenanceService>().done).toEqual([
        { source: 'additional', id: extra.id, name: 'Cambiar espejo izquierdo' },
      ]);
      expect(await rowOf('Cambiar espejo izquierdo', truck)).toBeUndefined();
      const listed = (await call('GET', '/additional', admin)).json<AdditionalMaintenance[]>();
      expect(listed.find((a) => a.id === extra.id)?.doneDate).toBe(isoDay(today()));
      expect((await call('DELETE', `/additional/${extra.id}`, admin)).statusCode).toBe(200);
      expect((await call('DELETE', `/additional/${extra.id}`, admin)).statusCode).toBe(404);
    });

    it('takes PDF, JPEG and PNG attachments by their bytes, refuses others and big ones', async () => {
      const service = (
        await call('POST', '/services', admin, {
          vehicleId: truck,
          date: isoDay(today() - DAY),
          workshop: 'Taller Norte',
        })
      ).json<MaintenanceService>();
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
      const ok = await upload(service.id, pdf, 'application/pdf');
      expect(ok.statusCode, ok.body).toBe(200);
      const attachment = ok.json<{ id: number; mime: string; size: number }>();
      expect(attachment).toMatchObject({ mime: 'application/pdf', size: pdf.length });
      const before = await count('maintenance_attachments');
      // A text file named and typed as a PDF.
      const fake = await upload(service.id, Buffer.from('not a pdf at all'), 'application/pdf');
      expect(fake.statusCode).toBe(415);
      expect(fake.json<{ message: string }>().message).toBeTruthy();
      const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]);
      expect((await upload(service.id, big, 'application/pdf')).statusCode).toBe(413);
      expect((await upload(service.id, pdf, 'text/plain')).statusCode).toBe(415);
      expect(await count('maintenance_attachments')).toBe(before);
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/maintenance/attachments/${attachment.id}`,
        headers: admin,
      });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.rawPayload.equals(pdf)).toBe(true);
      const listed = (await call('GET', `/services?vehicleId=${truck}`, admin)).json<
        MaintenanceService[]
      >();
      expect(listed.find((s) => s.id === service.id)?.attachments).toHaveLength(1);
      // Another tenant sees none of it.
      const theirs = await ctx.app.inject({
        method: 'GET',
        url: `/api/maintenance/attachments/${attachment.id}`,
        headers: outsider,
      });
      expect(theirs.statusCode).toBe(404);
      expect((await upload(service.id, pdf, 'application/pdf', outsider)).statusCode).toBe(404);
    });

    it('keeps tenants apart: another tenant’s ids are 404 and its lists are its own', async () => {
      expect(await forecast(outsider)).toEqual([]);
      expect((await call('GET', '/plans', outsider)).json()).toEqual([]);
      expect((await call('GET', '/services', outsider)).json()).toEqual([]);
      const body = { name: 'X', items: [{ kind: 'oil', name: 'X', intervalDays: 10 }] };
      expect((await call('PUT', `/plans/${plan.id}`, outsider, body)).statusCode).toBe(404);
      expect((await call('DELETE', `/plans/${plan.id}`, outsider)).statusCode).toBe(404);
      expect(
        (await call('POST', '/plans', outsider, { ...body, vehicleIds: [truck] })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/plans', admin, { ...body, vehicleIds: [foreign] })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/services', outsider, { vehicleId: truck, date: isoDay(today()) }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call('POST', '/services', outsider, {
            vehicleId: foreign,
            date: isoDay(today()),
            itemIds: [plan.items[0]!.id],
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/additional', outsider, { vehicleId: truck, name: 'x', dueKm: 1 }))
          .statusCode,
      ).toBe(404);
      expect(await count('maintenance_plans')).toBe(1);
    });

    it('answers 400 in the caller’s language to bad input and writes nothing', async () => {
      const tables = [
        'maintenance_plans',
        'maintenance_items',
        'maintenance_services',
        'maintenance_additional',
      ];
      const before = await Promise.all(tables.map(count));
      const bad: [string, string, object][] = [
        ['POST', '/plans', { name: 'X', items: [{ kind: 'oil', name: 'Aceite' }] }],
        ['POST', '/plans', { name: 'X', items: [] }],
        ['POST', '/plans', { name: '', items: [{ kind: 'oil', name: 'A', intervalKm: 10 }] }],
        ['POST', '/plans', { name: 'X', items: [{ kind: 'car', name: 'A', intervalKm: 10 }] }],
        ['POST', '/plans', { name: 'X', items: [{ kind: 'oil', name: 'A', intervalKm: -5 }] }],
        ['POST', '/plans', { name: 'X', items: [{ kind: 'oil', name: 'A', intervalDays: 1.5 }] }],
        [
          'PUT',
          `/plans/${plan.id}`,
          { name: 'X', items: [{ id: 999_999, kind: 'oil', name: 'A', intervalKm: 10 }] },
        ],
        ['POST', '/additional', { vehicleId: truck, name: 'Sin fecha' }],
        ['POST', '/additional', { vehicleId: truck, name: 'X', dueDate: '2026-02-30' }],
        ['POST', '/services', { vehicleId: truck, date: 'ayer' }],
        ['POST', '/services', { vehicleId: truck, date: isoDay(today() + 10 * DAY) }],
        ['POST', '/services', { vehicleId: truck, date: isoDay(today()), cost: -1 }],
        ['POST', '/services', { vehicleId: truck, date: isoDay(today()), extra: 1 }],
      ];
      for (const [method, url, payload] of bad) {
        const es = await call(method as 'POST', url, admin, payload, 'es');
        expect(es.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
        const en = await call(method as 'POST', url, admin, payload, 'en');
        expect(en.json<{ message: string }>().message).not.toBe(
          es.json<{ message: string }>().message,
        );
      }
      expect(await Promise.all(tables.map(count))).toEqual(before);
      expect((await call('GET', '/services?vehicleId=abc', admin)).statusCode).toBe(400);
      expect((await call('DELETE', '/plans/0', admin)).statusCode).toBe(400);
    });

    it('the job raises MNV and MNP once per item and state, told to the tenant’s users', async () => {
      // Both codes on for everyone.
      const settings = (
        await ctx.app.inject({ method: 'GET', url: '/api/rest/alerts/settings', headers: admin })
      ).json<AlertSettings>();
      const put = await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: admin,
        payload: {
          ...settings,
          codes: settings.codes.map((c) =>
            c.code === 'MNP' || c.code === 'MNV' ? { ...c, enabled: true, everyone: true } : c,
          ),
        },
      });
      expect(put.statusCode, put.body).toBe(200);
      await ctx.app.services.alerts.cache.reloadAll();
      const notices = await maintenancePass({ db: ctx.database.db });
      const told = notices.map((n) => `${n.code} ${n.vehicleId} ${n.data['maintenance']}`).sort();
      expect(told).toEqual([`MNP ${grouped} Frenos`, `MNV ${truck} VTV`].sort());
      expect(await maintenancePass({ db: ctx.database.db })).toEqual([]);
      const events = await sql<{ code: string; vehicle_id: number }>`
        select code, vehicle_id from events where code in ('MNP', 'MNV')`.execute(ctx.database.db);
      expect(events.rows).toHaveLength(2);
      await ctx.app.services.alerts.dispatcher.dispatch(
        notices.map((n) => ({
          tenantId: n.tenantId,
          vehicleId: n.vehicleId,
          fact: { type: 'event' as const, code: n.code, startTimeMs: n.startTimeMs, data: n.data },
        })),
      );
      const notified = await sql<{ code: string }>`
        select distinct code from notifications where code in ('MNP', 'MNV')`.execute(
        ctx.database.db,
      );
      expect(notified.rows.map((r) => r.code).sort()).toEqual(['MNP', 'MNV']);
      // Done again: the item is ok, then overdue again later would be a new anchor (told anew).
      const vtv = plan.items.find((i) => i.name === 'VTV')!;
      await call('POST', '/services', admin, {
        vehicleId: truck,
        date: isoDay(today() - 360 * DAY),
        itemIds: [vtv.id],
      });
      const again = await maintenancePass({ db: ctx.database.db });
      expect(again.map((n) => `${n.code} ${n.data['maintenance']}`)).toEqual(['MNP VTV']);
    });

    it('tracks odometer resets as an offset between passes', async () => {
      await ctx.database.db
        .updateTable('vehicle_state')
        .set({ odometer_km: 300, fix_time: new Date() })
        .where('vehicle_id', '=', truck)
        .execute();
      await maintenancePass({ db: ctx.database.db });
      expect((await rowOf('Aceite', truck))?.odometerKm).toBe(100_300);
    });

    it('anchors a vehicle that joins a group on its first reading, and the job stores its rates', async () => {
      const db = ctx.database.db;
      const late = (await addTruck(db, '350000000000904', 'MNT004')).vehicleId;
      await db.updateTable('vehicles').set({ group_id: groupId }).where('id', '=', late).execute();
      await maintenancePass({ db });
      // Anchored today without counters: the km axis waits for a reading.
      expect((await rowOf('Frenos', late))?.axis).toBeNull();
      const tenantId = await tenantIdOf(db, late);
      await db
        .insertInto('vehicle_state')
        .values({
          vehicle_id: late,
          tenant_id: tenantId,
          fix_time: new Date(),
          status: 'moving',
          odometer_km: 5_000,
          updated_at: new Date(),
        })
        .execute();
      // The request takes the first reading at once (the next pass writes it).
      expect(await rowOf('Frenos', late)).toMatchObject({
        axis: 'km',
        remainingKm: 11_000,
        lastOdometerKm: 5_000,
        kmPerDay: 0,
      });
      await maintenancePass({ db });
      const stored = await db
        .selectFrom('maintenance_counters')
        .select(['vehicle_id', 'km_per_day'])
        .where('vehicle_id', 'in', [truck, late])
        .execute();
      // The truck's rate is stored for today; the new vehicle has no usage, so none is stored.
      expect(stored.find((r) => r.vehicle_id === truck)?.km_per_day).toBeCloseTo(
        (27 * 400) / 28,
        1,
      );
      expect(stored.find((r) => r.vehicle_id === late)?.km_per_day).toBeNull();
      const anchor = await db
        .selectFrom('maintenance_anchors')
        .select('odometer_km')
        .where('vehicle_id', '=', late)
        .executeTakeFirstOrThrow();
      expect(anchor.odometer_km).toBe(5_000);
    });
  });
}
