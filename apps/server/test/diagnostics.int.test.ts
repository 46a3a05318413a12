// Fault diagnostics (issue 15, docs/decisions/0026): real Teltonika frames carrying DM1 reports
// (IO 10493) go through the ingest listener, the default detector chain and the real sinks — a
// red-stop-lamp fault is stored as one episode with odometer, hours and place at open and close,
// and raises one FCR event through the alert engine — then the diagnostics routes list it
// (filters, languages, 400s on bad input, another tenant's vehicles refused or not found).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  initialDeviceState,
  step,
  type AvlIoInput,
  type DeviceState,
  type FaultFact,
  type Position,
} from '@rumbo/telematics';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { faultsSink } from '../src/pipeline/sinks/faults.sink.js';
import { defaultSinks } from '../src/pipeline/sinks/index.js';
import { FAST_PIPELINE, addTruck, eventsOf } from './api.js';
import {
  loginDevice,
  sendFrames,
  truckRecord,
  reloadFleetAndOpenIngest,
} from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends } from './harness.js';

const HOUR = 3_600_000;
/** DM1 data field: lamps 0x10 (red stop on), flash 0xFF, SPN 100 (0x64) FMI 1 OC 1. */
const OIL_RED = Uint8Array.from([0x10, 0xff, 0x64, 0x00, 0x01, 0x01]);
/** SPN 1761 (0x06E1) FMI 18 with the amber lamp: lamps 0x04, DTC E1 06 12 01. */
const ADBLUE_AMBER = Uint8Array.from([0x04, 0xff, 0xe1, 0x06, 0x12, 0x01]);

