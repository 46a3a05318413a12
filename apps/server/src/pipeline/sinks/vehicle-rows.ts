import type { Insertable, Kysely } from 'kysely';
import type { DeviceFact } from '@rumbo/telematics';
import type { Database } from '../../db/schema.js';
import { lastByKey, type FactKind, type PlaceColumns, type Sink } from './sink.js';

// What the sinks whose rows belong to a vehicle and a time share: clearing a vehicle's rows from a
// time on, reopening the intervals that ended after it, and the whole sink of a fact kind whose row
// is keyed by (vehicle, time).

/** The tables whose rows carry a `vehicle_id`. */
type VehicleTable = {
  [T in keyof Database]: 'vehicle_id' extends keyof Database[T] ? T : never;
}[keyof Database];

/** The same database, one row shape for every table: the helpers below name tables at run time. */
type AnyTables = Kysely<Record<string, Record<string, unknown>>>;
const loose = (trx: Kysely<Database>) => trx as unknown as AnyTables;

/**
 * `delete from <table> where vehicle_id = <vehicleId> and <column> >= <from>`, to run as it is or
 * narrowed by more `where`s.
 */
export function vehicleRowsFrom(
  trx: Kysely<Database>,
  table: VehicleTable,
  column: string,
  vehicleId: number,
  from: Date,
) {
  return loose(trx).deleteFrom(table).where('vehicle_id', '=', vehicleId).where(column, '>=', from);
}

/**
 * Drops a vehicle's intervals that started from `from` on and reopens those that ended after it
 * (`ends`: the columns of an interval's end, cleared): a recompute's replay closes them again.
 */
export async function reopenFrom(
  trx: Kysely<Database>,
  table: VehicleTable,
  vehicleId: number,
  from: Date,
  ends: readonly string[],
): Promise<void> {
  await vehicleRowsFrom(trx, table, 'start_time', vehicleId, from).execute();
  await loose(trx)
    .updateTable(table)
    .set(Object.fromEntries(ends.map((column) => [column, null])))
    .where('vehicle_id', '=', vehicleId)
    .where('end_time', '>=', from)
    .execute();
}

type FactOf<K extends FactKind> = Extract<DeviceFact, { type: K }>;

/** A fact that spans a time: its row's `start_time` and `end_time`. */
interface Interval {
  startTimeMs: number;
  endTimeMs: number;
}

/**
 * The sink of one fact kind whose rows are keyed by (vehicle, a time): a fact seen again (a
 * recompute re-created it) rewrites its row's `update` columns, or, without any, leaves the row
 * stored first; `deleteRange` drops the rows from a time on, which are those of the facts whose
 * time is from it on. The key's time is `time` (its column and the fact's time), by default an
 * interval's start: `start_time`, set here with `end_time` from the fact's start and end. A row
 * is `row`'s columns with its vehicle and tenant (and an interval's times); none, no row.
 */
export function vehicleTimeSink<K extends FactKind, T extends VehicleTable>(spec: {
  name: string;
  kind: K;
  publishes: boolean;
  places?: PlaceColumns;
  table: T;
  time?: { column: keyof Database[T] & string; of: (fact: FactOf<K>) => number };
  row(fact: FactOf<K>): Partial<Insertable<Database[T]>> | undefined;
  update: readonly (keyof Database[T] & string)[];
}): Sink<Insertable<Database[T]>> {
  type Row = Record<string, unknown>;
  const { kind, update } = spec;
  const table: string = spec.table;
  const timeColumn = spec.time?.column ?? 'start_time';
  const timeOf = spec.time?.of ?? ((fact: FactOf<K>) => (fact as unknown as Interval).startTimeMs);
  const times = spec.time
    ? () => ({})
    : (fact: FactOf<K>) => {
        const { startTimeMs, endTimeMs } = fact as unknown as Interval;
        return { start_time: new Date(startTimeMs), end_time: new Date(endTimeMs) };
      };
  const isKind = (fact: DeviceFact): fact is FactOf<K> => fact.type === kind;
  return {
    name: spec.name,
    kinds: [kind],
    publishes: spec.publishes,
    ...(spec.places ? { places: spec.places } : {}),
    collect({ vehicleId, tenantId }, fact) {
      const own = isKind(fact) ? spec.row(fact) : undefined;
      if (!own) return undefined;
      const row = {
        tenant_id: tenantId,
        vehicle_id: vehicleId,
        ...times(fact as FactOf<K>),
        ...own,
      };
      return row as Insertable<Database[T]>;
    },
    covers(fact, fromMs) {
      return isKind(fact) && timeOf(fact) >= fromMs;
    },
    async write(trx, rows) {
      const keyed = lastByKey(
        rows as Row[],
        (r) => `${r.vehicle_id as number}|${(r[timeColumn] as Date).getTime()}`,
      );
      await loose(trx)
        .insertInto(table)
        .values(keyed)
        .onConflict((oc) => {
          const key = oc.columns(['vehicle_id', timeColumn]);
          return update.length === 0
            ? key.doNothing()
            : key.doUpdateSet((eb) =>
                Object.fromEntries(update.map((column) => [column, eb.ref(`excluded.${column}`)])),
              );
        })
        .execute();
    },
    async deleteRange(trx, vehicleId, fromMs) {
      await vehicleRowsFrom(trx, spec.table, timeColumn, vehicleId, new Date(fromMs)).execute();
    },
  };
}
