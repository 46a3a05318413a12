// The faults capability's facts (domain.md §9), added to the fact union from here (capability.ts).

import type { FaultSeverity } from '../diagnostics/dtc.js';
import type { DtcLamps } from '../position.js';

/** Where a fault episode was at its open or close (§9): time, place, odometer and engine hours. */
export interface FaultPoint {
  timeMs: number;
  lat?: number;
  lng?: number;
  odometerM?: number;
  engineHours?: number;
}

/**
 * A fault episode (domain.md §9), keyed by (source, code): emitted when it opens, when its
 * severity or occurrence count changes, and when it closes (`end` set). `atMs` is the fix time of
 * the record that emitted it (a recompute keeps the facts from its start on).
 */
export interface FaultFact {
  type: 'fault';
  atMs: number;
  source: 'j1939' | 'obd';
  /** As mechanics read it: `SPN 110 / FMI 0`, or `P0217`. */
  code: string;
  spn?: number;
  fmi?: number;
  start: FaultPoint;
  end?: FaultPoint;
  /** Absent from 2 reports in a row, or not reported for 10 min of ignition on. */
  endReason?: 'absent' | 'quiet';
  lastSeenMs: number;
  occurrences?: number;
  /** Every lamp seen on during the episode. */
  lamps: DtcLamps;
  severity: FaultSeverity;
}

declare module '../reducer/facts.js' {
  interface FactMap {
    fault: FaultFact;
  }
}
