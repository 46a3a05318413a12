import type { Insertable } from 'kysely';
import type { PlannedTripEtaTable, PlannedTripProgressTable } from '../../db/schema.js';
import { lastByKey, type Sink } from './sink.js';
import { vehicleRowsFrom } from './vehicle-rows.js';

// What the route detector saw of planned trips (docs/decisions/0027-planned-trips.md): progress
// rows (started, at a stop, left it, arrived, late, off the corridor, back on it) and each plan's
// newest ETA. A plan deleted while its facts were on the way is skipped, not a failed batch.

type ProgressRow = Insertable<PlannedTripProgressTable>;
type EtaRow = Insertable<PlannedTripEtaTable>;
type Row = { progress: ProgressRow } | { eta: EtaRow };

/** Planned-trip follow-up; a recompute rewrites the progress from its start on. */
export const plannedTripsSink: Sink<Row> = {
  name: 'planned-trips',
  kinds: ['route', 'route-eta'],
  publishes: false,
  places: {
    columns: [['lat', 'lng', 'place']],
    in: (row) => (row as { progress?: Record<string, unknown> }).progress,
  },
  collect({ vehicleId }, fact) {
    if (fact.type === 'route') {
      return {
        progress: {
          planned_trip_id: fact.planId,
          vehicle_id: vehicleId,
          kind: fact.kind,
          stop_index: fact.stopIndex,
          at: new Date(fact.atMs),
          lat: fact.lat ?? null,
          lng: fact.lng ?? null,
        },
      };
    }
    if (fact.type === 'route-eta') {
      return {
        eta: {
          planned_trip_id: fact.planId,
          vehicle_id: vehicleId,
          at: new Date(fact.atMs),
          eta: fact.etaMs === undefined ? null : new Date(fact.etaMs),
          remaining_m: fact.remainingM,
          off_route: fact.offRoute,
        },
      };
    }
    return undefined;
  },
  covers(fact, fromMs) {
    return fact.type === 'route' && fact.atMs >= fromMs;
  },
  async write(trx, rows) {
    const ids = new Set<number>();
    for (const row of rows)
      ids.add('eta' in row ? row.eta.planned_trip_id : row.progress.planned_trip_id);
    const existing = new Set(
      (
        await trx
          .selectFrom('planned_trips')
          .select('id')
          .where('id', 'in', [...ids])
          .execute()
      ).map((r) => r.id),
    );
    const progress: ProgressRow[] = [];
    const etas: EtaRow[] = [];
    for (const row of rows) {
      if ('eta' in row) {
        if (existing.has(row.eta.planned_trip_id)) etas.push(row.eta);
      } else if (existing.has(row.progress.planned_trip_id)) progress.push(row.progress);
    }
    if (progress.length > 0) {
      await trx
        .insertInto('planned_trip_progress')
        .values(progress)
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    if (etas.length > 0) {
      await trx
        .insertInto('planned_trip_eta')
        .values(lastByKey(etas, (r) => String(r.planned_trip_id)))
        .onConflict((oc) =>
          oc
            .column('planned_trip_id')
            .doUpdateSet((eb) => ({
              at: eb.ref('excluded.at'),
              eta: eb.ref('excluded.eta'),
              remaining_m: eb.ref('excluded.remaining_m'),
              off_route: eb.ref('excluded.off_route'),
            }))
            .where((eb) => eb('planned_trip_eta.at', '<=', eb.ref('excluded.at'))),
        )
        .execute();
    }
  },
  async deleteRange(trx, vehicleId, fromMs) {
    const from = new Date(fromMs);
    await vehicleRowsFrom(trx, 'planned_trip_progress', 'at', vehicleId, from).execute();
  },
};
