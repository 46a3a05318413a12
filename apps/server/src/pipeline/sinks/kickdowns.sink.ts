import type { Insertable } from 'kysely';
import type { VehicleKickdownsTable } from '../../db/schema.js';
import { lastByKey, type Sink } from './sink.js';

type KickdownRow = Insertable<VehicleKickdownsTable>;

/** Each kickdown with its time and place (migration 0012); the hourly indicators count them. */
export const kickdownsSink: Sink<KickdownRow> = {
  name: 'kickdowns',
  kinds: ['kickdown'],
  publishes: false,
  collect({ vehicleId, tenantId }, fact) {
    if (fact.type !== 'kickdown') return undefined;
    return {
      vehicle_id: vehicleId,
      tenant_id: tenantId,
      time: new Date(fact.timeMs),
      lat: fact.lat ?? null,
      lng: fact.lng ?? null,
      speed_kmh: fact.speedKmh ?? null,
      driver_code: fact.driverCode ?? null,
    };
  },
  covers(fact, fromMs) {
    return fact.type === 'kickdown' && fact.timeMs >= fromMs;
  },
  async write(trx, rows) {
    await trx
      .insertInto('vehicle_kickdowns')
      .values(lastByKey(rows, (r) => `${r.vehicle_id}|${(r.time as Date).getTime()}`))
      .onConflict((oc) => oc.columns(['vehicle_id', 'time']).doNothing())
      .execute();
  },
  async deleteRange(trx, vehicleId, fromMs) {
    await trx
      .deleteFrom('vehicle_kickdowns')
      .where('vehicle_id', '=', vehicleId)
      .where('time', '>=', new Date(fromMs))
      .execute();
  },
};
