// Issue 21 item 8: dates bounded to one window wherever they enter (planned stops, the CSV import,
// a licence's expiry), records older than the retention refused without a partition (but acked),
// and attributes capped per record (docs/decisions/0030-bounds-and-live-changes.md).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCodec8eFrame } from '@rumbo/telematics';
import type { IngestListeners } from '../src/ingest/start-ingest.js';
import { MAX_ATTRIBUTE_BYTES, MAX_ATTRIBUTES } from '../src/ingest/record-bounds.js';
import { loadLiveFleet } from '../src/realtime/load-live-fleet.js';
import { loginDevice, truckRecord, openTestIngest } from './ingest-helpers.js';
import { type Headers, addTruck, countRows, signIn } from './api.js';
import { testApp, testBackends } from './harness.js';

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----rumbo' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

for (const backend of testBackends()) {
  describe(`storage bounds: dates, retention, attributes (${backend})`, () => {
    let ctx: Awaited<ReturnType<typeof testApp>>;
    let ingest: IngestListeners;
    let operator: Headers;
    let admin: Headers;
    let vehicleId: number;
    const imei = '359000000021008';
    const phone = 'phone-bounds-01';

    beforeAll(async () => {
      ctx = await testApp(backend, { pipeline: { flushIntervalMs: 5 } });
      const db = ctx.database.db;
      ({ vehicleId } = await addTruck(db, imei, 'SB001AA'));
      await addTruck(db, phone, 'SB002AA', { protocol: 'osmand' });
      await loadLiveFleet(db, ctx.app.services.live, Date.now());
      ingest = await openTestIngest(ctx);
      operator = await signIn(ctx.app);
      admin = await signIn(ctx.app, 'demoadmin', 'demo1234');
    }, 120_000);
    afterAll(async () => {
      await ingest.close();
      await ctx.close();
    });

    const api = (
      method: 'POST' | 'GET',
      url: string,
      headers: Headers,
      payload: object,
      lang: string,
    ) =>
      ctx.app.inject({
        method,
        url: `/api${url}`,
        headers: { ...headers, 'accept-language': lang },
        payload,
      });
    const count = (table: string) => countRows(ctx.database.db, table);
    const partitions = async () =>
      (
        await sql<{ name: string }>`
          select c.relname as name from pg_inherits i
          join pg_class c on c.oid = i.inhrelid
          join pg_class p on p.oid = i.inhparent
          where p.relname in ('positions', 'events')`.execute(ctx.database.db)
      ).rows
        .map((r) => r.name)
        .sort();

    it('refuses planned stops in the years 0001 and 9999 with a message, writing nothing', async () => {
      const hour = 3_600_000;
      const at = (ms: number) => new Date(ms).toISOString();
      const now = Date.now() + hour;
      for (const [first, lang, message] of [
        ['0001-01-01T08:00:00Z', 'en', 'must be a date between the years 2000 and 2100'],
        ['9999-12-31T08:00:00Z', 'es', 'debe ser una fecha entre los años 2000 y 2100'],
      ] as const) {
        const response = await api(
          'POST',
          '/v2/planned-trips',
          operator,
          {
            vehicleId,
            name: 'Fuera de rango',
            stops: [
              { lat: -34.6, lng: -58.5, plannedAt: first },
              { lat: -34.6, lng: -58.4, plannedAt: at(now + hour) },
            ],
          },
          lang,
        );
        expect(response.statusCode, response.body).toBe(400);
        expect(response.body).toContain(message);
        expect(response.body).toContain('stops.0.plannedAt');
      }
      expect(await count('planned_trips')).toBe(0);
    });

    it('the CSV import refuses 0001-01-01 (never turned into 1901) and imports nothing', async () => {
      const header =
        'plate,driver,name,origin,origin_lat,origin_lng,start,destination,destination_lat,destination_lng,arrival,waypoints,corridor_m';
      const rows = [
        header,
        `SB001AA,,Antigua,Depósito,-34.6,-58.5,0001-01-01 08:00,Luján,-34.6,-58.3,0001-01-01 11:00,,`,
      ];
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v2/planned-trips/import',
        ...(() => {
          const file = multipart('viajes.csv', Buffer.from(rows.join('\n')));
          return {
            headers: { ...operator, ...file.headers, 'accept-language': 'en' },
            payload: file.payload,
          };
        })(),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).not.toContain('1901');
      expect(response.body).toContain('2000');
      expect(response.body).toContain('"row":2');
      expect(await count('planned_trips')).toBe(0);
    });

    it('refuses a licence expiring in the year 0001', async () => {
      const response = await api(
        'POST',
        '/driver',
        admin,
        { nombre: 'Ana', licenciaVence: '0001-01-01' },
        'en',
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toContain('must be a date between the years 2000 and 2100');
    });

    it('acks a Teltonika packet of 60 records from 2002–2006 without storing them or creating a partition', async () => {
      const before = await partitions();
      const counters = ctx.app.services.ingest.counters;
      const tooOld = counters.recordsTooOld;
      const device = await loginDevice(ingest.teltonikaPort, imei);
      const records = Array.from({ length: 60 }, (_, i) =>
        truckRecord(Date.UTC(2002 + Math.floor(i / 12), i % 12, 15, 8), { speedKmh: 50 }),
      );
      device.write(encodeCodec8eFrame(records));
      await expect.poll(() => device.acks()).toEqual([60]);
      // A current record in the next packet is stored as usual.
      device.write(encodeCodec8eFrame([truckRecord(Date.now() - 60_000, { speedKmh: 30 })]));
      await expect.poll(() => device.acks()).toEqual([60, 1]);
      device.end();
      await expect
        .poll(async () =>
          Number(
            (
              await sql<{
                n: string;
              }>`select count(*) as n from positions p join devices d on d.id = p.device_id
                where d.unique_id = ${imei}`.execute(ctx.database.db)
            ).rows[0]!.n,
          ),
        )
        .toBe(1);
      expect(counters.recordsTooOld - tooOld).toBe(60);
      // Not one partition for those months (one for the current month may have been made).
      const added = (await partitions()).filter((p) => !before.includes(p));
      expect(added.filter((p) => /200[2-6]/u.test(p))).toEqual([]);
    });

    it('caps an OsmAnd request of 20,000 attribute keys to the per-record count and bytes', async () => {
      const counters = ctx.app.services.ingest.counters;
      const dropped = counters.attributesDropped;
      const params = new URLSearchParams({
        id: phone,
        lat: '-34.61',
        lon: '-58.38',
        timestamp: String(Math.floor((Date.now() - 30_000) / 1000)),
      });
      for (let i = 0; i < 20_000; i++) params.append(`k${i}`, '1');
      const response = await fetch(`http://127.0.0.1:${ingest.osmandPort}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: params.toString(),
      });
      expect(response.status).toBe(200);
      await expect
        .poll(async () =>
          Number(
            (
              await sql<{ n: string }>`select count(*) as n from positions p
                join devices d on d.id = p.device_id where d.unique_id = ${phone}`.execute(
                ctx.database.db,
              )
            ).rows[0]!.n,
          ),
        )
        .toBe(1);
      const stored = (
        await sql<{ attributes: Record<string, unknown> | null; bytes: number }>`
          select p.attributes, octet_length(p.attributes::text) as bytes
          from positions p join devices d on d.id = p.device_id
          where d.unique_id = ${phone}`.execute(ctx.database.db)
      ).rows[0]!;
      const keys = Object.keys(stored.attributes ?? {});
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.length).toBeLessThanOrEqual(MAX_ATTRIBUTES);
      expect(Number(stored.bytes)).toBeLessThanOrEqual(MAX_ATTRIBUTE_BYTES * 1.1);
      expect(counters.attributesDropped - dropped).toBeGreaterThanOrEqual(20_000 - MAX_ATTRIBUTES);
    });
  });
}
