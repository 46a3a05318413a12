import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTransaction, statementName } from '../src/pipeline/copy-positions.js';
import type { DatabaseHandle } from '../src/db/database.js';
import type { PositionRow } from '../src/pipeline/position-row.js';
import { insertPositions } from '../src/pipeline/positions.store.js';
import { freshDatabase } from './harness.js';

// PostgreSQL only: the batch's statements are prepared once per write connection.
describe.skipIf(!process.env.TEST_DATABASE_URL)('write path on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  beforeAll(async () => {
    handle = await freshDatabase('postgres');
    pool = new pg.Pool({ ...handle.pool.options, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await handle?.close();
  });

  it('runs a repeated statement of the transaction as a prepared statement of its connection', async () => {
    const vehicles: number[] = [];
    for (let i = 0; i < 3; i++) {
      await copyTransaction(pool, [], async (trx) => {
        const rows = await trx.selectFrom('vehicles').select('id').where('id', '>', 0).execute();
        vehicles.push(rows.length);
      });
    }
    expect(new Set(vehicles).size).toBe(1);
    const prepared = await pool.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    );
    const ours = prepared.rows.filter((r) => r.name.startsWith('rumbo_w'));
    expect(ours.length).toBe(1);
    expect(ours[0]!.statement).toContain('"vehicles"');
  });
});

// After the PostgreSQL test: the second case spends the process's 64 names.
describe('write path statement names', () => {
  it('names a text the second time it is seen, and always the same name', () => {
    const text = `select ${Math.random()} as once`;
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^rumbo_w\d+$/u);
    expect(statementName(text)).toBe(name);
  });

  it('never names more than 64 texts, however many repeat', () => {
    const given = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const text = `select ${i} as many_${Math.random()}`;
      statementName(text);
      const name = statementName(text);
      if (name) given.add(name);
    }
    expect(given.size).toBeLessThanOrEqual(64);
  });
});

// PostgreSQL only: a batch of 256 rows or more goes by binary COPY; it must store what the
// insert from arrays (the smaller batches, and the embedded database) stores.
describe.skipIf(!process.env.TEST_DATABASE_URL)('binary COPY on PostgreSQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await freshDatabase('postgres');
  });
  afterAll(async () => {
    await handle?.close();
  });

  function rows(deviceId: number): PositionRow[] {
    const t0 = Date.UTC(2026, 10, 29, 6, 0, 0);
    return Array.from({ length: 300 }, (_, i): PositionRow => {
      const sparse = i % 3 === 0;
      return {
        deviceId,
        fixTimeMs: t0 + i * 1_001,
        lat: 404_000_000 + i * 13 - (i % 2) * 900_000_000,
        lng: -37_000_000 - i * 7,
        speed: sparse ? null : (i * 37) % 32_767,
        heading: sparse ? null : i % 360,
        altitude: sparse ? null : -400 + i,
        satellites: sparse ? null : i % 20,
        flags: i % 8,
        rpm: sparse ? null : 600 + i,
        torque: sparse ? null : -(i % 100),
        pedal: sparse ? null : i % 101,
        odometerM: sparse ? null : 4_294_967_296 + i * 17,
        fuelUsedL: sparse ? null : 123_456.789 + i / 7,
        fuelLevel: sparse ? null : 45.25 + i,
        engineHours: sparse ? null : 10_000.1 + i / 3,
        ureaLevel: sparse ? null : i / 4,
        driverCode: i % 5 === 0 ? null : `ÑÚ\\tab\t${i}\n"q"`,
        attributes:
          i % 4 === 0 ? null : JSON.stringify({ i, name: 'camión \\ "ß" \u2603', tab: '\t' }),
      };
    });
  }

  it('stores every column as the insert from arrays does (NULLs, texts with escapes, jsonb)', async () => {
    const copied = await copyTransaction(handle.pool, rows(901), async () => undefined);
    const inserted = await handle.db
      .transaction()
      .execute((trx) => insertPositions(trx, rows(902)));
    expect([copied, inserted]).toEqual([300, 300]);
    const read = async (deviceId: number) =>
      (
        await handle.pool.query<{ r: string }>(
          `select (fix_time, lat, lng, speed, heading, altitude, satellites, flags, rpm, torque,
             pedal, odometer_m, fuel_used_l, fuel_level, engine_hours, urea_level, driver_code,
             attributes)::text as r
           from positions where device_id = $1 order by fix_time`,
          [deviceId],
        )
      ).rows.map((row) => row.r);
    const viaCopy = await read(901);
    expect(viaCopy).toHaveLength(300);
    expect(viaCopy).toEqual(await read(902));
    const one = await handle.pool.query<{ driver: string; name: string; tab: string }>(
      `select driver_code as driver, attributes->>'name' as name, attributes->>'tab' as tab
       from positions where device_id = 901 order by fix_time offset 1 limit 1`,
    );
    expect(one.rows[0]).toEqual({
      driver: 'ÑÚ\\tab\t1\n"q"',
      name: 'camión \\ "ß" \u2603',
      tab: '\t',
    });
  });

  it('skips rows already stored (a resent batch)', async () => {
    expect(await copyTransaction(handle.pool, rows(901), async () => undefined)).toBe(0);
  });
});
