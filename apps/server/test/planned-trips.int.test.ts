import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCodec8eFrame } from '@rumbo/telematics';
import type { PlannedTrip, PlannedTripDetail, PlannedTripSaveInput } from '@rumbo/contracts';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { loginDevice, truckRecord, reloadFleetAndOpenIngest } from './ingest-helpers.js';
import { FAST_PIPELINE, type Headers, addDemoViewer, addTruck, apiCaller, signIn } from './api.js';
import { testApp, testBackends, addOutsiderAdmin } from './harness.js';

// Planned trips (issue 15, trip loading): the routes (tenant isolation, 400s that write nothing,
// 404s), the import of CSV and Excel files with a per-row report, and the follow-up of a truck
// driving a plan through the real ingest: started, off the corridor once (one DDR), arrived.

const LAT = -34.6;
const LNG0 = -58.5;
/** Degrees of longitude per metre at −34.6°. */
const DEG_PER_M = 1 / (111_320 * Math.cos((LAT * Math.PI) / 180));

function multipart(name: string, filename: string, bytes: Buffer, type: string) {
  const boundary = '----rumbo' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const backend of testBackends()) {
  describe(`planned trips (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let operator: Headers;
    let viewer: Headers;
    let outsider: Headers;
    let vehicleId: number;
    let otherVehicleId: number;
    const imei = '359000000015001';

    const call = apiCaller(() => ctx.app, { prefix: '/api/v2', lang: 'es' });
    const upload = (
      headers: Headers,
      file: ReturnType<typeof multipart>,
      lang = 'es',
      query = '',
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/planned-trips/import${query}`,
        headers: { ...headers, ...file.headers, 'accept-language': lang },
        payload: file.payload,
      });
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from planned_trips`.execute(ctx.database.db))
          .rows[0]!.n,
      );

    const hour = 3_600_000;
    const base = Date.now() + 2 * hour;
    const plan = (patch: Partial<PlannedTripSaveInput> = {}): PlannedTripSaveInput => ({
      vehicleId,
      name: 'Buenos Aires → Luján',
      stops: [
        { name: 'Depósito', lat: LAT, lng: LNG0, plannedAt: new Date(base).toISOString() },
        {
          name: 'Cliente',
          lat: LAT,
          lng: LNG0 + 0.1,
          plannedAt: new Date(base + hour).toISOString(),
        },
        {
          name: 'Luján',
          lat: LAT,
          lng: LNG0 + 0.2,
          plannedAt: new Date(base + 2 * hour).toISOString(),
        },
      ],
      ...patch,
    });

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: FAST_PIPELINE });
      const db = ctx.database.db;
      ({ vehicleId } = await addTruck(db, imei, 'PT001AA'));
      await addOutsiderAdmin(db);
      ({ vehicleId: otherVehicleId } = await addTruck(db, '359000000015002', 'NO015AA', {
        tenant: 'Transportes Norte',
      }));
      await addDemoViewer(db);
      ingest = await reloadFleetAndOpenIngest(ctx);
      operator = await signIn(ctx.app, 'demouser', 'demo1234');
      viewer = await signIn(ctx.app, 'demoviewer', 'demo1234');
      outsider = await signIn(ctx.app, 'norteadmin', 'norte1234');
    }, 180_000);
    afterAll(async () => {
      await ingest?.close();
      await ctx?.close();
    });

    it('creates, lists, reads, replaces and deletes a plan, only for its tenant', async () => {
      const created = await call('POST', '/planned-trips', operator, plan());
      expect(created.statusCode, created.body).toBe(200);
      const trip = created.json<PlannedTripDetail>();
      expect(trip).toMatchObject({
        vehicleId,
        vehicleName: 'PT001AA',
        corridorM: 500,
        routeSource: 'stops',
        status: 'planned',
        deviations: 0,
        late: false,
        progress: [],
        track: [],
      });
      // No route given: straight lines through the stops.
      expect(trip.route).toEqual([
        [LNG0, LAT],
        [LNG0 + 0.1, LAT],
        [LNG0 + 0.2, LAT],
      ]);
      expect(trip.stops.map((s) => s.radiusM)).toEqual([300, 300, 300]);

      const list = (await call('GET', '/planned-trips', operator)).json<PlannedTrip[]>();
      expect(list.map((t) => t.id)).toEqual([trip.id]);
      expect((await call('GET', '/planned-trips', outsider)).json()).toEqual([]);
      expect((await call('GET', `/planned-trips/${trip.id}`, outsider)).statusCode).toBe(404);
      expect(
        (
          await call(
            'PUT',
            `/planned-trips/${trip.id}`,
            outsider,
            plan({ vehicleId: otherVehicleId }),
          )
        ).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/planned-trips/${trip.id}`, outsider)).statusCode).toBe(404);

      const drawn: [number, number][] = [
        [LNG0, LAT],
        [LNG0 + 0.1, LAT + 0.01],
        [LNG0 + 0.2, LAT],
      ];
      const replaced = await call(
        'PUT',
        `/planned-trips/${trip.id}`,
        operator,
        plan({ name: 'Por la ruta 7', route: drawn, routeSource: 'drawn', corridorM: 800 }),
      );
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json()).toMatchObject({
        name: 'Por la ruta 7',
        route: drawn,
        routeSource: 'drawn',
        corridorM: 800,
      });

      expect((await call('DELETE', `/planned-trips/${trip.id}`, operator)).json()).toEqual({
        ok: true,
      });
      expect((await call('GET', `/planned-trips/${trip.id}`, operator)).statusCode).toBe(404);
      expect(await count()).toBe(0);
    });

    it('refuses bad input with a 400 in the caller’s language and writes nothing', async () => {
      const cases: [string, object][] = [
        ['one stop', plan({ stops: plan().stops.slice(0, 1) })],
        ['times out of order', plan({ stops: [plan().stops[1]!, plan().stops[0]!] })],
        ['corridor too narrow', plan({ corridorM: 10 })],
        [
          'latitude out of range',
          plan({ stops: [{ ...plan().stops[0]!, lat: 95 }, plan().stops[2]!] }),
        ],
        ['a route of one point', plan({ route: [[LNG0, LAT]] })],
        ['an unknown field', { ...plan(), colour: 'red' }],
        [
          'a time without offset',
          plan({
            stops: [{ ...plan().stops[0]!, plannedAt: '2026-01-01 08:00' }, plan().stops[2]!],
          }),
        ],
        ['no name', plan({ name: ' ' })],
      ];
      for (const [name, body] of cases) {
        const es = await call('POST', '/planned-trips', operator, body);
        expect(es.statusCode, name).toBe(400);
        expect(es.json<{ message: string }>().message, name).toMatch(
          /no es válid|debe|necesita|campo/iu,
        );
        const en = await call('POST', '/planned-trips', operator, body, 'en');
        expect(en.json<{ message: string }>().message, name).toMatch(
          /not valid|must|needs|field/iu,
        );
      }
      const order = await call('POST', '/planned-trips', operator, cases[1]![1], 'en');
      expect(order.body).toContain("each time must be at or after the previous stop's time");
      expect(await count()).toBe(0);
    });

    it('404 for another tenant’s vehicle, driver or POI; 403 without the view; 401 signed out', async () => {
      expect(
        (await call('POST', '/planned-trips', operator, plan({ vehicleId: otherVehicleId })))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/planned-trips', operator, plan({ driverId: 999_999 }))).statusCode,
      ).toBe(404);
      const poi = { ...plan().stops[0]!, poiId: 999_999 };
      expect(
        (await call('POST', '/planned-trips', operator, plan({ stops: [poi, plan().stops[2]!] })))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/planned-trips/earlier-trips?vehicleId=${otherVehicleId}`, operator))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', '/planned-trips/earlier-trips/999999/route', operator)).statusCode,
      ).toBe(404);
      expect((await call('GET', '/planned-trips/0', operator)).statusCode).toBe(400);
      expect((await call('GET', '/planned-trips', viewer)).statusCode).toBe(403);
      expect((await call('POST', '/planned-trips', viewer, plan())).statusCode).toBe(403);
      expect((await call('GET', '/planned-trips', {})).statusCode).toBe(401);
      expect(await count()).toBe(0);
    });

    const header =
      'plate,driver,name,origin,origin_lat,origin_lng,start,destination,destination_lat,destination_lng,arrival,waypoints,corridor_m';

    it('imports a CSV: a bad row refuses the whole file with a per-row report; a good file goes in', async () => {
      const rows = [
        header,
        `PT001AA,,Ida,Depósito,${LAT},${LNG0},2030-03-02 08:00,Luján,${LAT},${LNG0 + 0.2},2030-03-02 11:00,Cliente|${LAT}|${LNG0 + 0.1}|2030-03-02 09:30,600`,
        `ZZ999ZZ,,Otro,Depósito,${LAT},${LNG0},2030-03-02 08:00,Luján,${LAT},${LNG0 + 0.2},2030-03-02 07:00,,`,
        `PT001AA,,Vuelta,Luján,${LAT},${LNG0 + 0.2},02/03/2030 13:00,Depósito,${LAT},${LNG0},mañana,,abc`,
      ];
      const bad = await upload(
        operator,
        multipart('file', 'viajes.csv', Buffer.from(rows.join('\n')), 'text/csv'),
        'en',
      );
      expect(bad.statusCode, bad.body).toBe(400);
      const body = bad.json<{
        message: string;
        details: { row: number; field: string; message: string }[];
      }>();
      expect(body.message).toBe(
        '2 rows of the file have errors: nothing was imported. Fix them and import the file again',
      );
      expect(body.details).toEqual([
        { row: 3, field: 'plate', message: 'no vehicle of yours has this plate' },
        {
          row: 4,
          field: 'arrival',
          message: 'not a date and time (yyyy-MM-dd HH:mm or dd/MM/yyyy HH:mm)',
        },
        { row: 4, field: 'corridor_m', message: 'not a number' },
      ]);
      expect(await count()).toBe(0);
      // The contract's own checks come back per row too (arrival before the start), in Spanish.
      const order = await upload(
        operator,
        multipart(
          'file',
          'v.csv',
          Buffer.from(
            [
              header,
              `PT001AA,,X,A,${LAT},${LNG0},2030-03-02 08:00,B,${LAT},${LNG0 + 0.1},2030-03-02 07:00,,`,
            ].join('\n'),
          ),
          'text/csv',
        ),
      );
      expect(order.json<{ details: unknown[] }>().details).toEqual([
        {
          row: 2,
          field: 'arrival',
          message: 'cada hora debe ser igual o posterior a la de la parada anterior',
        },
      ]);

      const good = await upload(
        operator,
        multipart('file', 'viajes.csv', Buffer.from(rows.slice(0, 2).join('\r\n')), 'text/csv'),
        'es',
        '?tz=-03:00',
      );
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toEqual({ imported: 1, rows: 1, errors: [] });
      const [trip] = (
        await call(
          'GET',
          `/planned-trips?from=${Date.UTC(2030, 2, 1)}&to=${Date.UTC(2030, 2, 3)}`,
          operator,
        )
      ).json<PlannedTrip[]>();
      // 08:00 in Buenos Aires (UTC−3) is 11:00 UTC.
      expect(trip).toMatchObject({
        name: 'Ida',
        corridorM: 600,
        plannedStart: '2030-03-02T11:00:00.000Z',
      });
      expect(trip!.stops.map((s) => s.name)).toEqual(['Depósito', 'Cliente', 'Luján']);
      await call('DELETE', `/planned-trips/${trip!.id}`, operator);
    });

    it('imports an Excel workbook; refuses files that are no spreadsheet (415) or too large (413)', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Viajes');
      sheet.addRow([
        'Patente',
        'Nombre',
        'Origen',
        'Origen lat',
        'Origen lng',
        'Salida',
        'Destino',
        'Destino lat',
        'Destino lng',
        'Llegada',
      ]);
      sheet.addRow([
        'pt-001 aa',
        'Excel',
        'A',
        LAT,
        LNG0,
        new Date(Date.UTC(2030, 2, 3, 8, 0)),
        'B',
        LAT,
        LNG0 + 0.1,
        new Date(Date.UTC(2030, 2, 3, 9, 0)),
      ]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const ok = await upload(
        operator,
        multipart(
          'file',
          'viajes.xlsx',
          bytes,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        ),
      );
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ imported: 1 });
      expect(await count()).toBe(1);

      const png = Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
        'hex',
      );
      const refused = await upload(
        operator,
        multipart('file', 'viajes.csv', png, 'text/csv'),
        'en',
      );
      expect(refused.statusCode).toBe(415);
      expect(refused.json<{ message: string }>().message).toBe(
        'The file is not a spreadsheet: use an Excel workbook (.xlsx) or a CSV file',
      );
      const big = Buffer.alloc(2 * 1024 * 1024 + 10, 'a');
      expect(
        (await upload(operator, multipart('file', 'big.csv', big, 'text/csv'))).statusCode,
      ).toBe(413);
      const json = await call('POST', '/planned-trips/import', operator, { file: 'x' });
      expect(json.statusCode).toBe(415);
      expect(
        (await upload(viewer, multipart('file', 'v.xlsx', bytes, 'text/csv'))).statusCode,
      ).toBe(403);
      expect(await count()).toBe(1);
      await sql`delete from planned_trips`.execute(ctx.database.db);
    });

    it('follows a truck through the real ingest: started, one DDR for one departure, arrived', async () => {
      const t0 = Date.now() - 20 * 60_000;
      // East 10 km along the parallel at 72 km/h (200 m per 10 s); from 3 km to 5 km 1.5 km north.
      const stops = [
        { name: 'A', lat: LAT, lng: LNG0, plannedAt: new Date(t0).toISOString(), radiusM: 200 },
        {
          name: 'B',
          lat: LAT,
          lng: LNG0 + 10_000 * DEG_PER_M,
          plannedAt: new Date(t0 + 15 * 60_000).toISOString(),
          radiusM: 200,
        },
      ];
      const created = await call('POST', '/planned-trips', operator, {
        vehicleId,
        name: 'A → B',
        stops,
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<PlannedTrip>().id;
      await new Promise((resolve) => setTimeout(resolve, 500)); // the pipeline's plan reload
      const device = await loginDevice(ingest.teltonikaPort, imei);
      const records = [];
      for (let k = 0; k <= 50; k++) {
        const x = k * 200;
        const off = x > 3_000 && x <= 5_000 ? 1_500 : 0;
        records.push(
          truckRecord(t0 + k * 10_000, {
            lat: LAT + off / 111_195,
            lng: LNG0 + x * DEG_PER_M,
            speedKmh: 72,
          }),
        );
      }
      device.write(encodeCodec8eFrame(records.slice(0, 25)));
      await expect.poll(() => device.acks()).toEqual([25]);
      device.write(encodeCodec8eFrame(records.slice(25)));
      await expect.poll(() => device.acks()).toEqual([25, 26]);
      const detail = async () =>
        (await call('GET', `/planned-trips/${id}`, operator)).json<PlannedTripDetail>();
      await expect.poll(async () => (await detail()).status).toBe('arrived');
      const trip = await detail();
      expect(trip).toMatchObject({ deviations: 1, offRoute: false, remainingKm: 0, late: false });
      expect(trip.progress.map((p) => p.kind)).toEqual([
        'started',
        'deviation',
        'back_on_route',
        'arrived',
      ]);
      expect(trip.track.length).toBeGreaterThan(20);
      const ddr = await ctx.database.db
        .selectFrom('events')
        .select(['start_time', 'end_time', 'data'])
        .where('vehicle_id', '=', vehicleId)
        .where('code', '=', 'DDR')
        .execute();
      expect(ddr).toHaveLength(1);
      expect(ddr[0]!.data).toEqual({ route: String(id) });
      expect(ddr[0]!.end_time).not.toBeNull();
      device.end();
    });
  });
}
