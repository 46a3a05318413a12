import type { Kysely } from 'kysely';
import type { DeviceFact } from '@rumbo/telematics';
import type { VehicleTag } from '../../bus/messages.js';
import type { Database } from '../../db/schema.js';

export type { VehicleTag };

/** The kinds of fact the reducer emits. */
export type FactKind = DeviceFact['type'];

/**
 * The columns of a sink's rows that hold a position and the place named there (issue 23):
 * `[lat, lng, place]` each; `in` picks the part of a row that has them (default: the row).
 */
export interface PlaceColumns {
  readonly columns: readonly (readonly [lat: string, lng: string, place: string])[];
  in?(row: unknown): Record<string, unknown> | undefined;
}

/**
 * Where one kind of derived fact is stored. Live processing and a late-record recompute both go
 * through a sink's three steps, so a replay stores exactly what live processing stored:
 * `collect` turns a fact into a row while a batch fills, `write` stores a batch's rows in its
 * transaction, `deleteRange` clears a vehicle's rows from a time on before a recompute writes
 * them again. Methods (not function properties) so a `Sink<TripRow>` is a `Sink<unknown>`.
 */
export interface Sink<Row> {
  readonly name: string;
  /** The fact kinds this sink stores. */
  readonly kinds: readonly FactKind[];
  /** Whether its facts are published after commit (on the bus, for alerts and live screens). */
  readonly publishes: boolean;
  /** Where its rows carry positions to name (issue 23, places.ts); absent: none. */
  readonly places?: PlaceColumns;
  /**
   * Additive sums (rollups, indicators) kept per vehicle in memory and written with the vehicle's
   * persisted state, in its transaction (decision 0065): a restore replays the records stored
   * after that state and so rebuilds exactly the sums not yet written. Needs `fold`; never
   * published.
   */
  readonly deferred?: boolean;
  collect(tag: VehicleTag, fact: DeviceFact): Row | undefined;
  /**
   * Optional: adds the fact into the row collected just before, when they share a key (rollups of
   * one hour), and says whether it did — fewer rows and no allocation per record.
   */
  fold?(last: Row, tag: VehicleTag, fact: DeviceFact): boolean;
  /** Whether `deleteRange(fromMs)` removes this fact's row (a recompute rewrites exactly those). */
  covers(fact: DeviceFact, fromMs: number): boolean;
  write(trx: Kysely<Database>, rows: Row[]): Promise<void>;
  deleteRange(trx: Kysely<Database>, vehicleId: number, fromMs: number): Promise<void>;
}

/** Rows collected for the sinks: a list per sink index, absent while the sink has none. */
export type SinkRows = (unknown[] | undefined)[];

/** The sinks of a pipeline with a lookup from fact kind to the sinks that store it. */
export class SinkSet {
  private readonly byKind = new Map<FactKind, number[]>();
  private readonly published = new Set<FactKind>();
  private readonly deferredKinds = new Set<FactKind>();

  constructor(readonly sinks: readonly Sink<unknown>[]) {
    sinks.forEach((sink, index) => {
      if (sink.deferred && (sink.publishes || !sink.fold))
        throw new Error(`sink ${sink.name}: a deferred sink folds its sums and publishes nothing`);
      for (const kind of sink.kinds) {
        this.byKind.set(kind, [...(this.byKind.get(kind) ?? []), index]);
        if (sink.publishes) this.published.add(kind);
        if (sink.deferred) this.deferredKinds.add(kind);
      }
    });
    for (const kind of this.deferredKinds) {
      if (this.byKind.get(kind)!.some((i) => !this.sinks[i]!.deferred))
        throw new Error(`fact kind ${kind}: stored by deferred and immediate sinks at once`);
    }
  }

  /** Empty row lists, one per sink. */
  empty(): unknown[][] {
    return this.sinks.map(() => []);
  }

  /** Whether some sink stores facts of this kind. */
  stores(kind: FactKind): boolean {
    return this.byKind.has(kind);
  }

  /** Whether facts of this kind wait in the vehicle's sums until its state is persisted. */
  defers(kind: FactKind): boolean {
    return this.deferredKinds.has(kind);
  }

  /** Whether a sink that stores facts of this kind publishes them after commit. */
  publishes(kind: FactKind): boolean {
    return this.published.has(kind);
  }

  /**
   * Adds a fact's rows to `into` (one list per sink, by the sink's index; a sink's list is made
   * when its first row comes, so `into` may start as `[]`: a part whose sinks get nothing
   * allocates nothing for them).
   */
  collect(into: SinkRows, tag: VehicleTag, fact: DeviceFact): void {
    const indexes = this.byKind.get(fact.type);
    if (!indexes) return;
    for (const i of indexes) {
      const sink = this.sinks[i]!;
      const rows = into[i];
      if (sink.fold && rows && rows.length > 0 && sink.fold(rows[rows.length - 1], tag, fact))
        continue;
      const row = sink.collect(tag, fact);
      if (row === undefined) continue;
      if (rows) rows.push(row);
      else into[i] = [row];
    }
  }

  /** Appends `from`'s rows to `into`, sink by sink (a vehicle's held sums into its part). */
  moveInto(into: SinkRows, from: SinkRows): void {
    for (let i = 0; i < from.length; i++) {
      const rows = from[i];
      if (!rows || rows.length === 0) continue;
      const own = into[i];
      if (own) for (const row of rows) own.push(row);
      else into[i] = rows;
    }
  }

  /**
   * Writes the rows of several parts (lists per sink as {@link collect} fills them): one
   * statement per sink that has rows, none for the others.
   */
  async write(trx: Kysely<Database>, parts: readonly SinkRows[]): Promise<void> {
    for (let i = 0; i < this.sinks.length; i++) {
      let rows: unknown[] | undefined;
      for (const part of parts) {
        const own = part[i];
        if (!own || own.length === 0) continue;
        if (!rows) rows = parts.length === 1 ? own : [...own];
        else for (const row of own) rows.push(row);
      }
      if (rows) await this.sinks[i]!.write(trx, rows);
    }
  }

  /** Whether the sinks storing this fact would delete its row in `deleteRange(fromMs)`. */
  covers(fact: DeviceFact, fromMs: number): boolean {
    const indexes = this.byKind.get(fact.type);
    return indexes !== undefined && indexes.every((i) => this.sinks[i]!.covers(fact, fromMs));
  }

  /** Clears a vehicle's derived rows from `fromMs` on, in every sink. */
  async deleteRange(trx: Kysely<Database>, vehicleId: number, fromMs: number): Promise<void> {
    for (const sink of this.sinks) await sink.deleteRange(trx, vehicleId, fromMs);
  }
}

/**
 * One row per key, the last one winning: a statement's `on conflict do update` may touch a row
 * only once, and a batch can hold the same trip twice (a recompute's and a live one).
 */
export function lastByKey<R>(rows: readonly R[], key: (row: R) => string): R[] {
  if (rows.length < 2) return [...rows];
  const byKey = new Map<string, R>();
  for (const row of rows) byKey.set(key(row), row);
  // Sorted by key: concurrent batches take row locks in one order and never deadlock.
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
}
