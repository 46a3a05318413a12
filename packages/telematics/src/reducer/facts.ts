// Facts the device reducer emits: plain values the server stores and publishes.

import type { PositionFlag, PositionRejection } from '../position.js';
import type { CounterName } from './counters.js';
import type { LiveStatus } from './status.js';

/** How a trip's distance was measured: ECU odometer deltas, GPS hops, or both over its length. */
export type DistanceSource = 'odometer' | 'gps' | 'mixed';

/** A finished trip (§3). Times are fix times (UTC ms); places may be unknown without GNSS. */
export interface TripFact {
  type: 'trip';
  startTimeMs: number;
  endTimeMs: number;
  durationS: number;
  startLat?: number;
  startLng?: number;
  endLat?: number;
  endLng?: number;
  startOdometerM?: number;
  endOdometerM?: number;
  distanceM: number;
  distanceSource: DistanceSource;
  drivingTimeS: number;
  idleTimeS: number;
  /** Fuel counter delta; undefined when the vehicle reports no fuel counter. */
  fuelUsedL?: number;
  maxSpeedKmh?: number;
  /** Distance over driving time. */
  avgSpeedKmh?: number;
  driverCode?: string;
  /** Known engine-on time / engine-on time (1 when there was none). */
  coverage: number;
  positionCount: number;
  endReason: 'stop' | 'ignition-off' | 'gap';
}

/** The time between two trips (§3), emitted when the next trip starts. */
export interface StopFact {
  type: 'stop';
  startTimeMs: number;
  endTimeMs: number;
  durationS: number;
  lat?: number;
  lng?: number;
  /** Known engine-on time during the stop. */
  ignitionOnS: number;
  fuelLevelBeforePct?: number;
  fuelLevelAfterPct?: number;
  fuelLevelBeforeL?: number;
  fuelLevelAfterL?: number;
}

/** The live status changed. */
export interface StatusFact {
  type: 'status';
  from: LiveStatus;
  to: LiveStatus;
  atMs: number;
}

/** A record older than the newest processed one: store it, then replay the affected window. */
export interface LateFact {
  type: 'late';
  fixTimeMs: number;
  newestFixTimeMs: number;
}

/** A record with the same fix time as the newest processed one (sent twice): ignored. */
export interface DuplicateFact {
  type: 'duplicate';
  fixTimeMs: number;
}

/** A record refused for good by validatePosition (never stored). */
export interface RejectedFact {
  type: 'rejected';
  fixTimeMs: number;
  reason: PositionRejection;
}

/** A record stored but skipped by the reducer because of implausible values. */
export interface FlaggedFact {
  type: 'flagged';
  fixTimeMs: number;
  flags: PositionFlag[];
}

/** A counter reading that counted 0 and re-baselined (§0): reset, swap, wrap or glitch. */
export interface CounterFact {
  type: 'counter';
  counter: CounterName;
  anomaly: 'negative' | 'too-large';
  previous: number;
  current: number;
  atMs: number;
}

/** Everything {@link step} can emit. */
export type DeviceFact =
  | TripFact
  | StopFact
  | StatusFact
  | LateFact
  | DuplicateFact
  | RejectedFact
  | FlaggedFact
  | CounterFact;
