import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema.js';
import type { Part } from './batch.js';
import { copyTransaction } from './copy-positions.js';
import type { PositionPartitions } from './partitions.js';
import type { PositionRow } from './position-row.js';
import { insertPositions, insertPositionsReturningNew } from './positions.store.js';
import type { SinkSet } from './sinks/sink.js';
import { upsertVehicleStates, type VehicleStateWrite } from './vehicle-state.store.js';

/** What writing a batch needs. */
export interface WriteDeps {
  db: Kysely<Database>;
  copyPool: pg.Pool | undefined;
  sinks: SinkSet;
  partitions: PositionPartitions;
}

/** What a stored batch reports. */
export interface WriteOutcome {
  /** Position rows that were new. */
  written: number;
  /** Per device id, the oldest late record that was new (a window to recompute). */
  newLate: Map<number, number>;
}

function* fixTimes(rows: readonly PositionRow[], late: readonly PositionRow[]): Iterable<number> {
  for (const row of rows) yield row.fixTimeMs;
  for (const row of late) yield row.fixTimeMs;
}

/** One transaction: positions (COPY on PostgreSQL), late positions, every sink, vehicle states. */
async function transaction(
  deps: WriteDeps,
  rows: PositionRow[],
  late: PositionRow[],
  derived: (trx: Kysely<Database>) => Promise<void>,
): Promise<WriteOutcome> {
  await deps.partitions.ensure(deps.db, fixTimes(rows, late));
  let newLate = new Map<number, number>();
  let lateWritten = 0;
  const rest = async (trx: Kysely<Database>) => {
    const inserted = await insertPositionsReturningNew(trx, late);
    newLate = inserted.oldest;
    lateWritten = inserted.count;
    await derived(trx);
  };
  const written = deps.copyPool
    ? await copyTransaction(deps.copyPool, rows, rest)
    : await deps.db.transaction().execute(async (trx) => {
        const inserted = await insertPositions(trx, rows);
        await rest(trx);
        return inserted;
      });
  return { written: written + lateWritten, newLate };
}

/** Stores a whole batch in one transaction. */
export function writeBatch(deps: WriteDeps, parts: readonly Part[]): Promise<WriteOutcome> {
  const rows = parts.length === 1 ? parts[0]!.rows : parts.flatMap((p) => p.rows);
  const late = parts.flatMap((p) => p.lateRows);
  const states = parts
    .flatMap((p): VehicleStateWrite[] => (p.state ? [p.state] : []))
    .sort((a, b) => a.vehicleId - b.vehicleId);
  return transaction(deps, rows, late, async (trx) => {
    await deps.sinks.write(
      trx,
      parts.map((p) => p.facts),
    );
    await upsertVehicleStates(trx, states);
  });
}

/**
 * Stores rows alone, halving on failure down to single records: returns the fix times the
 * database refused (a record it cannot store is refused for good rather than resent forever).
 */
async function storeRowsHalving(
  deps: WriteDeps,
  rows: PositionRow[],
  late: boolean,
  refused: Set<number>,
  newLate: Map<number, number>,
): Promise<void> {
  if (rows.length === 0) return;
  try {
    const outcome = late
      ? await transaction(deps, [], rows, async () => undefined)
      : await transaction(deps, rows, [], async () => undefined);
    for (const [id, ms] of outcome.newLate) newLate.set(id, Math.min(newLate.get(id) ?? ms, ms));
  } catch {
    if (rows.length === 1) {
      refused.add(rows[0]!.fixTimeMs);
      return;
    }
    const half = Math.ceil(rows.length / 2);
    await storeRowsHalving(deps, rows.slice(0, half), late, refused, newLate);
    await storeRowsHalving(deps, rows.slice(half), late, refused, newLate);
  }
}

/**
 * Stores one device's part after its batch failed: first whole, then (if that fails too) its
 * records by halving and its derived rows on their own. Derived rows the database refuses are
 * reported and dropped; a later recompute of the window rebuilds them.
 */
export async function writeIsolated(
  deps: WriteDeps,
  part: Part,
  onError: (error: unknown) => void,
): Promise<{ refused: Set<number>; newLate: Map<number, number> }> {
  try {
    const outcome = await writeBatch(deps, [part]);
    return { refused: new Set(), newLate: outcome.newLate };
  } catch (error) {
    onError(error);
  }
  const refused = new Set<number>();
  const newLate = new Map<number, number>();
  await storeRowsHalving(deps, part.rows, false, refused, newLate);
  await storeRowsHalving(deps, part.lateRows, true, refused, newLate);
  try {
    await deps.db.transaction().execute(async (trx) => {
      await deps.sinks.write(trx, [part.facts]);
      await upsertVehicleStates(trx, part.state ? [part.state] : []);
    });
  } catch (error) {
    onError(error);
  }
  return { refused, newLate };
}
