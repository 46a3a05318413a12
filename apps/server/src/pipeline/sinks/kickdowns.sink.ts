import { vehicleTimeSink } from './vehicle-rows.js';

/** Each kickdown with its time and place (migration 0012); the hourly indicators count them. */
export const kickdownsSink = vehicleTimeSink({
  name: 'kickdowns',
  kind: 'kickdown',
  publishes: false,
  table: 'vehicle_kickdowns',
  time: { column: 'time', of: (fact) => fact.timeMs },
  row: (fact) => ({
    time: new Date(fact.timeMs),
    lat: fact.lat ?? null,
    lng: fact.lng ?? null,
    speed_kmh: fact.speedKmh ?? null,
    driver_code: fact.driverCode ?? null,
  }),
  update: [],
});
