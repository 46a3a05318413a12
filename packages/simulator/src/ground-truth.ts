// What each simulated truck really did, as plain data, so accuracy tests can compare Rumbo's
// detections (trips, stops, idle, refills, speeding, harsh braking, late records) against it.
// Only closed facts are listed: a stop or gap still open when asked is not in the lists yet.

/** A drive between two stops: from the first motion (≥ 5 km/h) to standing still at the stop. */
export interface TruthTrip {
  startMs: number;
  endMs: number;
  fromPlace: string;
  toPlace: string;
  /** ECU odometer delta. */
  distanceM: number;
  /** Engine fuel counter delta. */
  fuelUsedL: number;
  maxSpeedKmh: number;
}

/** Time at a place between two trips (arrival to the first motion after it). */
export interface TruthStop {
  place: string;
  startMs: number;
  endMs: number;
  /** Time with the ignition off within the stop. */
  ignitionOffMs: number;
  fuelLevelBeforePct: number;
  fuelLevelAfterPct: number;
}

/**
 * Engine on at standstill: `dock` after arriving, `warm-up` before leaving. Rumbo counts idle
 * only from 120 s on (domain.md §4), so compare periods with `durationMs ≥ 120 000`.
 */
export interface TruthIdle {
  kind: 'dock' | 'warm-up';
  place: string;
  startMs: number;
  endMs: number;
  durationMs: number;
  fuelUsedL: number;
}

/** Fuel or AdBlue put in the tank during a stop (ignition off). */
export interface TruthRefill {
  timeMs: number;
  place: string;
  litres: number;
  levelBeforePct: number;
  levelAfterPct: number;
}

/** Fuel taken from the tank while the truck stood parked (ignition off), without the engine. */
export interface TruthTheft {
  startMs: number;
  endMs: number;
  place: string;
  litres: number;
  /** `fast`: a few minutes with a pump; `slow`: siphoned over hours. */
  kind: 'fast' | 'slow';
}

/** A continuous time above 90 km/h. */
export interface TruthSpeeding {
  startMs: number;
  endMs: number;
  durationMs: number;
  maxSpeedKmh: number;
  /** 95 when the speed stayed above 95 km/h for 15 s in a row within it (`V95`), else 0. */
  heldLevelKmh: number;
  /** The longest run above 95 km/h within it. */
  longestOver95Ms: number;
}

/** A harsh event the device reported (IO 253: 1 acceleration, 2 braking, 3 cornering). */
export interface TruthHarshEvent {
  kind: 'accel' | 'brake' | 'corner';
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  magnitudeMps2: number;
}

/** The main power was cut while parked (the tracker ran on its own battery). */
export interface TruthPowerCut {
  startMs: number;
  endMs: number;
}

/** Who drove from a departure on: the truck's own driver, a relief one, or nobody's card. */
export interface TruthDriverSession {
  startMs: number;
  driverCode?: string;
  isKnown: boolean;
}

/** The reefer load above set-point + tolerance. */
export interface TruthReeferExcursion {
  cause: 'door-open' | 'unit-failure';
  startMs: number;
  endMs: number;
  peakC: number;
}

/** A harsh brake the device reported (IO 253 = 2). */
export interface TruthHarshBrake {
  timeMs: number;
  lat: number;
  lng: number;
  speedKmh: number;
  decelerationMps2: number;
}

/** A time without mobile coverage: records were kept and sent, oldest first, after `endMs`. */
export interface TruthCoverageGap {
  startMs: number;
  endMs: number;
  bufferedRecords: number;
}

/** Everything one truck really did. */
export interface TruckGroundTruth {
  imei: string;
  plate: string;
  trips: TruthTrip[];
  stops: TruthStop[];
  idlePeriods: TruthIdle[];
  refuels: TruthRefill[];
  adBlueTopUps: TruthRefill[];
  /** Suspected-theft truth (issue 14). */
  fuelThefts: TruthTheft[];
  speedingEpisodes: TruthSpeeding[];
  harshBrakes: TruthHarshBrake[];
  /** Every harsh event (the brakes above included). */
  harshEvents: TruthHarshEvent[];
  coverageGaps: TruthCoverageGap[];
  powerCuts: TruthPowerCut[];
  driverSessions: TruthDriverSession[];
  reeferExcursions: TruthReeferExcursion[];
}

/** An empty record of facts for a truck. */
export function emptyGroundTruth(imei: string, plate: string): TruckGroundTruth {
  return {
    imei,
    plate,
    trips: [],
    stops: [],
    idlePeriods: [],
    refuels: [],
    adBlueTopUps: [],
    fuelThefts: [],
    speedingEpisodes: [],
    harshBrakes: [],
    harshEvents: [],
    coverageGaps: [],
    powerCuts: [],
    driverSessions: [],
    reeferExcursions: [],
  };
}

/** A deep copy, so callers can keep a snapshot while the simulation goes on. */
export function copyGroundTruth(truth: TruckGroundTruth): TruckGroundTruth {
  return {
    imei: truth.imei,
    plate: truth.plate,
    trips: truth.trips.map((f) => ({ ...f })),
    stops: truth.stops.map((f) => ({ ...f })),
    idlePeriods: truth.idlePeriods.map((f) => ({ ...f })),
    refuels: truth.refuels.map((f) => ({ ...f })),
    adBlueTopUps: truth.adBlueTopUps.map((f) => ({ ...f })),
    fuelThefts: truth.fuelThefts.map((f) => ({ ...f })),
    speedingEpisodes: truth.speedingEpisodes.map((f) => ({ ...f })),
    harshBrakes: truth.harshBrakes.map((f) => ({ ...f })),
    harshEvents: truth.harshEvents.map((f) => ({ ...f })),
    coverageGaps: truth.coverageGaps.map((f) => ({ ...f })),
    powerCuts: truth.powerCuts.map((f) => ({ ...f })),
    driverSessions: truth.driverSessions.map((f) => ({ ...f })),
    reeferExcursions: truth.reeferExcursions.map((f) => ({ ...f })),
  };
}

/**
 * What one driver's card really did (issue 26: duty-plan.ts, duty-fleet.ts): an activity in a
 * truck's tachograph slot, or `unknown` while the card was out of every truck or the device was
 * silent for longer than the trip gap (nothing can be known then; Rumbo must show it as unknown).
 */
export interface TruthActivity {
  card: string;
  kind: 'drive' | 'work' | 'available' | 'rest' | 'unknown';
  startMs: number;
  endMs: number;
  /** The truck (the fleet's truck index); absent for `unknown`. */
  vehicle?: number;
  slot?: 1 | 2;
}
