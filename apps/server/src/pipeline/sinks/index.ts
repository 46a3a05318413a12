import { eventsSink, type EventFilter } from './events.sink.js';
import { faultsSink } from './faults.sink.js';
import { idleSink } from './idle.sink.js';
import { indicatorsSink } from './indicators.sink.js';
import { kickdownsSink } from './kickdowns.sink.js';
import { plannedTripsSink } from './planned-trips.sink.js';
import { rollupsSink } from './rollups.sink.js';
import { placed, type PlaceNamer } from './places.js';
import { SinkSet, type Sink } from './sink.js';
import { stopsSink } from './stops.sink.js';
import { tripsSink } from './trips.sink.js';

/**
 * Every sink of derived facts (indicators: issue 13), in write order; `events` filters the alert
 * events stored, `places` names the positions of trips, stops, idle periods, alerts, faults and
 * plan arrivals (issue 23).
 */
export function defaultSinks(options: { events?: EventFilter; places?: PlaceNamer } = {}): SinkSet {
  return new SinkSet(
    (
      [
        tripsSink,
        stopsSink,
        idleSink,
        rollupsSink,
        indicatorsSink,
        kickdownsSink,
        eventsSink(options.events),
        faultsSink,
        plannedTripsSink,
      ] as Sink<unknown>[]
    ).map((sink) => placed(sink, options.places)),
  );
}
