import type { Kysely } from 'kysely';
import {
  decodeOsmAnd,
  decodeTeltonikaTcp,
  encodeCodec8eFrame,
  mapAvlRecord,
  type Position,
} from '@rumbo/telematics';
import { osmandPath, toAvlRecord, type Fleet, type SimRecord } from '@rumbo/simulator';
import type { Database } from '../db/schema.js';
import type { IngestContext } from '../ingest/ingest-types.js';
import type { IngestDevice } from '../lib/ingest-device.js';
import {
  deleteDemoPosition,
  largestTripId,
  markDemoFirstRecordSent,
  markDemoHistoryComplete,
  markDemoHistoryStored,
  recomputedDemoHistories,
  type DemoHistoryRow,
} from './demo-history.repository.js';

/** Records per Codec 8E packet of a history: the most one packet counts. */
const PACKET_RECORDS = 255;
/** Records handed to the pipeline per submission (one bulk submission, several packets). */
const SUBMIT_RECORDS = 2_000;
/** Submissions of one truck waiting for their commit at a time. */
const SUBMISSIONS_IN_FLIGHT = 2;
/**
 * Trucks whose history goes at the same time: enough to keep the database busy while records are
 * simulated and decoded, few enough that each truck's history flows without pause (one recompute).
 */
export const DEMO_BACKFILL_CONCURRENCY = 2;
/** How often the recomputes that complete the histories are looked for. */
const COMPLETION_POLL_MS = 1_000;
/** Longest wait for the next history to be recomputed before giving up until the next start. */
const COMPLETION_WAIT_MS = 5 * 60_000;

/** A truck whose history is backfilled. */
export interface DemoTruck {
  index: number;
  device: IngestDevice;
  row: DemoHistoryRow;
}

/** What a backfill did. */
export interface DemoBackfillResult {
  records: number;
  /** Until every history was stored. */
  storedMs: number;
  /** Until every history was also recomputed (trips, stops, idle periods, rollups). */
  completeMs: number;
}

/**
 * The positions `records` become when the truck's device sends them: Codec 8E packets decoded and
 * mapped with the device model's IO table (Teltonika), or OsmAnd requests decoded (phones) — the
 * device ports' code, without the round trips.
 */
export function decodeAsSent(
  ingest: IngestContext,
  device: IngestDevice,
  records: readonly SimRecord[],
): Position[] {
  const nowMs = ingest.nowMs();
  const positions: Position[] = [];
  if (device.protocol === 'osmand') {
    for (const record of records) {
      const url = new URL(osmandPath(device.uniqueId, record), 'http://osmand.local');
      const decoded = decodeOsmAnd({ query: [...url.searchParams.entries()], body: '', nowMs });
      if (!decoded.ok) throw new Error(`demo OsmAnd record not decoded: ${decoded.reason}`);
      positions.push(...decoded.positions);
    }
    return positions;
  }
  const table = ingest.ioTable(device);
  for (let i = 0; i < records.length; i += PACKET_RECORDS) {
    const frame = encodeCodec8eFrame(records.slice(i, i + PACKET_RECORDS).map(toAvlRecord));
    const message = decodeTeltonikaTcp(frame);
    if (message.kind !== 'avl') throw new Error(`demo Teltonika packet decoded as ${message.kind}`);
    for (const raw of message.records) {
      const position = mapAvlRecord(raw, table, device.uniqueId);
      position.serverTimeMs = nowMs;
      positions.push(position);
    }
  }
  return positions;
}

/**
 * Sends the demo trucks' histories through ingest in bulk (decoded as the device ports decode
 * them, submitted as the ports submit them), a few trucks at a time, each in time order without
 * pause and resumed from its stored progress. The live trucks already sent newer records, so the
 * pipeline stores these as late and recomputes each vehicle's window once its history ends: the
 * first record of each history goes last, so that recompute covers the whole history. A history
 * is complete once that recompute shows in the trips table (docs/decisions/0019-demo-first-run.md).
 */
