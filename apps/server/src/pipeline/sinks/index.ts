import { SERVER_CAPABILITIES, sinksOf, type SinkOptions } from '../../capabilities/index.js';
import { placed } from './places.js';
import { SinkSet } from './sink.js';

/**
 * Every sink of derived facts, in write order: those of each capability (capabilities/index.ts);
 * `events` filters the alert events stored, `places` names the positions of trips, stops, idle
 * periods, alerts, faults and plan arrivals (issue 23).
 */
export function defaultSinks(options: SinkOptions = {}): SinkSet {
  return new SinkSet(
    sinksOf(SERVER_CAPABILITIES, options).map((sink) => placed(sink, options.places)),
  );
}
