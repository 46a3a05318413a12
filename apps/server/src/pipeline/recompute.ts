import type { Kysely } from 'kysely';
import {
  bucketOf,
  initialDeviceState,
  ROLLUP_BUCKET_MS,
  type DetectorChain,
  type DeviceFact,
  type DeviceState,
  type ReducerSettings,
  type VehicleContext,
} from '@rumbo/telematics';
import type { Database } from '../db/schema.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import { replayStored } from './replay.js';
import type { SinkSet } from './sinks/sink.js';

/** How far before the oldest late record a recomputation starts when no trip bounds it. */
const LOOKBACK_MS = 6 * 3_600_000;

/** What a recompute did. */
export interface RecomputeOutcome {
  /** Derived rows from here on were rewritten. */
  fromMs: number;
  /** The replay started here (a stop, so a fresh reducer reproduces what live processing saw). */
  replayFromMs: number;
  positions: number;
  facts: number;
  /** The reducer state after the newest stored record, late records included. */
  state: DeviceState;
}

async function lastTripEnd(
  db: Kysely<Database>,
  vehicleId: number,
  atOrBeforeMs: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('trips')
    .select('end_time')
    .where('vehicle_id', '=', vehicleId)
    .where('end_time', '<=', new Date(atOrBeforeMs))
    .orderBy('end_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? new Date(row.end_time).getTime() : undefined;
}

/**
 * Where derived rows stop being trustworthy: the end of the trip before the last one that closed
 * before the oldest late record. That last trip itself may have closed only because the late
 * records were missing (they could extend it), but the one before it closed before it started.
 */
async function unaffectedTripEnd(
  db: Kysely<Database>,
  vehicleId: number,
  oldestLateMs: number,
): Promise<number> {
  const trips = await db
    .selectFrom('trips')
    .select(['start_time', 'end_time'])
    .where('vehicle_id', '=', vehicleId)
    .where('end_time', '<=', new Date(oldestLateMs))
    .orderBy('end_time', 'desc')
    .limit(2)
    .execute();
  if (trips.length === 2) return new Date(trips[1]!.end_time).getTime();
  const first = trips[0] ? new Date(trips[0].start_time).getTime() : oldestLateMs;
  return Math.min(first, oldestLateMs) - LOOKBACK_MS;
}

/**
 * Recomputes a vehicle's derived rows after late records arrived. Rows from a point the late
 * records cannot have changed ({@link unaffectedTripEnd}) are deleted and
 * written again by every sink, from a replay of the stored records that starts at the end of a
 * trip before that point's rollup bucket — a stop, where a fresh reducer is in the state live
 * processing was in. Records are read page by page, yielding between pages, so a long window
 * never stalls the process. The live status is not touched.
 */
export async function recomputeWindow(
  deps: {
    db: Kysely<Database>;
    sinks: SinkSet;
    settings: ReducerSettings;
    context: VehicleContext;
    /** The detector chain (default: the package's). */
    detectors?: DetectorChain;
  },
  device: IngestDevice,
  oldestLateMs: number,
): Promise<RecomputeOutcome> {
  const { db, sinks, settings, context, detectors } = deps;
  const vehicleId = device.vehicleId;
  const empty = { positions: 0, facts: 0, state: initialDeviceState() };
  if (vehicleId === null) return { fromMs: oldestLateMs, replayFromMs: oldestLateMs, ...empty };
  const fromMs = await unaffectedTripEnd(db, vehicleId, oldestLateMs);
  const fromBucketMs = bucketOf(fromMs, ROLLUP_BUCKET_MS);
  const replayFromMs =
    (await lastTripEnd(db, vehicleId, fromBucketMs)) ?? fromBucketMs - LOOKBACK_MS;

  const tag = { vehicleId, tenantId: device.tenantId };
  const rows = sinks.empty();
  let facts = 0;
  const keep = (fact: DeviceFact) => {
    if (!sinks.stores(fact.type) || !sinks.covers(fact, fromMs)) return;
    sinks.collect(rows, tag, fact);
    facts += 1;
  };
  // Exclusive lower bound: start one millisecond before, so the record at the trip's end counts.
  const { state, positions } = await replayStored(
    db,
    device,
    { state: initialDeviceState(detectors), afterMs: replayFromMs - 1 },
    { settings, context, detectors },
    {
      visit: (result) => {
        for (const fact of result.facts) keep(fact);
      },
    },
  );
  await db.transaction().execute(async (trx) => {
    await sinks.deleteRange(trx, vehicleId, fromMs);
    await sinks.write(trx, [rows]);
  });
  return { fromMs, replayFromMs, positions, facts, state };
}
