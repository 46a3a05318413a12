// Facts the device reducer emits: plain values the server stores and publishes.

import type { FaultSeverity } from '../diagnostics/dtc.js';
import type { DtcLamps, PositionFlag, PositionRejection } from '../position.js';
import type { CounterName } from './counters.js';
import type { LiveStatus } from '../detectors/status.detector.js';

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

/** What one interval between accepted records adds to the vehicle's hourly bucket. */
export interface RollupFact {
  type: 'rollup';
  bucketMs: number;
  distanceKm: number;
  fuelL: number;
  engineS: number;
  drivingS: number;
  idleS: number;
}

/**
 * What one interval adds to a vehicle's hourly driving indicators (domain.md §5, §6), per driver
 * (`driverCode` of the interval's first record, '' when unknown). Times in seconds, distances in km.
 */
export interface IndicatorFact {
  type: 'indicators';
  bucketMs: number;
  driverCode: string;
  distanceKm: number;
  fuelL: number;
  engineS: number;
  /** Engine-on time lost to intervals longer than maxGap (coverage). */
  unknownS: number;
  drivingS: number;
  idleS: number;
  /** Driving time with rpm known (coverage of the CAN indicators). */
  canS: number;
  /** Driving time with rpm in the green band and torque > 0. */
  greenS: number;
  /** Driving time coasting (speed > 10, pedal 0, no torque or fuel, brake and cruise off). */
  inertiaS: number;
  /** Driving time above 60 km/h, and of it with cruise control on and pedal 0. */
  over60S: number;
  cruiseS: number;
  /** Σ torque × s while torque > 0, that time, and the time at ≥ 90 % torque. */
  torqueSum: number;
  torqueS: number;
  torqueHighS: number;
  kickdowns: number;
  /** Distance and time over the speed limit in runs of ≥ 15 s; time above limit + 10 km/h. */
  excessKm: number;
  speedingS: number;
  speeding10S: number;
  hardBrakes: number;
  harshAccels: number;
  harshCorners: number;
  /** The device's crash detections, one per episode (records within `harshMergeS` are one). */
  crashes: number;
  /** Engine-on time whose engine state came from a signal (ignition or rpm), not from motion. */
  engineSignalS: number;
  /**
   * Engine-on time with rpm known, per band (the rpm distribution): under 800, 800 to the green
   * band, the green band (900–1500 by default, any torque), above it to 1800, above 1800.
   */
  rpmUnder800S: number;
  rpmBelowGreenS: number;
  rpmGreenS: number;
  rpmAboveGreenS: number;
  rpmOver1800S: number;
  /**
   * Driving time with harsh-event input (issue 22): a tracker wired to the vehicle (ignition or
   * rpm reported: its accelerometer sends green-driving events) or computed harsh driving. A phone
   * has none: its safe-driving score and hard-braking indicator are N/D, never a clean A.
   */
  harshInputS: number;
}

/** One kickdown (counted in the hour's indicators too), where and when it was counted. */
export interface KickdownFact {
  type: 'kickdown';
  timeMs: number;
  lat?: number;
  lng?: number;
  speedKmh?: number;
  driverCode?: string;
}

/** How an idle period's fuel was measured: counter delta, ∫ fuel rate, or the flat estimate. */
export type IdleFuelSource = 'counter' | 'rate' | 'estimated';

/** A finished idle period (§4): stationary with the engine running, PTO off, for ≥ 120 s. */
export interface IdleFact {
  type: 'idle';
  startTimeMs: number;
  endTimeMs: number;
  durationS: number;
  lat?: number;
  lng?: number;
  fuelL: number;
  fuelSource: IdleFuelSource;
  driverCode?: string;
  endReason: 'motion' | 'ignition-off' | 'engine-stopped' | 'pto' | 'gap';
}

/** Optional data an event carries (spec §3 alert data: `idzona`, `idinterestpoint`, …). */
export type EventData = Readonly<Record<string, string | number | boolean>>;

/**
 * Something a rule saw happen (the alert catalogue, domain.md §10): one common shape for every
 * code. The vehicle is the caller's (the pipeline tags facts with it); `endTimeMs` is set for
 * events with a duration (a speeding episode, a long stop), `value` is the rule's measure (top
 * speed in km/h, duration in s, acceleration in m/s², temperature in °C).
 */
export interface EventFact {
  type: 'event';
  code: string;
  startTimeMs: number;
  endTimeMs?: number;
  lat?: number;
  lng?: number;
  value?: number;
  driverCode?: string;
  data?: EventData;
  /**
   * A fact for the vehicle's history, not an alert (issue 22): a crossing of a zone nobody marked
   * to notify, a zone's exit (its entry was the alert). Stored, never listed nor told.
   */
  quiet?: true;
}

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

/** What the route detector saw of a planned trip (started, at a stop, late, off the corridor…). */
export interface RouteFact {
  type: 'route';
  planId: number;
  kind:
    'started' | 'stop_arrived' | 'stop_left' | 'arrived' | 'late' | 'deviation' | 'back_on_route';
  /** The stop it concerns (index into the plan's stops), -1 for the trip as a whole. */
  stopIndex: number;
  atMs: number;
  lat?: number;
  lng?: number;
}

/** A planned trip's expected arrival from the remaining distance and the recent speed. */
export interface RouteEtaFact {
  type: 'route-eta';
  planId: number;
  atMs: number;
  /** Undefined when it can't be told (no speed and no plan speed). */
  etaMs?: number;
  remainingM: number;
  offRoute: boolean;
}

/** Everything {@link step} can emit. */
export type DeviceFact =
  | RouteFact
  | RouteEtaFact
  | TripFact
  | StopFact
  | IdleFact
  | KickdownFact
  | RollupFact
  | IndicatorFact
  | EventFact
  | StatusFact
  | LateFact
  | DuplicateFact
  | RejectedFact
  | FlaggedFact
  | CounterFact
  | FaultFact;
