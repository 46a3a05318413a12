import type { Insertable } from 'kysely';
import type { StopsTable } from '../../db/schema.js';
import { lastByKey, type Sink } from './sink.js';

type StopRow = Insertable<StopsTable>;

/** The stops between trips (a stop without a known place is not stored). */
export const stopsSink: Sink<StopRow> = {
  name: 'stops',
  kinds: ['stop'],
  publishes: true,
  places: { columns: [['lat', 'lng', 'place']] },
  collect({ vehicleId, tenantId }, fact) {
    if (fact.type !== 'stop' || fact.lat === undefined || fact.lng === undefined) return undefined;
    return {
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      start_time: new Date(fact.startTimeMs),
      end_time: new Date(fact.endTimeMs),
      lat: fact.lat,
      lng: fact.lng,
      ignition_on_s: Math.round(fact.ignitionOnS),
      fuel_before_pct: fact.fuelLevelBeforePct ?? null,
      fuel_after_pct: fact.fuelLevelAfterPct ?? null,
    };
  },
  covers(fact, fromMs) {
    return fact.type === 'stop' && fact.startTimeMs >= fromMs;
  },
  async write(trx, rows) {
    await trx
      .insertInto('stops')
      .values(lastByKey(rows, (r) => `${r.vehicle_id}|${(r.start_time as Date).getTime()}`))
      .onConflict((oc) =>
        oc.columns(['vehicle_id', 'start_time']).doUpdateSet((eb) => ({
          end_time: eb.ref('excluded.end_time'),
          lat: eb.ref('excluded.lat'),
          lng: eb.ref('excluded.lng'),
          ignition_on_s: eb.ref('excluded.ignition_on_s'),
          fuel_before_pct: eb.ref('excluded.fuel_before_pct'),
          fuel_after_pct: eb.ref('excluded.fuel_after_pct'),
          place: eb.ref('excluded.place'),
        })),
      )
      .execute();
  },
  async deleteRange(trx, vehicleId, fromMs) {
    await trx
      .deleteFrom('stops')
      .where('vehicle_id', '=', vehicleId)
      .where('start_time', '>=', new Date(fromMs))
      .execute();
  },
};
