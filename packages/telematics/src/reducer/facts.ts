// Facts the device reducer emits: plain values the server stores and publishes.

import type { PositionFlag, PositionRejection } from '../position.js';
import type { CounterName } from './counters.js';

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

/** Statuses a record can produce (status.detector.ts); the offline ones come with time. */
export type LiveStatus = 'undefined' | 'off' | 'idling' | 'in-transit' | 'speeding';

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

/**
 * Every fact kind by its `type`. The reducer's own and the core detectors' are here; a capability
 * adds its kinds from its own file by augmenting this interface (capability.ts):
 *
 *     declare module '../reducer/facts.js' {
 *       interface FactMap { fault: FaultFact }
 *     }
 */
export interface FactMap {
  trip: TripFact;
  stop: StopFact;
  idle: IdleFact;
  kickdown: KickdownFact;
  rollup: RollupFact;
  indicators: IndicatorFact;
  event: EventFact;
  status: StatusFact;
  late: LateFact;
  duplicate: DuplicateFact;
  rejected: RejectedFact;
  flagged: FlaggedFact;
  counter: CounterFact;
}

/** A fact kind (the `type` of a fact). */
export type FactKind = keyof FactMap;

/** Everything {@link step} can emit: the union of every registered kind. */
export type DeviceFact = FactMap[FactKind];
