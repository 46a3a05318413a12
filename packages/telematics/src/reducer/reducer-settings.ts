// Every threshold of the device reducer, with the defaults of docs/domain.md §0, §2, §3.
// Per tenant, vehicle group or vehicle, the server merges overrides with reducerSettings().

import { IMPLAUSIBLE_FLAGS, type PositionFlag } from '../position.js';

/** Thresholds of the device reducer (status, trips and stops, counters, time shares). */
export interface ReducerSettings {
  /** GNSS speed is ignored with fewer satellites (§0). */
  minGnssSatellites: number;
  /** GNSS speed is ignored above this HDOP (§0). */
  maxGnssHdop: number;
  /** Motion: speed at or above this (§3); also enters in-transit (§2). */
  motionSpeedKmh: number;
  /** Stationary: speed below this (§2 idling, leaving in-transit; §4). */
  stationarySpeedKmh: number;
  /** Stopped → moving after motion for this long… (§3) */
  tripStartDurationS: number;
  /** …or this far. */
  tripStartDistanceM: number;
  /** Moving → stopped after this long without motion (§3). */
  tripStopDurationS: number;
  /** A gap longer than this ends the trip at the last record (§3). */
  tripMaxGapS: number;
  /** Trips shorter than both of these are dropped (§3). */
  tripMinDurationS: number;
  tripMinDistanceM: number;
  /** GPS distance ignores hops implying more than this speed (§3). */
  gpsJumpSpeedKmh: number;
  /** An interval longer than this with ignition on is unknown time (§0 maxGap). */
  maxGapS: number;
  /** Offline after this silence when the last status was moving or idling (§2). */
  offlineMovingS: number;
  /** Offline after this silence when the last status was off or undefined (§2). */
  offlineOffS: number;
  /** Speed limit when the vehicle and geofence have none (§2). */
  speedLimitKmh: number;
  /** Over the limit for at least this long → speeding (§2). */
  speedingMinS: number;
  /** In-transit is left after this long below the stationary speed (§2). */
  inTransitLeaveS: number;
  /** Idling: stationary with the engine running for at least this long (§2). */
  idlingMinS: number;
  /** Engine running: rpm above this (§2, §4). */
  idleRpmMin: number;
  /** An idle period starts after this long stationary with the engine running (§4). */
  idleStartS: number;
  /** …and ends after motion for this long (§4), at the first motion record. */
  idleEndMotionS: number;
  /** A silence longer than this closes an idle period at the last record (§4). */
  idleMaxGapS: number;
  /** Idle fuel when neither a counter nor a fuel rate is reported, flagged as estimated (§4). */
  idleEstimatedLph: number;
  /** Without an ignition input: rpm 0 and stationary this long → off (§2). */
  offWithoutIgnitionS: number;
  /** Counter physical limits (§0): fuel per hour, distance per hour. */
  maxFuelRateLph: number;
  maxDistanceSpeedKmh: number;
  /** Counter resolution: a delta up to this over the limit is still accepted (whole L, whole h). */
  fuelCounterSlackL: number;
  odometerSlackM: number;
  engineHoursSlackH: number;
  /** A counter baseline older than this is dropped and distance falls back to GPS. */
  counterStaleS: number;
  /** Records carrying any of these flags are stored but move no derived fact. */
  skipFlags: readonly PositionFlag[];

