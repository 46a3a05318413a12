// The detector chain (docs/architecture.md, "Where new capabilities go"): each detector owns one
// slice of a device's state and turns the records the reducer accepted into facts. Pure: every
// per-vehicle value a rule needs arrives in the VehicleContext, every threshold in the settings.

import type { DeviceFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import type { IntervalIncrement } from '../reducer/interval.js';
import type { FuelTank } from '../fuel/tank.js';

/** A circle or polygon a rule can test a place against (lat/lng in degrees, radius in metres). */
export type ContextShape =
  | { kind: 'circle'; lat: number; lng: number; radiusM: number }
  /** Rings of [lng, lat] positions, closed; the first is the shell, the others holes. */
  | { kind: 'polygon'; rings: readonly (readonly (readonly [number, number])[])[] }
  /** A corridor: a line of [lng, lat] positions and its total width (half on each side). */
  | { kind: 'corridor'; line: readonly (readonly [number, number])[]; widthM: number };

/** A geofence as the rules see it (domain.md §2 speed limit, §10 zone rules). */
export interface ContextGeofence {
  id: number;
  shape: ContextShape;
  accessType: 'allowed' | 'forbidden' | 'none';
  speedLimitKmh?: number;
  /** False: entering and leaving it raise no `AZA`/`SDZ` (the server sets it; absent: true). */
  notify?: boolean;
}

/** A point of interest as the rules see it (§10 POI rules). */
export interface ContextPoi {
  id: number;
  lat: number;
  lng: number;
  radiusM: number;
}

/** A zone near a record: how deep inside its border the record is (negative: outside), metres. */
export interface ZoneHit {
  id: number;
  accessType: 'allowed' | 'forbidden' | 'none';
  speedLimitKmh?: number;
  depthM: number;
  /** Hysteresis: entered at `depthM ≥ bandM`, left at `depthM ≤ −bandM`. */
  bandM: number;
  /** False: no `AZA`/`SDZ` for it (ContextGeofence.notify). */
  notify?: boolean;
}

/** A POI near a record, and the record's distance to its centre, metres. */
export interface PoiHit {
  id: number;
  distanceM: number;
  radiusM: number;
}

/** What a record is near: zones (within their band or inside) and POIs, each sorted by id. */
export interface PlaceHits {
  zones: readonly ZoneHit[];
  pois: readonly PoiHit[];
}

/**
 * The vehicle's geofences and POIs as an index answers them (issue 12): the server keeps one
 * spatial index per tenant in memory and hands each vehicle a lookup filtered to the zones that
 * apply to it. Pure from the detectors' side: same place, same answer.
 */
export interface PlaceLookup {
  /** Zones and POIs near a place; the same object for the same place twice in a row. */
  at(lat: number, lng: number): PlaceHits;
  /** Whether a zone of this id still exists and applies (a deleted zone is forgotten quietly). */
  hasZone(id: number): boolean;
  hasPoi(id: number): boolean;
  /** The vehicle has at least one `allowed` zone (`DAZ` applies). */
  readonly hasAllowedZones: boolean;
}

/** A reefer's temperature rules (§10 `TSC`, `TIC`, `TFC`, `TCC`, `SCT`), in °C. */
export interface ReeferSettings {
  setPointC: number;
  toleranceC: number;
  /** The load's allowed range. */
  minC: number;
  maxC: number;
  /** Sensor slots (index into `temperaturesC`) that read the load; default: every slot. */
  sensorSlots?: readonly number[];
}

/** Where harsh-driving alerts come from: the device's own events, or acceleration we compute. */
export type HarshSource = 'device' | 'computed';

/**
 * The vehicle's alert settings the rules need (tenant → group → vehicle, merged by the server).
 * Which codes are stored and who is told is the server's business; this is what changes an event.
 */
export interface VehicleAlertContext {
  /**
   * Enabled speed levels (`V20`…`V95`, km/h, any order); default {@link DEFAULT_SPEED_LEVELS_KMH}.
   * An episode raises one event at the highest enabled level it crossed.
   */
  speedLevelsKmh?: readonly number[];
  /**
   * Levels turned on inside geofences, by zone id (a town's `V40`): on while the vehicle is inside
   * one of them (read from {@link VehicleContext.places}), besides {@link speedLevelsKmh}.
   */
  zoneSpeedLevelsKmh?: ReadonlyMap<number, readonly number[]>;
  /** Driver codes the tenant knows (`NUM` for any other); absent: only "driving without a code". */
  knownDriverCodes?: readonly string[];
  /** Default `device`: the tracker sends green-driving events (Teltonika); `computed` for others. */
  harshSource?: HarshSource;
  /** Present for a refrigerated vehicle: its set-point, tolerance and range. */
  reefer?: ReeferSettings;
}

/** Every speed level of the catalogue, km/h (§10 `V20`…`V95`). */
export const SPEED_LEVELS_KMH: readonly number[] = Object.freeze([
  20, 25, 30, 40, 45, 50, 55, 60, 75, 85, 95,
]);

/** Levels on out of the box (decisions.md: only those above the 90 km/h default limit). */
export const DEFAULT_SPEED_LEVELS_KMH: readonly number[] = Object.freeze([95]);

/**
 * Per-vehicle data the rules need, looked up by the server and handed to every step, so detectors
 * stay pure. Everything is optional: a vehicle without a value falls back to the settings.
 * A capability adds the values its own detectors read by augmenting this interface from its
 * own file (the planned trip: route.context.ts).
 */
export interface VehicleContext {
  /** The vehicle's own speed limit (§2), over the tenant's default. */
  speedLimitKmh?: number;
  /**
   * False: the tracker cannot read a driver card (a phone): driving without a code is no
   * "unknown driver" (`NUM`). Default true.
   */
  readsDriverCards?: boolean;
  /** Fuel tank capacities in litres (several tanks add up, §7). */
  fuelTanksL?: readonly number[];
  /** The tank model (capacities and calibration tables); over `fuelTanksL` when present. */
  fuelTanks?: readonly FuelTank[];
  ureaTankL?: number;
  geofences?: readonly ContextGeofence[];
  pois?: readonly ContextPoi[];
  /** The geofences and POIs through the server's index; else built from `geofences` and `pois`. */
  places?: PlaceLookup;
  /** Alert settings (speed levels, known drivers, harsh source, reefer). */
  alerts?: VehicleAlertContext;
}

/** A vehicle about which nothing is known beyond its records. */
export const EMPTY_CONTEXT: VehicleContext = Object.freeze({});

/** What the reducer hands each detector for one accepted, in-order record. */
export interface DetectorInput {
  /** The record as the rules see it. */
  sample: Sample;
  /** The previous accepted record; undefined for a device's first. */
  prev?: Sample;
  /** What the interval prev → sample adds (counter deltas, time shares); undefined for the first. */
  interval?: IntervalIncrement;
  /** The interval is longer than the trip gap (the device was silent). */
  isGap: boolean;
}

/** One detector step's outcome. */
export interface DetectorStep<Slice> {
  slice: Slice;
  facts: readonly DeviceFact[];
}

/**
 * One rule family. `initial` is the slice of a device never seen; `step` must be pure and must not
 * mutate the slice it is given (state snapshots are persisted and compared). Declared with method
 * syntax so a `Detector<MySlice>` is a `Detector<unknown>` in a chain.
 */
export interface Detector<Slice> {
  readonly name: string;
  readonly initial: Slice;
  step(
    slice: Slice,
    input: DetectorInput,
    context: VehicleContext,
    settings: ReducerSettings,
  ): DetectorStep<Slice>;
}

/** A chain: detectors run in this order on every accepted record. */
export type DetectorChain = readonly Detector<unknown>[];

/** No facts (shared, never mutated). */
export const NO_FACTS: readonly DeviceFact[] = Object.freeze([]);
