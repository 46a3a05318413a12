import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { DriverDrivingTimesDto, DrivingTimesListDto, Notification } from '@rumbo/contracts';
import type { AvlRecordInput } from '@rumbo/telematics';
import { ensureTenant } from '../src/modules/tenants/tenants.repository.js';
import { addTruck } from './api.js';
import { listenOnFreePort, signInHeaders, testApp, testBackends } from './harness.js';
import {
  loginDevice,
  reloadFleetAndOpenIngest,
  sendFrames,
  truckRecord,
} from './ingest-helpers.js';

// Issue 26's integration test: a truck drives through the real Teltonika port with its tachograph's
// working state (IO 184 = 3, drive) and a driver card (IO 195/196) for 4 h 20 min of records, one a
// minute, ending now. The driving-times call answers the remaining times a hand computation gives,
// and one `DTB` (break due in 15 min: 4 h 15 of driving) reaches /api/ws, once.

const IMEI = '359000000026001';
const CARD = 'E26000000000DT01';
const H = 3_600_000;

/** A record of the truck driving with the card in slot 1. */
function driving(timestampMs: number, i: number): AvlRecordInput {
  const r = truckRecord(timestampMs, {
    speedKmh: 80,
    lng: -58.4 + i * 1e-3,
    odometerM: 500_000_000 + i * 1333,
  });
  const tachograph = [
    { id: 184, group: 1, value: 3 },
    { id: 187, group: 1, value: 1 },
    { id: 195, group: 8, value: Buffer.from(CARD.slice(0, 8)) },
    { id: 196, group: 8, value: Buffer.from(CARD.slice(8)) },
  ] as const;
  return { ...r, io: [...(r.io ?? []), ...tachograph] };
}

/** Monday 00:00 UTC of the week of `ms` (EU 561/2006's fixed week, the default rule set in UTC). */
function weekStart(ms: number): number {
  const d = new Date(ms);
  const day = (d.getUTCDay() + 6) % 7;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
}