  // ---- Alert rules (§10, docs/decisions/0016-alert-rules.md) ----
  /** `V20`…`V95`: speed over a level for at least this long crosses it. */
  speedLevelMinS: number;
  /** A speed-level episode ends below its lowest crossed level minus this. */
  speedLevelHysteresisKmh: number;
  /** A silence longer than this closes an open speed episode at the last record (unknown speed). */
  speedEpisodeMaxGapS: number;
  /** `D20`: stopped (ignition on or off) at least this long. */
  longStopS: number;
  /** `EDT`: an idle period (§4) longer than this. */
  longIdleS: number;
  /** `AAB`: computed acceleration at or above this, m/s². */
  harshAccelMps2: number;
  /** `AFI`: computed deceleration at or above this, m/s²… */
  harshBrakeMps2: number;
  /** …held at least this long. */
  harshMinS: number;
  /** `CAB`: computed lateral acceleration (speed × yaw rate) at or above this, m/s². */
  harshCornerMps2: number;
  /** Computed acceleration only between records at most this far apart (sparser is meaningless). */
  harshMaxIntervalS: number;
  /** Device harsh events of one type closer than this are one episode. */
  harshMergeS: number;
  /** `DFP`: external power below this, V, starts a power-cut episode… */
  powerCutV: number;
  /** …which ends once the power is back at or above this, V. */
  powerRestoreV: number;
  /** `NUM`: driving this long without a driver code. */
  unknownDriverDrivingS: number;
  /** `TSC` / `TIC`: temperature beyond set-point ± tolerance for this long. */
  reeferExcursionS: number;
  /** `SCT`: no temperature reading for this long with ignition on. */
  temperatureSilentS: number;
  /**
   * Zones (`AZA`, `SDZ`, …): a record enters a zone this deep inside its border and leaves it this
   * far outside, metres (a quarter of a smaller zone's size); between the two the state holds, so
   * GPS jitter along a border raises nothing (docs/decisions/0020-geofences.md).
   */
  zoneBorderBandM: number;
  /**
   * A vehicle also enters a zone when stopped and every fix for this long was inside its border
   * (within the band: parked just inside), and leaves it the same way outside.
   */
  zoneDwellS: number;
  /** `DZP`: stopped inside a forbidden zone at least this long. */
  forbiddenStopS: number;
  /** `DAZ`: stopped outside every allowed zone at least this long. */
  outsideAllowedStopS: number;
  /** `DPI`: stopped within a POI's radius at least this long. */
  poiStopS: number;
  /** `CIP`: a visit whose longest stop inside the radius stayed under this passes the POI. */
  poiPassMaxStopS: number;
}

/** Defaults from docs/domain.md. */
export const DEFAULT_REDUCER_SETTINGS: Readonly<ReducerSettings> = Object.freeze({
  minGnssSatellites: 4,
  maxGnssHdop: 5,
  motionSpeedKmh: 5,
  stationarySpeedKmh: 3,
  tripStartDurationS: 300,
  tripStartDistanceM: 500,
  tripStopDurationS: 300,
  tripMaxGapS: 3600,
  tripMinDurationS: 300,
  tripMinDistanceM: 500,
  gpsJumpSpeedKmh: 150,
  maxGapS: 120,
  offlineMovingS: 600,
  offlineOffS: 7800,
  speedLimitKmh: 90,
  speedingMinS: 15,
  inTransitLeaveS: 30,
  idlingMinS: 60,
  idleRpmMin: 300,
  idleStartS: 120,
  idleEndMotionS: 5,
  idleMaxGapS: 300,
  idleEstimatedLph: 2.5,
  offWithoutIgnitionS: 60,
  maxFuelRateLph: 120,
  maxDistanceSpeedKmh: 130,
  fuelCounterSlackL: 1,
  odometerSlackM: 100,
  engineHoursSlackH: 1,
  counterStaleS: 3600,
  skipFlags: IMPLAUSIBLE_FLAGS,
  speedLevelMinS: 15,
  speedLevelHysteresisKmh: 5,
  speedEpisodeMaxGapS: 120,
  longStopS: 1200,
  longIdleS: 600,
  harshAccelMps2: 2.5,
  harshBrakeMps2: 2.7,
  harshMinS: 0.5,
  harshCornerMps2: 3.4,
  harshMaxIntervalS: 3,
  harshMergeS: 3,
  powerCutV: 6,
  powerRestoreV: 9,
  unknownDriverDrivingS: 300,
  reeferExcursionS: 300,
  temperatureSilentS: 600,
  zoneBorderBandM: 15,
  zoneDwellS: 60,
  forbiddenStopS: 120,
  outsideAllowedStopS: 1200,
  poiStopS: 300,
  poiPassMaxStopS: 60,
});

/** The defaults with some thresholds overridden. */
export function reducerSettings(overrides: Partial<ReducerSettings> = {}): ReducerSettings {
  return { ...DEFAULT_REDUCER_SETTINGS, ...overrides };
}
