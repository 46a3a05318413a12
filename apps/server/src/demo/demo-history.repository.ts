import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One simulated truck's history and how much of it is stored. */
export interface DemoHistoryRow {
  deviceId: number;
  simStartMs: number;
  fromMs: number;
  untilMs: number;
  storedUntilMs: number;
  /** Set once the first record was sent (last): the largest trip id at that moment. */
  firstSentAfterTrip: number | null;
  completed: boolean;
}

const ms = (value: Date | string): number => new Date(value).getTime();

/** Every demo truck's history row, by device id. */
export async function listDemoHistory(db: Kysely<Database>): Promise<Map<number, DemoHistoryRow>> {
  const rows = await db.selectFrom('demo_history').selectAll().execute();
  return new Map(
    rows.map((r) => [
      r.device_id,
      {
        deviceId: r.device_id,
        simStartMs: ms(r.sim_start),
        fromMs: ms(r.history_from),
        untilMs: ms(r.history_until),
        storedUntilMs: ms(r.stored_until),
        firstSentAfterTrip:
          r.first_sent_after_trip === null ? null : Number(r.first_sent_after_trip),
        completed: r.completed_at !== null,
      },
    ]),
  );
}

/** Adds history rows (nothing stored yet; rows that exist are kept). */
export async function insertDemoHistory(
  db: Kysely<Database>,
  rows: readonly Pick<DemoHistoryRow, 'deviceId' | 'simStartMs' | 'fromMs' | 'untilMs'>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('demo_history')
    .values(
      rows.map((r) => ({
        device_id: r.deviceId,
        sim_start: new Date(r.simStartMs),
        history_from: new Date(r.fromMs),
        history_until: new Date(r.untilMs),
        stored_until: new Date(r.fromMs),
        // An empty history is complete from the start.
        completed_at: r.fromMs >= r.untilMs ? new Date() : null,
      })),
    )
    .onConflict((oc) => oc.column('device_id').doNothing())
    .execute();
}

/** Records released before `storedUntilMs` are stored. */
export async function markDemoHistoryStored(
  db: Kysely<Database>,
  deviceId: number,
  storedUntilMs: number,
): Promise<void> {
  await db
    .updateTable('demo_history')
    .set({ stored_until: new Date(storedUntilMs) })
    .where('device_id', '=', deviceId)
    .execute();
}

/** The largest trip id so far (0 without trips). */
export async function largestTripId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('trips')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** The first record is about to be sent, when trip ids were at most `tripId`. */
export async function markDemoFirstRecordSent(
  db: Kysely<Database>,
  deviceId: number,
  tripId: number,
): Promise<void> {
  await db
    .updateTable('demo_history')
    .set({ first_sent_after_trip: tripId })
    .where('device_id', '=', deviceId)
    .execute();
}

/**
 * Devices whose history is sent whole but not yet marked complete, and that the pipeline has
 * recomputed whole: their vehicle has a trip in the history's first day and every trip of it is
 * newer than when the first record (the oldest) was sent, so a recompute starting before the
 * history rewrote them all.
 */
export async function recomputedDemoHistories(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('demo_history as h')
    .innerJoin('devices as d', 'd.id', 'h.device_id')
    .innerJoin('trips as t', 't.vehicle_id', 'd.vehicle_id')
    .select('h.device_id')
    .where('h.completed_at', 'is', null)
    .where('h.first_sent_after_trip', 'is not', null)
    .groupBy(['h.device_id', 'h.first_sent_after_trip', 'h.history_from'])
    .having((eb) => eb.fn.min('t.id'), '>', sql<number>`h.first_sent_after_trip`)
    .having(sql`count(*) filter (where t.start_time < h.history_from + interval '1 day')`, '>', 0)
    .execute();
  return rows.map((r) => r.device_id);
}

/** The history of these devices is stored and recomputed. */
export async function markDemoHistoryComplete(
  db: Kysely<Database>,
  deviceIds: readonly number[],
): Promise<void> {
  if (deviceIds.length === 0) return;
  await db
    .updateTable('demo_history')
    .set({ completed_at: sql`now()` })
    .where('device_id', 'in', deviceIds)
    .execute();
}

/**
 * Drops one stored record, so that sending it again makes it new (and late) to the pipeline: the
 * first record of a history whose recompute a restart lost.
 */
export async function deleteDemoPosition(
  db: Kysely<Database>,
  deviceId: number,
  fixTimeMs: number,
): Promise<void> {
  await db
    .deleteFrom('positions')
    .where('device_id', '=', deviceId)
    .where('fix_time', '=', new Date(fixTimeMs))
    .execute();
}
