// Issue 21 item 3: every alert code the product can raise, stored with the data its detector
// really writes, goes through the alert list (`POST /v2/event/get_all`), the bell (`/api/ws`
// `notifications/add` and `GET /rest/notifications`) and the Excel export, each answer valid
// against its response schema. A `DDR` stored `data.route` as a number and broke the list.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ALERT_CODES,
  alertTypesAnswer,
  defaultAlertSettings,
  eventsAnswer,
  notificationListAnswer,
  notificationSchema,
  type Notification,
} from '@rumbo/contracts';
import {
  NO_FACTS,
  idleDetector,
  initialDeviceState,
  motionDetector,
  reducerSettings,
  rollupDetector,
  statusDetector,
  step,
  type ContextPlannedTrip,
  type Detector,
  type DetectorChain,
  type EventFact,
  type Position,
} from '@rumbo/telematics';
import { sql } from 'kysely';
import { loadMigrations } from '../src/db/migrate.js';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { addTruck } from './api.js';
import { loginDevice, sendFrames, truckRecord, openTestIngest } from './ingest-helpers.js';
import { signInHeaders, testApp, testBackends, listenOnFreePort } from './harness.js';

/**
 * The `DDR` the real route detector raises: a plan running east along −34.6°, a truck that leaves
 * the corridor by 2 km for 5 minutes. Its data is whatever the detector writes.
 */
function realDeviation(): EventFact {
  const t0 = Date.UTC(2026, 0, 1, 8);
  const lat = -34.6;
  const lngAt = (m: number) => -58.5 + m / 91_700;
  const plan: ContextPlannedTrip = {
    id: 42,
    route: [
      [lngAt(0), lat],
      [lngAt(40_000), lat],
    ],
    corridorM: 500,
    stops: [0, 40_000].map((m, i) => ({
      lat,
      lng: lngAt(m),
      radiusM: 200,
      plannedAtMs: t0 + i * 3_600_000,
    })),
  };
  let state = initialDeviceState();
  const settings = reducerSettings();
  for (let i = 0; i < 200; i++) {
    const x = i * 100;
    const off = i > 60 && i < 120 ? 2_000 / 111_320 : 0;
    const p: Position = {
      deviceId: 'truck-ddr',
      fixTimeMs: t0 + 120_000 + i * 5_000,
      lat: lat + off,
      lng: lngAt(x),
      satellites: 10,
      hdop: 0.9,
      speedKmh: 72,
      ignition: true,
      rpm: 1200,
      attributes: {},
    };
    const result = step(state, p, settings, { context: { plannedTrip: plan } });
    state = result.state;
    const ddr = result.facts.find((f) => f.type === 'event' && f.code === 'DDR');
    if (ddr) return ddr as EventFact;
  }
  throw new Error('the route detector raised no DDR');
}

/**
 * Per code, the value and data its detector writes (zone.detector.ts, temperature.detector.ts,
 * fault.detector.ts, fuel.detector.ts, maintenance.service.ts); `DDR` from the route detector
 * itself.
 */
function factShapes(): Map<string, Pick<EventFact, 'value' | 'data' | 'endTimeMs'>> {
  const ddr = realDeviation();
  const shapes = new Map<string, Pick<EventFact, 'value' | 'data'>>();
  for (const code of ALERT_CODES) {
    if (/^V\d+$/u.test(code) || code === 'EXV') shapes.set(code, { value: 104 });
    else if (['AZA', 'SDZ', 'AZP', 'DZP', 'DAZ'].includes(code))
      shapes.set(code, { data: { idzona: 7 } });
    else if (code === 'EEZ') shapes.set(code, { value: 71, data: { idzona: 7 } });
    else if (['AIP', 'DPI', 'CIP'].includes(code))
      shapes.set(code, { data: { idinterestpoint: 9 } });
    else if (['TSC', 'TIC', 'TFC', 'TCC', 'SCT'].includes(code))
      shapes.set(code, { value: -12.5, data: { temperature: -12.5 } });
    else if (code === 'DDR') shapes.set(code, { data: ddr.data! });
    else if (code === 'FCR')
      shapes.set(code, { data: { dtc: 'P0420', source: 'obd', spn: 3216, fmi: 2 } });
    else if (['CRG', 'DCS', 'AUR'].includes(code))
      shapes.set(code, {
        value: 180.5,
        data: { levelBeforeL: 120, levelAfterL: 300.5, levelConfirmedL: 300, burntL: 0 },
      });
    else if (['MNP', 'MNV'].includes(code))
      shapes.set(code, {
        value: 500,
        data: { maintenance: 'Cambio de aceite', axis: 'km', dueDate: '2027-01-10' },
      });
    else if (['D20', 'EDT', 'DTS'].includes(code)) shapes.set(code, { value: 1800 });
    else if (['AAB', 'AFI', 'CAB'].includes(code)) shapes.set(code, { value: 4.2 });
    else if (code === 'DFP') shapes.set(code, { value: 8.1 });
    else shapes.set(code, {});
  }
  return shapes;
}

