// Test-only: run records through the whole default chain with a vehicle context and list the
// alert events as compact rows.

import type { Position } from '../position.js';
import { initialDeviceState, step } from '../reducer/device.reducer.js';
import type { EventFact } from '../reducer/facts.js';
import { reducerSettings, type ReducerSettings } from '../reducer/reducer-settings.js';
import { T0 } from '../reducer/scenario.helpers.js';
import type { VehicleContext } from './detector.js';

/** Every event fact of a run from a fresh state. */
export function eventsOf(
  positions: readonly Position[],
  context: VehicleContext = {},
  overrides: Partial<ReducerSettings> = {},
): EventFact[] {
  const settings = reducerSettings(overrides);
  let state = initialDeviceState();
  const events: EventFact[] = [];
  for (const p of positions) {
    const result = step(state, p, settings, { context });
    state = JSON.parse(JSON.stringify(result.state)) as typeof state; // slices survive a restart
    for (const f of result.facts) if (f.type === 'event') events.push(f);
  }
  return events;
}

/** [code, start s after T0, end s (or null), value (or null)] of each event. */
export function eventRows(events: readonly EventFact[]): (string | number | null)[][] {
  return events.map((e) => [
    e.code,
    (e.startTimeMs - T0) / 1000,
    e.endTimeMs === undefined ? null : (e.endTimeMs - T0) / 1000,
    e.value ?? null,
  ]);
}

/** Rows of the events whose code is one of `codes`. */
export function rowsOf(
  events: readonly EventFact[],
  ...codes: string[]
): (string | number | null)[][] {
  return eventRows(events.filter((e) => codes.includes(e.code)));
}
