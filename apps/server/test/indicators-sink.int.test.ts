import { zeroSums, type IndicatorSums } from '@rumbo/telematics';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { indicatorsSink, type IndicatorRow } from '../src/pipeline/sinks/indicators.sink.js';
import { addTruck, tenantIdOf } from './api.js';
import { freshDatabase, testBackends } from './harness.js';

const HOUR = 3_600_000;

function sums(over: Partial<IndicatorSums>): IndicatorSums {
  return { ...zeroSums(), ...over };
}

interface Stored {
  bucket: string;
  driver: string;
  distance: number;
  kickdowns: number;
}

async function stored(h: DatabaseHandle, table: string, vehicleId: number): Promise<Stored[]> {
  const { rows } = await sql<Stored>`
    select to_char(bucket at time zone 'UTC', 'YYYY-MM-DD HH24') as bucket, driver_code as driver,
      distance_km as distance, kickdowns
    from ${sql.table(table)} where vehicle_id = ${vehicleId} order by bucket, driver_code`.execute(
    h.db,
  );
  return rows.map((r) => ({ ...r, distance: Math.round(Number(r.distance) * 1000) / 1000 }));
}

for (const backend of testBackends()) {
  describe(`indicators sink: one statement fills the hourly, daily and monthly tables (${backend})`, () => {
    let h: DatabaseHandle;
    let vehicleId: number;
    let tenantId: number;

    beforeAll(async () => {
      h = await freshDatabase(backend, { seeded: true });
      ({ vehicleId } = await addTruck(h.db, '359000000000771', 'IND001', {
        tenant: 'Transportes Norte',
      }));
      tenantId = await tenantIdOf(h.db, vehicleId);
    });
    afterAll(async () => {
      await h?.close();
    });

    const row = (
      bucketMs: number,
      driverCode: string,
      over: Partial<IndicatorSums>,
    ): IndicatorRow => ({
      vehicleId,
      tenantId,
      bucketMs,
      driverCode,
      sums: sums(over),
    });

    it('adds each batch to its hour, its UTC day and its UTC month, per driver', async () => {
      // The last hours of October and the first of November (UTC), two drivers.
      const oct31 = Date.UTC(2026, 9, 31, 22, 0, 0);
      const batch1 = [
        row(oct31 + 10 * 60_000, 'A', { distanceKm: 1.5, kickdowns: 1 }),
        row(oct31 + 20 * 60_000, 'A', { distanceKm: 0.5 }),
        row(oct31 + HOUR, 'A', { distanceKm: 2 }),
        row(oct31 + 2 * HOUR, 'A', { distanceKm: 4, kickdowns: 2 }),
        row(oct31 + 2 * HOUR, 'B', { distanceKm: 8 }),
      ];
      const batch2 = [
        row(oct31 + 2 * HOUR + 5 * 60_000, 'A', { distanceKm: 1, kickdowns: 1 }),
        row(oct31 + 3 * HOUR, 'A', { distanceKm: 3 }),
      ];
      for (const batch of [batch1, batch2])
        await h.db.transaction().execute((trx) => indicatorsSink.write(trx, batch));

      expect(await stored(h, 'vehicle_indicators', vehicleId)).toEqual([
        { bucket: '2026-10-31 22', driver: 'A', distance: 2, kickdowns: 1 },
        { bucket: '2026-10-31 23', driver: 'A', distance: 2, kickdowns: 0 },
        { bucket: '2026-11-01 00', driver: 'A', distance: 5, kickdowns: 3 },
        { bucket: '2026-11-01 00', driver: 'B', distance: 8, kickdowns: 0 },
        { bucket: '2026-11-01 01', driver: 'A', distance: 3, kickdowns: 0 },
      ]);
      expect(await stored(h, 'vehicle_indicators_daily', vehicleId)).toEqual([
        { bucket: '2026-10-31 00', driver: 'A', distance: 4, kickdowns: 1 },
        { bucket: '2026-11-01 00', driver: 'A', distance: 8, kickdowns: 3 },
        { bucket: '2026-11-01 00', driver: 'B', distance: 8, kickdowns: 0 },
      ]);
      expect(await stored(h, 'vehicle_indicators_monthly', vehicleId)).toEqual([
        { bucket: '2026-10-01 00', driver: 'A', distance: 4, kickdowns: 1 },
        { bucket: '2026-11-01 00', driver: 'A', distance: 8, kickdowns: 3 },
        { bucket: '2026-11-01 00', driver: 'B', distance: 8, kickdowns: 0 },
      ]);
    });

    it('writes nothing for an empty batch', async () => {
      const before = await stored(h, 'vehicle_indicators_monthly', vehicleId);
      await h.db.transaction().execute((trx) => indicatorsSink.write(trx, []));
      expect(await stored(h, 'vehicle_indicators_monthly', vehicleId)).toEqual(before);
    });
  });
}