for (const backend of testBackends()) {
  describe(`fault diagnostics (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let headers: Record<string, string>;
    let vehicleId: number;
    let otherVehicle: number;
    let groupId: number;
    const imei = '359000000015001';
    const t0 = Date.now() - 6 * HOUR;

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: FAST_PIPELINE });
      const db = ctx.database.db;
      ({ vehicleId } = await addTruck(db, imei, 'DTC001'));
      const group = await db
        .insertInto('vehicle_groups')
        .values({ tenant_id: (await tenantOf(vehicleId)).tenant_id, name: 'Diagnóstico' })
        .returning('id')
        .executeTakeFirstOrThrow();
      groupId = group.id;
      await db
        .updateTable('vehicles')
        .set({ group_id: groupId })
        .where('id', '=', vehicleId)
        .execute();
      ({ vehicleId: otherVehicle } = await addTruck(db, '359000000015002', 'OTRA015', {
        tenant: 'Otra Empresa',
      }));
      ingest = await reloadFleetAndOpenIngest(ctx);
      const session = await signInHeaders(ctx.app);
      headers = { token: session.token, digest: session.digest };
    }, 180_000);
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const tenantOf = (id: number) =>
      ctx.database.db
        .selectFrom('vehicles')
        .select('tenant_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const faults = (id: number) =>
      ctx.database.db
        .selectFrom('faults')
        .selectAll()
        .where('vehicle_id', '=', id)
        .orderBy('start_time')
        .execute();

    it('stores a red-stop fault from real frames as one episode and raises one FCR', async () => {
      type Rec = ReturnType<typeof truckRecord>;
      const records: Rec[] = [];
      let t = t0;
      let lng = -58.4;
      let odometerM = 500_000_000;
      const add = (dm1: AvlIoInput | undefined, speedKmh = 60) => {
        const base = truckRecord(t, { speedKmh, lng, odometerM });
        const io = [...(base.io ?? []), { id: 104, group: 4 as const, value: 12_000 }];
        if (dm1) io.push(dm1);
        records.push({ ...base, io });
        t += 60_000;
        lng += (speedKmh / 3.6) * 60 * 1e-5;
        odometerM += (speedKmh / 3.6) * 60;
      };
      for (let i = 0; i < 10; i++) add({ id: 10493, group: 4, value: 0 }); // healthy
      for (let i = 0; i < 20; i++) add({ id: 10493, group: 'X', value: OIL_RED }); // 20 min fault
      for (let i = 0; i < 10; i++) add({ id: 10493, group: 4, value: 0 }); // cleared

      const device = await loginDevice(ingest.teltonikaPort, imei);
      await sendFrames(device, records, 20);
      await expect.poll(async () => (await faults(vehicleId)).length, { timeout: 30_000 }).toBe(1);
      await expect
        .poll(async () => (await faults(vehicleId))[0]!.end_time !== null, { timeout: 30_000 })
        .toBe(true);
      const [episode] = await faults(vehicleId);
      expect(episode).toMatchObject({
        source: 'j1939',
        code: 'SPN 100 / FMI 1',
        spn: 100,
        fmi: 1,
        severity: 'critical',
        red_stop: true,
        amber: false,
        end_reason: 'absent',
      });
      // Opened at the 11th record (10 min in), closed at the first report without it (30 min).
      expect(new Date(episode!.start_time).getTime()).toBe(t0 + 10 * 60_000);
      expect(new Date(episode!.end_time!).getTime()).toBe(t0 + 30 * 60_000);
      expect(Number(episode!.start_odometer_m)).toBe(500_000_000 + 10 * 1000);
      expect(Number(episode!.end_odometer_m)).toBe(500_000_000 + 30 * 1000);
      expect(Number(episode!.start_engine_hours)).toBe(12_000);
      expect(episode!.start_lng).toBeLessThan(episode!.end_lng!);

      const fcr = () => eventsOf(ctx.database.db, vehicleId, 'FCR');
      await expect.poll(async () => (await fcr()).length, { timeout: 30_000 }).toBe(1);
      const [event] = await fcr();
      expect(new Date(event!.start_time).getTime()).toBe(t0 + 10 * 60_000);
      expect(JSON.stringify(event!.data)).toContain('SPN 100 / FMI 1');
      // The alert engine tells the tenant's users (the demo user among them), once.
      const notified = () =>
        ctx.database.db
          .selectFrom('notifications')
          .select(['user_id', 'plate'])
          .where('vehicle_id', '=', vehicleId)
          .where('code', '=', 'FCR')
          .execute();
      await expect
        .poll(async () => (await notified()).length, { timeout: 30_000 })
        .toBeGreaterThan(0);
      const users = (await notified()).map((n) => n.user_id);
      expect(new Set(users).size).toBe(users.length);
    });

    it('keeps one episode through a late-record recompute that finds it again later', async () => {
      // A recompute deletes from a trip end and replays with a fresh detector: an episode open
      // since before that point comes back with a later start. The sink continues the open row.
      const db = ctx.database.db;
      const { tenant_id: tenantId } = await tenantOf(otherVehicle);
      const tag = { vehicleId: otherVehicle, tenantId };
      const T = t0 - 5 * HOUR;
      const fact = (startMs: number, atMs: number, endMs?: number): FaultFact => ({
        type: 'fault',
        atMs,
        source: 'j1939',
        code: 'SPN 3251 / FMI 16',
        spn: 3251,
        fmi: 16,
        start: { timeMs: startMs, odometerM: 1_000 },
        lastSeenMs: atMs,
        lamps: { mil: false, redStop: false, amber: true, protect: false },
        severity: 'warning',
        ...(endMs === undefined ? {} : { end: { timeMs: endMs }, endReason: 'absent' as const }),
      });
      const write = (facts: FaultFact[]) =>
        db.transaction().execute((trx) =>
          faultsSink.write(
            trx,
            facts.map((f) => faultsSink.collect(tag, f)!),
          ),
        );
      const rows = () =>
        db
          .selectFrom('faults')
          .select(['start_time', 'end_time', 'start_odometer_m'])
          .where('vehicle_id', '=', otherVehicle)
          .where('code', '=', 'SPN 3251 / FMI 16')
          .execute();
      await write([fact(T, T)]); // live: opened at T
      // A recompute from T + 1 h: nothing of this episode started after it; the replay (fresh
      // detector) sees the code at T + 2 h and later closes it at T + 3 h.
      await db.transaction().execute((trx) => faultsSink.deleteRange(trx, otherVehicle, T + HOUR));
      await write([
        fact(T + 2 * HOUR, T + 2 * HOUR),
        fact(T + 2 * HOUR, T + 3 * HOUR, T + 3 * HOUR),
      ]);
      let got = await rows();
      expect(got).toHaveLength(1);
      expect(new Date(got[0]!.start_time).getTime()).toBe(T);
      expect(new Date(got[0]!.end_time!).getTime()).toBe(T + 3 * HOUR);
      // Another recompute from T + 2.5 h reopens it (closed after that point) until the replay
      // closes it again.
      await db
        .transaction()
        .execute((trx) => faultsSink.deleteRange(trx, otherVehicle, T + 2.5 * HOUR));
      got = await rows();
      expect(got).toHaveLength(1);
      expect(got[0]!.end_time).toBeNull();
      expect(faultsSink.covers(fact(T, T + 3 * HOUR, T + 3 * HOUR), T + 2.5 * HOUR)).toBe(true);
      expect(faultsSink.covers(fact(T, T), T + 2.5 * HOUR)).toBe(false);
      await write([fact(T + 2.6 * HOUR, T + 3 * HOUR, T + 3 * HOUR)]);
      got = await rows();
      expect(got).toHaveLength(1);
      expect(new Date(got[0]!.start_time).getTime()).toBe(T);
      expect(Number(got[0]!.start_odometer_m)).toBe(1_000);
      expect(got[0]!.end_time).not.toBeNull();
      // Clean up: the other tenant's list test counts only its own faults.
      await db.deleteFrom('faults').where('code', '=', 'SPN 3251 / FMI 16').execute();
    });

    /** Steps records through the default chain and stores the facts through the real sinks. */
    async function store(vehicle: number, positions: Position[]) {
      const { tenant_id: tenantId } = await tenantOf(vehicle);
      const sinks = defaultSinks();
      const rows = sinks.empty();
      let state: DeviceState = initialDeviceState();
      for (const p of positions) {
        const r = step(state, p);
        state = r.state;
        for (const f of r.facts) sinks.collect(rows, { vehicleId: vehicle, tenantId }, f);
      }
      await ctx.database.db.transaction().execute((trx) => sinks.write(trx, [rows]));
    }

    const position = (i: number, dtcs: Position['dtcs']): Position => ({
      deviceId: 'x',
      fixTimeMs: t0 + HOUR + i * 60_000,
      lat: -34.6,
      lng: -58.4 + i * 0.01,
      speedKmh: 60,
      satellites: 10,
      ignition: true,
      dtcs,
      attributes: {},
    });

    const get = (url: string, language = 'es') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/rest/diagnostics/${url}`,
        headers: { ...headers, 'accept-language': language },
      });
    const period = () => `from=${t0 - HOUR}&to=${Date.now() + HOUR}`;

    it('lists the fleet’s episodes with the code as mechanics read it, described in the caller’s language', async () => {
      // An open amber AdBlue fault on the same truck, and a fault on another tenant's truck.
      const amber = { mil: false, redStop: false, amber: true, protect: false };
      await store(
        vehicleId,
        Array.from({ length: 5 }, (_, i) =>
          position(i, [{ standard: 'j1939', spn: 1761, fmi: 18, occurrences: 1, lamps: amber }]),
        ),
      );
      await store(otherVehicle, [position(0, [{ standard: 'obd', code: 'P0217' }])]);
      expect(ADBLUE_AMBER.length).toBe(6);

      const es = await get(`faults?${period()}`);
      expect(es.statusCode).toBe(200);
      const body = es.json<{ faults: Record<string, unknown>[]; truncated: boolean }>();
      expect(body.truncated).toBe(false);
      expect(body.faults.map((f) => [f.code, f.severity, f.open, f.plate])).toEqual([
        ['SPN 1761 / FMI 18', 'warning', true, 'DTC001'],
        ['SPN 100 / FMI 1', 'critical', false, 'DTC001'],
      ]);
      expect(body.faults[1]!.description).toBe(
        'Presión de aceite del motor: dato válido pero por debajo del rango normal (nivel más grave)',
      );
      expect(body.faults[1]!.start).toMatchObject({ odometerKm: 500_010, engineHours: 12_000 });
      const en = (await get(`faults?${period()}`, 'en')).json<{
        faults: { description: string }[];
      }>();
      expect(en.faults[0]!.description).toBe(
        'Aftertreatment 1 DEF (AdBlue) tank level: data valid but below normal operating range (moderately severe level)',
      );
    });

    it('filters by severity, open or closed, vehicle and group', async () => {
      const codes = async (query: string) =>
        (await get(`faults?${period()}&${query}`))
          .json<{ faults: { code: string }[] }>()
          .faults.map((f) => f.code);
      expect(await codes('severity[]=critical')).toEqual(['SPN 100 / FMI 1']);
      expect(await codes('severity=warning&severity=emissions')).toEqual(['SPN 1761 / FMI 18']);
      expect(await codes('status=open')).toEqual(['SPN 1761 / FMI 18']);
      expect(await codes('status=closed')).toEqual(['SPN 100 / FMI 1']);
      expect(await codes(`vids[]=${vehicleId}`)).toHaveLength(2);
      expect(await codes(`gids[]=${groupId}&status=closed`)).toEqual(['SPN 100 / FMI 1']);
      // A period before every episode.
      const before = await get(`faults?from=${t0 - 3 * HOUR}&to=${t0 - 2 * HOUR}`);
      expect(before.json<{ faults: unknown[] }>().faults).toEqual([]);
    });

    it('answers one vehicle’s timeline, and 404 for another tenant’s vehicle', async () => {
      const own = await get(`vehicles/${vehicleId}/faults?${period()}`);
      expect(own.statusCode).toBe(200);
      expect(own.json<{ faults: unknown[] }>().faults).toHaveLength(2);
      expect((await get(`vehicles/${otherVehicle}/faults?${period()}`)).statusCode).toBe(404);
      expect((await get(`vehicles/99999999/faults?${period()}`)).statusCode).toBe(404);
    });

    it('refuses bad input with a 400 in the caller’s language, and another tenant’s vehicle or group', async () => {
      const cases = [
        `faults?from=${t0}&to=${t0 - 1}`,
        `faults?from=${t0}`,
        `faults?${period()}&severity=fatal`,
        `faults?${period()}&status=maybe`,
        `faults?${period()}&vids[]=abc`,
        `faults?${period()}&unknown=1`,
        `faults?from=${t0 - 400 * 24 * HOUR}&to=${t0}`,
        `faults?${period()}&vids[]=${otherVehicle}`,
        `faults?${period()}&gids[]=99999999`,
        `vehicles/abc/faults?${period()}`,
        `vehicles/${vehicleId}/faults?from=x&to=y`,
      ];
      for (const url of cases) {
        const es = await get(url);
        expect(es.statusCode, url).toBe(400);
      }
      const en = await get(`faults?from=${t0}&to=${t0 - 1}`, 'en');
      expect(en.body).toContain('the end must be after the start');
      const es = await get(`faults?${period()}&vids[]=${otherVehicle}`);
      expect(es.statusCode).toBe(400);
      expect(es.body).not.toContain('OTRA015');
      // Unauthenticated.
      const anonymous = await ctx.app.inject({
        method: 'GET',
        url: `/api/rest/diagnostics/faults?${period()}`,
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });
}
