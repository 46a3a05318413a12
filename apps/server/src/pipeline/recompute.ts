import type { Kysely } from 'kysely';
import {
  bucketOf,
  replay,
  rollupDeltas,
  reducerSettings,
  type StopFact,
  type TripFact,
} from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import { addRollups, upsertStops, upsertTrips, type RollupIncrement } from './batch-store.js';
import type { IngestDevice } from './device-registry.js';
import { ROLLUP_BUCKET_MS } from './pipeline.js';
import { fromStoredRow } from './position-row.js';

/** How far before the oldest late record a recomputation starts when no trip bounds it. */
const LOOKBACK_MS = 6 * 3_600_000;

/**
 * Recomputes a vehicle's trips, stops and rollups from stored records after late records
 * arrived: from the end of the last trip that closed before the oldest late record (else six
 * hours before it) up to the newest stored record. The live status is not touched.
 */
export async function recomputeWindow(
  db: Kysely<Database>,
  device: IngestDevice,
  oldestLateMs: number,
): Promise<{ fromMs: number; positions: number; trips: number; stops: number }> {
  const vehicleId = device.vehicleId;
  if (vehicleId === null) return { fromMs: oldestLateMs, positions: 0, trips: 0, stops: 0 };
  const bound = await db
    .selectFrom('trips')
    .select('end_time')
    .where('vehicle_id', '=', vehicleId)
    .where('end_time', '<=', new Date(oldestLateMs))
    .orderBy('end_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const fromMs = bucketOf(
    bound ? new Date(bound.end_time).getTime() : oldestLateMs - LOOKBACK_MS,
    ROLLUP_BUCKET_MS,
  );
  const rows = await db
    .selectFrom('positions')
    .selectAll()
    .where('device_id', '=', device.id)
    .where('fix_time', '>=', new Date(fromMs))
    .orderBy('fix_time')
    .execute();
  const positions = rows.map((row) => fromStoredRow(device.uniqueId, row));
  const settings = reducerSettings({ speedLimitKmh: device.speedLimitKmh ?? 90 });
  const { facts } = replay(positions, settings);
  const trips = facts.filter((f): f is TripFact => f.type === 'trip');
  const stops = facts.filter((f): f is StopFact => f.type === 'stop');
  const rollups = new Map<number, RollupIncrement>();
  for (let i = 1; i < positions.length; i++) {
    const prev = positions[i - 1]!;
    const d = rollupDeltas(prev, positions[i]!, settings);
    const bucketMs = bucketOf(prev.fixTimeMs, ROLLUP_BUCKET_MS);
    const inc = rollups.get(bucketMs) ?? {
      vehicleId,
      tenantId: device.tenantId,
      bucketMs,
      distanceKm: 0,
      fuelL: 0,
      engineS: 0,
      drivingS: 0,
      idleS: 0,
    };
    inc.distanceKm += d.distanceKm;
    inc.fuelL += d.fuelL;
    inc.engineS += d.engineTimeS;
    inc.drivingS += d.drivingTimeS;
    inc.idleS += d.idleTimeS;
    rollups.set(bucketMs, inc);
  }
  await db.transaction().execute(async (trx) => {
    const from = new Date(fromMs);
    await trx
      .deleteFrom('trips')
      .where('vehicle_id', '=', vehicleId)
      .where('start_time', '>=', from)
      .execute();
    await trx
      .deleteFrom('stops')
      .where('vehicle_id', '=', vehicleId)
      .where('start_time', '>=', from)
      .execute();
    await trx
      .deleteFrom('vehicle_rollups')
      .where('vehicle_id', '=', vehicleId)
      .where('bucket', '>=', from)
      .execute();
    const tag = { vehicleId, tenantId: device.tenantId };
    await upsertTrips(
      trx,
      trips.map((fact) => ({ ...tag, fact })),
    );
    await upsertStops(
      trx,
      stops.map((fact) => ({ ...tag, fact })),
    );
    await addRollups(trx, [...rollups.values()]);
  });
  return { fromMs, positions: positions.length, trips: trips.length, stops: stops.length };
}