/** Raises, at the i-th record it sees, the fact of the i-th code: one event per code. */
function everyCode(
  codes: readonly string[],
  shapes: ReturnType<typeof factShapes>,
): Detector<{ i: number }> {
  return {
    name: 'test-every-code',
    initial: { i: 0 },
    step(slice, { sample }) {
      const code = codes[slice.i];
      if (code === undefined) return { slice, facts: NO_FACTS };
      const fact: EventFact = {
        type: 'event',
        code,
        startTimeMs: sample.fixTimeMs,
        lat: sample.lat,
        lng: sample.lng,
        ...shapes.get(code),
      };
      if (code === 'IDD' || code === 'NUM') fact.driverCode = 'DRV123';
      return { slice: { i: slice.i + 1 }, facts: [fact] };
    },
  };
}

for (const backend of testBackends()) {
  describe(`every alert code round-trips: list, bell, export (${backend})`, () => {
    const codes = [...ALERT_CODES];
    const shapes = factShapes();
    const detectors: DetectorChain = [
      statusDetector,
      motionDetector,
      idleDetector,
      rollupDetector,
      everyCode(codes, shapes),
    ];
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let port: number;
    let session: { token: string; digest: string };
    const imei = '359000000021003';
    const headers = () => ({ token: session.token, digest: session.digest });

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5, detectors } });
      await addTruck(ctx.database.db, imei, 'RT003AA');
      await loadLiveFleet(ctx.database.db, ctx.app.services.live, Date.now());
      port = await listenOnFreePort(ctx);
      ingest = await openTestIngest(ctx);
      session = await signInHeaders(ctx.app, 'demoadmin', 'demo1234');
    }, 120_000);
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    it('stores one event per catalogue code, each valid in get_all, the bell and the export', async () => {
      // The catalogue the screens use names every code the product raises.
      const types = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/alert/get_all_types',
        headers: headers(),
      });
      expect(types.statusCode, types.body).toBe(200);
      const catalogue = alertTypesAnswer.parse(types.json());
      expect(catalogue.types.map((t) => t.code).sort()).toEqual([...codes].sort());

      // Every code raised (speed levels too), told in the app.
      const settings = defaultAlertSettings();
      for (const c of settings.codes) c.enabled = true;
      const saved = await ctx.app.inject({
        method: 'PUT',
        url: '/api/rest/alerts/settings',
        headers: headers(),
        payload: settings,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const socket = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
      const pushed: Notification[] = [];
      let ok = false;
      socket.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as {
          status?: string;
          mutation?: string;
          payload?: unknown;
        };
        if (m.status === 'Ok') ok = true;
        if (m.mutation === 'notifications/add') pushed.push(notificationSchema.parse(m.payload));
      });
      await new Promise((resolve) => socket.on('open', resolve));
      socket.send(JSON.stringify(headers()));
      await expect.poll(() => ok).toBe(true);

      const from = Date.now() - 30 * 60_000;
      const device = await loginDevice(ingest.teltonikaPort, imei);
      await sendFrames(
        device,
        codes.map((_, i) =>
          truckRecord(from + i * 10_000, { speedKmh: 40, lng: -58.4 + i * 1e-4 }),
        ),
        10,
      );
      device.end();
      const stored = async () =>
        Number(
          (await sql<{ n: string }>`select count(*) as n from events`.execute(ctx.database.db))
            .rows[0]!.n,
        );
      await expect.poll(stored, { timeout: 15_000 }).toBe(codes.length);
      // The stored DDR carries its plan as a string, as every answer does.
      const ddrRow = await sql<{ route: string }>`
        select jsonb_typeof(data -> 'route') as route from events where code = 'DDR'`.execute(
        ctx.database.db,
      );
      expect(ddrRow.rows[0]?.route).toBe('string');

      // The alert list: 200, valid, every code once, DDR's route a string.
      const list = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/get_all',
        headers: headers(),
        payload: { from, to: Date.now() + 60_000 },
      });
      expect(list.statusCode, list.body).toBe(200);
      const events = eventsAnswer.parse(list.json()).payload;
      expect(events.map((e) => e.code).sort()).toEqual([...codes].sort());
      const ddr = events.find((e) => e.code === 'DDR')!;
      expect(ddr.data).toEqual({ route: '42' });
      expect(events.find((e) => e.code === 'AZA')!.data).toEqual({ idzona: 7 });
      expect(events.find((e) => e.code === 'TSC')!.data).toEqual({ temperature: -12.5 });

      // The bell: one push per code, and the list it reloads.
      await expect.poll(() => pushed.length, { timeout: 10_000 }).toBe(codes.length);
      socket.close();
      expect(pushed.map((n) => n.code).sort()).toEqual([...codes].sort());
      expect(pushed.find((n) => n.code === 'DDR')!.data).toEqual({ route: '42' });
      const bell = await ctx.app.inject({
        method: 'GET',
        url: '/api/rest/notifications',
        headers: headers(),
      });
      expect(bell.statusCode, bell.body).toBe(200);
      const kept = notificationListAnswer.parse(bell.json()).payload;
      expect(kept.map((n) => n.code).sort()).toEqual([...codes].sort());

      // The export of the list as the alerts screen builds it: every row, every code.
      const exported = await ctx.app.inject({
        method: 'POST',
        url: '/api/xlsx/generate_excel/fleet-alerts?format=base64',
        headers: headers(),
        payload: {
          title: 'Alertas',
          columns: [
            { key: 'code', label: 'Código' },
            { key: 'plate', label: 'Patente' },
            { key: 'startTime', label: 'Inicio', type: 'date' },
            { key: 'value', label: 'Valor', type: 'number' },
            { key: 'route', label: 'Viaje' },
          ],
          rows: events.map((e) => ({
            code: e.code,
            plate: e.plate,
            startTime: e.startTime,
            value: e.value,
            route: e.data?.route ?? null,
          })),
        },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(exported.body, 'base64') as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const cells: string[] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) cells.push(row.getCell(1).text);
      });
      expect(cells.sort()).toEqual([...codes].sort());
    }, 120_000);

    it('migration 0019 turns a DDR stored with a numeric route into a string the list answers', async () => {
      const db = ctx.database.db;
      const at = new Date(Date.now() - 3 * 3_600_000);
      await sql`
        insert into events (tenant_id, vehicle_id, code, start_time, data)
        select tenant_id, id, 'DDR', ${at}, '{"route": 5}'::jsonb from vehicles where plate = 'RT003AA'`.execute(
        db,
      );
      const migration = loadMigrations().find((m) => m.name === '0019-event-data-route')!;
      await sql.raw(migration.sql).execute(db);
      const row = await sql<{ kind: string; route: string }>`
        select jsonb_typeof(data -> 'route') as kind, data ->> 'route' as route
        from events where start_time = ${at}`.execute(db);
      expect(row.rows[0]).toEqual({ kind: 'string', route: '5' });
      const list = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/event/get_all',
        headers: headers(),
        payload: { from: at.getTime(), to: at.getTime() + 1 },
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(eventsAnswer.parse(list.json()).payload[0]!.data).toEqual({ route: '5' });
    });
  });
}
