import type { Insertable } from 'kysely';
import type { IdlePeriodsTable } from '../../db/schema.js';
import { lastByKey, type Sink } from './sink.js';

type IdleRow = Insertable<IdlePeriodsTable>;

/** Idle periods (§4); a recomputed period replaces the one with the same start. */
export const idleSink: Sink<IdleRow> = {
  name: 'idle',
  kinds: ['idle'],
  publishes: true,
  places: { columns: [['lat', 'lng', 'place']] },
  collect({ vehicleId, tenantId }, fact) {
    if (fact.type !== 'idle') return undefined;
    return {
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      start_time: new Date(fact.startTimeMs),
      end_time: new Date(fact.endTimeMs),
      duration_s: Math.round(fact.durationS),
      lat: fact.lat ?? null,
      lng: fact.lng ?? null,
      fuel_l: fact.fuelL,
      fuel_source: fact.fuelSource,
      driver_code: fact.driverCode ?? null,
    };
  },
  covers(fact, fromMs) {
    return fact.type === 'idle' && fact.startTimeMs >= fromMs;
  },
  async write(trx, rows) {
    await trx
      .insertInto('idle_periods')
      .values(lastByKey(rows, (r) => `${r.vehicle_id}|${(r.start_time as Date).getTime()}`))
      .onConflict((oc) =>
        oc.columns(['vehicle_id', 'start_time']).doUpdateSet((eb) => ({
          end_time: eb.ref('excluded.end_time'),
          duration_s: eb.ref('excluded.duration_s'),
          lat: eb.ref('excluded.lat'),
          lng: eb.ref('excluded.lng'),
          fuel_l: eb.ref('excluded.fuel_l'),
          fuel_source: eb.ref('excluded.fuel_source'),
          driver_code: eb.ref('excluded.driver_code'),
          place: eb.ref('excluded.place'),
        })),
      )
      .execute();
  },
  async deleteRange(trx, vehicleId, fromMs) {
    await trx
      .deleteFrom('idle_periods')
      .where('vehicle_id', '=', vehicleId)
      .where('start_time', '>=', new Date(fromMs))
      .execute();
  },
};
