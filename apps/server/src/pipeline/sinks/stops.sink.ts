import { vehicleTimeSink } from './vehicle-rows.js';

/** The stops between trips (a stop without a known place is not stored). */
export const stopsSink = vehicleTimeSink({
  name: 'stops',
  kind: 'stop',
  publishes: true,
  places: { columns: [['lat', 'lng', 'place']] },
  table: 'stops',
  row: (fact) =>
    fact.lat === undefined || fact.lng === undefined
      ? undefined
      : {
          lat: fact.lat,
          lng: fact.lng,
          ignition_on_s: Math.round(fact.ignitionOnS),
          fuel_before_pct: fact.fuelLevelBeforePct ?? null,
          fuel_after_pct: fact.fuelLevelAfterPct ?? null,
        },
  update: ['end_time', 'lat', 'lng', 'ignition_on_s', 'fuel_before_pct', 'fuel_after_pct', 'place'],
});
