// One record as a simulated tracker reports it: Position units and names, already at the
// resolution the device sends (integers where the Teltonika IO element is an integer), so the
// Teltonika and OsmAnd encodings carry it without loss beyond what the protocol itself loses.

import type { SimDm1 } from './truck-faults.js';

/** A tracker record of a simulated truck. */
export interface SimRecord {
  fixTimeMs: number;
  /** Degrees, 7 decimals (the Teltonika resolution). */
  lat: number;
  lng: number;
  altitudeM: number;
  headingDeg: number;
  /** GNSS speed, whole km/h. */
  speedKmh: number;
  satellites: number;
  /** One decimal. */
  hdop: number;
  ignition: boolean;
  movement: boolean;
  /** FMS wheel-based speed, whole km/h. */
  wheelSpeedKmh: number;
  rpm: number;
  torquePct: number;
  pedalPct: number;
  brake: boolean;
  cruise: boolean;
  fuelLevelPct: number;
  /** FMS total fuel used, whole litres. */
  fuelUsedL: number;
  fuelRateLph: number;
  /** Total vehicle distance, metres. */
  odometerM: number;
  /** FMS engine total hours, whole hours. */
  engineHours: number;
  ureaLevelPct: number;
  /** FMS service distance, km (negative when overdue). */
  serviceDistanceKm: number;
  /** Tachograph driver card, present while the ignition is on. */
  driverCode?: string;
  /** Vehicle supply, 3 decimals. */
  powerV: number;
  /** Tracker battery, 3 decimals. */
  batteryV: number;
  /** GSM signal 0–5 (0 without coverage). */
  gsmSignal: number;
  /** Tachograph working state of slot 1 (IO 184: 0 rest, 1 available, 2 work, 3 drive, 7 none). */
  driver1State?: number;
  /** Tachograph card presence of slot 1 (IO 187: 0 none, 1 present). */
  driver1CardPresence?: number;
  /** Tachograph working state of slot 2 (IO 185) and its card (IO 197/198; '' empty slot). */
  driver2State?: number;
  driver2Code?: string;
  /** Engine on at standstill. */
  idling: boolean;
  /** Battery of the phone of an OsmAnd-tracked truck, %. */
  phoneBatteryPct: number;
  /** Set on the record the device sends for a green-driving event. */
  harshEvent?: 'accel' | 'brake' | 'corner';
  /** Peak acceleration of the harsh event, in g × 100 (Teltonika IO 254). */
  harshValue?: number;
  /** Reefer load temperature (a Dallas sensor on IO 72), one decimal; only on reefer trucks. */
  temperatureC?: number;
  /** The record's DM1 report (issue 15): one per ECU with active faults, `[]` none; absent: no report. */
  dm1?: readonly SimDm1[];
  /** IO id that triggered the record (239 ignition, 253 green driving), 0 when periodic. */
  eventIoId: number;
}