for (const backend of testBackends()) {
  describe(`driving times through the Teltonika port (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let close: () => Promise<void>;
    let port: number;
    let teltonikaPort: number;
    let driverId: number;
    let vehicleId: number;
    let admin: Awaited<ReturnType<typeof signInHeaders>>;

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5 } });
      const db = ctx.database.db;
      ({ vehicleId } = await addTruck(db, IMEI, 'DT026AA'));
      const tenant = await ensureTenant(db, 'Transportes Demo');
      ({ id: driverId } = await db
        .insertInto('drivers')
        .values({ tenant_id: tenant.id, nombre: 'Lucía', apellido: 'Tacógrafo', code: CARD })
        .returning('id')
        .executeTakeFirstOrThrow());
      const ingest = await reloadFleetAndOpenIngest(ctx);
      teltonikaPort = ingest.teltonikaPort;
      port = await listenOnFreePort(ctx);
      admin = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
      close = async () => {
        await ingest.close();
        await ctx.close();
      };
    }, 180_000);
    afterAll(() => close?.());

    it('answers the hand-computed driving left and tells one DTB on /api/ws', async () => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
      const statuses: string[] = [];
      const alerts: Notification[] = [];
      const updates: DriverDrivingTimesDto[] = [];
      socket.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as {
          type?: string;
          status?: string;
          mutation?: string;
          payload?: unknown;
        };
        if (m.type === 'Status' && m.status) statuses.push(m.status);
        if (m.mutation === 'notifications/add') alerts.push(m.payload as Notification);
        if (m.mutation === 'drivingTimes/update') updates.push(m.payload as DriverDrivingTimesDto);
      });
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify({ token: admin.token, digest: admin.digest }));
      await expect.poll(() => statuses).toContain('Ok');

      // 4 h 20 min of driving, one record a minute, the last one now.
      const t0 = Math.floor(Date.now() / 1000) * 1000 - 4 * H - 20 * 60_000;
      const records = Array.from({ length: 261 }, (_, i) => driving(t0 + i * 60_000, i));
      const device = await loginDevice(teltonikaPort, IMEI);
      await sendFrames(device, records.slice(0, -1), 30);
      // The last one as a live device sends it, after the pipeline's state write interval (15 s):
      // the truck's stored last record is where an open interval is known to last until.
      await new Promise((resolve) => setTimeout(resolve, 15_500));
      await sendFrames(device, records.slice(-1));

      // Exactly one DTB, for the truck, with the driver's card.
      await expect
        .poll(() => alerts.filter((a) => a.code === 'DTB').length, { timeout: 10_000 })
        .toBe(1);
      const dtb = alerts.find((a) => a.code === 'DTB')!;
      expect(dtb).toMatchObject({ plate: 'DT026AA', codigoChofer: CARD });
      // It starts where 4 h 15 of driving were reached.
      expect(Date.parse(dtb.recordedat)).toBe(t0 + 4 * H + 15 * 60_000);
      const stored = await ctx.database.db
        .selectFrom('events')
        .select(['code', 'vehicle_id'])
        .where('code', 'in', ['DTB', 'DTD', 'DTI'])
        .execute();
      expect(stored).toEqual([{ code: 'DTB', vehicle_id: vehicleId }]);
      // The live list's row reached the socket too.
      await expect
        .poll(() => updates.some((u) => u.codigo === CARD && u.activity === 'drive'))
        .toBe(true);

      // The hand computation: driving since t0 until the call (the open interval runs to now).
      const before = Date.now();
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v2/driving-times',
        headers: { token: admin.token, digest: admin.digest },
      });
      const after = Date.now();
      expect(res.statusCode).toBe(200);
      const list = res.json<DrivingTimesListDto>();
      expect(list.ruleSet.id).toBeTruthy();
      const row = list.drivers.find((d) => d.codigo === CARD)!;
      expect(row).toMatchObject({
        driverId,
        nombre: 'Lucía Tacógrafo',
        idvehiculo: vehicleId,
        plate: 'DT026AA',
        activity: 'drive',
        activitySince: new Date(t0).toISOString(),
      });
      const drivenMin = (before - t0) / 1000;
      const drivenMax = (after - t0) / 1000;
      const within = (value: number, limitS: number, drivenAlready = 0) => {
        expect(value).toBeGreaterThanOrEqual(limitS - drivenMax - drivenAlready - 1);
        expect(value).toBeLessThanOrEqual(limitS - drivenMin - drivenAlready + 1);
      };
      within(row.drivingLeft.breakS, 4.5 * 3600); // 4 h 30 continuous
      within(row.drivingLeft.dayS, 10 * 3600); // an extended day is left: 10 h
      // The week counts from Monday 00:00 UTC (a run just after it leaves part of the drive in last week).
      const lastWeekS = Math.max(0, weekStart(before) - t0) / 1000;
      within(row.drivingLeft.weekS + lastWeekS, 56 * 3600);
      within(row.drivingLeft.fortnightS, 90 * 3600);
      expect(Date.parse(row.nextBreakDue!)).toBeGreaterThanOrEqual(t0 + 4.5 * H - 1000);
      expect(Date.parse(row.nextBreakDue!)).toBeLessThanOrEqual(
        t0 + 4.5 * H + (after - before) + 1000,
      );
      socket.close();
      device.end();
    }, 120_000);

    it('answers 400 in the caller’s language for a period that ends before it starts', async () => {
      const headers = { token: admin.token, digest: admin.digest };
      const es = await ctx.app.inject({
        method: 'GET',
        url: '/api/v2/driving-times/infringements/2000/1000',
        headers: { ...headers, 'accept-language': 'es' },
      });
      const en = await ctx.app.inject({
        method: 'GET',
        url: '/api/v2/driving-times/infringements/2000/1000',
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(es.statusCode).toBe(400);
      expect(en.statusCode).toBe(400);
      expect(en.json<{ message: string }>().message).not.toBe(
        es.json<{ message: string }>().message,
      );
    });
  });
}