export async function backfillDemoHistory(deps: {
  db: Kysely<Database>;
  ingest: IngestContext;
  fleet: Fleet;
  trucks: readonly DemoTruck[];
  isStopped: () => boolean;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}): Promise<DemoBackfillResult> {
  const { db, ingest, fleet, isStopped } = deps;
  const t0 = performance.now();
  let records = 0;

  const submit = async (device: IngestDevice, batch: readonly SimRecord[]): Promise<void> => {
    const result = await ingest.submit(device, decodeAsSent(ingest, device, batch));
    ingest.counters.recordsAcked += result.accepted;
    ingest.counters.recordsRejected += result.rejected;
    records += batch.length;
  };

  /** The history's first record (sent last). */
  const firstRecord = (truck: DemoTruck): SimRecord | undefined => {
    const { fromMs, untilMs } = truck.row;
    for (const chunk of fleet.history(truck.index, { fromMs, toMs: untilMs })) {
      if (chunk.records.length > 0) return chunk.records[0];
    }
    return undefined;
  };

  const backfillTruck = async (truck: DemoTruck): Promise<void> => {
    const { row, device } = truck;
    const first = firstRecord(truck);
    if (!first) return;
    if (row.storedUntilMs < row.untilMs) {
      // Submissions in flight, oldest first: the truck's records reach the pipeline back to back
      // (its late rows in every batch), so its window is recomputed once, after its history.
      const inFlight: { done: Promise<void>; untilMs: number }[] = [];
      // Progress is written behind the submissions, never holding the next one back.
      let progress = Promise.resolve();
      const settleOldest = async (): Promise<void> => {
        const oldest = inFlight.shift()!;
        await oldest.done;
        progress = progress.then(() => markDemoHistoryStored(db, device.id, oldest.untilMs));
        progress.catch(() => undefined); // awaited after the last submission
      };
      let batch: SimRecord[] = [];
      const history = fleet.history(truck.index, {
        fromMs: row.fromMs,
        toMs: row.untilMs,
        resumeAtMs: row.storedUntilMs,
      });
      for (const chunk of history) {
        // Live devices and HTTP go on between chunks (an hour of one truck's history each).
        await new Promise((resolve) => setImmediate(resolve));
        if (isStopped()) break;
        for (const record of chunk.records) {
          if (record.fixTimeMs !== first.fixTimeMs) batch.push(record);
        }
        if (batch.length < SUBMIT_RECORDS && chunk.untilMs < row.untilMs) continue;
        const done = submit(device, batch);
        done.catch(() => undefined); // awaited in order below; a failure stops this truck there
        inFlight.push({ done, untilMs: chunk.untilMs });
        batch = [];
        if (inFlight.length >= SUBMISSIONS_IN_FLIGHT) await settleOldest();
      }
      while (inFlight.length > 0) await settleOldest();
      await progress;
    }
    if (isStopped()) return;
    // A restart lost the recompute the first record asked for: store it anew to ask again.
    if (row.firstSentAfterTrip !== null) await deleteDemoPosition(db, device.id, first.fixTimeMs);
    const tripId = await largestTripId(db);
    await markDemoFirstRecordSent(db, device.id, tripId);
    await submit(device, [first]);
    deps.log.info({ device: device.uniqueId }, 'demo fleet: truck history sent');
  };

  const queue = deps.trucks.filter((t) => !t.row.completed);
  // Sent whole before a restart, and recomputed after all: complete.
  const recomputed = new Set(await recomputedDemoHistories(db));
  await markDemoHistoryComplete(db, [...recomputed]);
  const pending = queue.filter((t) => !recomputed.has(t.device.id));
  const waiting = new Set(pending.map((t) => t.device.id));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pending.length && !isStopped()) {
      const truck = pending[next++]!;
      try {
        await backfillTruck(truck);
      } catch (error) {
        // Left for the next start, which resumes it.
        waiting.delete(truck.device.id);
        if (!isStopped()) {
          deps.log.warn({ err: error, device: truck.device.uniqueId }, 'demo history not sent');
        }
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(DEMO_BACKFILL_CONCURRENCY, pending.length) }, worker),
  );
  const storedMs = performance.now() - t0;

  // Complete once each vehicle's recompute has run; a recompute that never shows (it failed) is
  // left for the next start, which asks for it again.
  let progressAt = performance.now();
  while (waiting.size > 0 && !isStopped()) {
    const done = (await recomputedDemoHistories(db)).filter((id) => waiting.has(id));
    await markDemoHistoryComplete(db, done);
    for (const id of done) waiting.delete(id);
    if (done.length > 0) progressAt = performance.now();
    if (performance.now() - progressAt > COMPLETION_WAIT_MS) {
      deps.log.warn({ devices: [...waiting] }, 'demo history not recomputed (next start retries)');
      break;
    }
    if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, COMPLETION_POLL_MS));
  }
  return { records, storedMs, completeMs: performance.now() - t0 };
}
