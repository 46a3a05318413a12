// The driving-times capability's facts (issue 26), added to the fact union from here (capability.ts).

import type { DriverActivityKind } from '../driving-times/types.js';

/** A tachograph slot: 1 the driver, 2 the co-driver. */
export type TachographSlot = 1 | 2;

/**
 * One activity interval of the card in one slot of this vehicle's tachograph, emitted when it opens
 * (`endMs` undefined: it goes on) and again when it closes. Keyed by (slot, `startMs`); `atMs` is
 * the fix time of the record that emitted it (a recompute keeps the facts from its start on).
 */
export interface DriverActivityFact {
  type: 'driver-activity';
  atMs: number;
  slot: TachographSlot;
  /** The card id as the tachograph reports it. */
  card: string;
  kind: DriverActivityKind;
  startMs: number;
  endMs?: number;
  /** Where it started, when the record had a location. */
  lat?: number;
  lng?: number;
}

declare module '../reducer/facts.js' {
  interface FactMap {
    'driver-activity': DriverActivityFact;
  }
}
