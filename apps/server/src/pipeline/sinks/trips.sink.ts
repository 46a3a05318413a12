import type { Insertable } from 'kysely';
import type { TripsTable } from '../../db/schema.js';
import { lastByKey, type Sink } from './sink.js';

type TripRow = Insertable<TripsTable>;

/** Closed trips; a recomputed trip replaces the one with the same start. */
export const tripsSink: Sink<TripRow> = {
  name: 'trips',
  kinds: ['trip'],
  publishes: true,
  places: {
    columns: [
      ['start_lat', 'start_lng', 'start_place'],
      ['end_lat', 'end_lng', 'end_place'],
    ],
  },
  collect({ vehicleId, tenantId }, fact) {
    if (fact.type !== 'trip') return undefined;
    return {
      tenant_id: tenantId,
      vehicle_id: vehicleId,
      start_time: new Date(fact.startTimeMs),
      end_time: new Date(fact.endTimeMs),
      start_lat: fact.startLat ?? 0,
      start_lng: fact.startLng ?? 0,
      end_lat: fact.endLat ?? fact.startLat ?? 0,
      end_lng: fact.endLng ?? fact.startLng ?? 0,
      start_odometer_km: fact.startOdometerM === undefined ? null : fact.startOdometerM / 1000,
      end_odometer_km: fact.endOdometerM === undefined ? null : fact.endOdometerM / 1000,
      distance_km: fact.distanceM / 1000,
      driving_s: Math.round(fact.drivingTimeS),
      idle_s: Math.round(fact.idleTimeS),
      fuel_l: fact.fuelUsedL ?? null,
      max_speed_kmh: fact.maxSpeedKmh ?? 0,
      avg_speed_kmh: fact.avgSpeedKmh ?? 0,
      driver_code: fact.driverCode ?? null,
      coverage: fact.coverage,
    };
  },
  covers(fact, fromMs) {
    return fact.type === 'trip' && fact.startTimeMs >= fromMs;
  },
  async write(trx, rows) {
    await trx
      .insertInto('trips')
      .values(lastByKey(rows, (r) => `${r.vehicle_id}|${(r.start_time as Date).getTime()}`))
      .onConflict((oc) =>
        oc.columns(['vehicle_id', 'start_time']).doUpdateSet((eb) => ({
          end_time: eb.ref('excluded.end_time'),
          start_lat: eb.ref('excluded.start_lat'),
          start_lng: eb.ref('excluded.start_lng'),
          end_lat: eb.ref('excluded.end_lat'),
          end_lng: eb.ref('excluded.end_lng'),
          start_odometer_km: eb.ref('excluded.start_odometer_km'),
          end_odometer_km: eb.ref('excluded.end_odometer_km'),
          distance_km: eb.ref('excluded.distance_km'),
          driving_s: eb.ref('excluded.driving_s'),
          idle_s: eb.ref('excluded.idle_s'),
          fuel_l: eb.ref('excluded.fuel_l'),
          max_speed_kmh: eb.ref('excluded.max_speed_kmh'),
          avg_speed_kmh: eb.ref('excluded.avg_speed_kmh'),
          driver_code: eb.ref('excluded.driver_code'),
          coverage: eb.ref('excluded.coverage'),
          start_place: eb.ref('excluded.start_place'),
          end_place: eb.ref('excluded.end_place'),
        })),
      )
      .execute();
  },
  async deleteRange(trx, vehicleId, fromMs) {
    await trx
      .deleteFrom('trips')
      .where('vehicle_id', '=', vehicleId)
      .where('start_time', '>=', new Date(fromMs))
      .execute();
  },
};
