import { vehicleTimeSink } from './vehicle-rows.js';

/** Idle periods (§4); a recomputed period replaces the one with the same start. */
export const idleSink = vehicleTimeSink({
  name: 'idle',
  kind: 'idle',
  publishes: true,
  places: { columns: [['lat', 'lng', 'place']] },
  table: 'idle_periods',
  row: (fact) => ({
    duration_s: Math.round(fact.durationS),
    lat: fact.lat ?? null,
    lng: fact.lng ?? null,
    fuel_l: fact.fuelL,
    fuel_source: fact.fuelSource,
    driver_code: fact.driverCode ?? null,
  }),
  update: ['end_time', 'duration_s', 'lat', 'lng', 'fuel_l', 'fuel_source', 'driver_code', 'place'],
});
