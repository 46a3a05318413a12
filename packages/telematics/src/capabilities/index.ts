// The list of capabilities (capability.ts): the one file a new capability edits here — import it,
// list it, and re-export its public face. The chains and the alert codes are built from the list;
// the order is the chain order (a state persisted by an older chain is matched by name).

import { alertChainOf, alertCodesOf, coreChainOf, type Capability } from '../capability.js';
import type { DetectorChain } from '../detectors/detector.js';
import { devicePower } from './device-power.js';
import { drivers } from './drivers.js';
import { drivingTimes } from './driving-times.js';
import { faults } from './faults.js';
import { fuel } from './fuel.js';
import { harshDriving } from './harsh-driving.js';
import { idle } from './idle.js';
import { indicators } from './indicators.js';
import { plannedTrips } from './planned-trips.js';
import { reefer } from './reefer.js';
import { rollups } from './rollups.js';
import { speed } from './speed.js';
import { status } from './status.js';
import { stops } from './stops.js';
import { trips } from './trips.js';
import { zones } from './zones.js';

export * from './driving-times.js';
export * from './faults.js';
export * from './planned-trips.js';

/** Every capability, in chain order. */
export const CAPABILITIES: readonly Capability[] = Object.freeze([
  status,
  trips,
  idle,
  rollups,
  indicators,
  faults,
  speed,
  stops,
  harshDriving,
  devicePower,
  drivers,
  reefer,
  zones,
  fuel,
  plannedTrips,
  drivingTimes,
]);

/**
 * What every record feeds whatever the settings: status, trips and stops, idle periods, hourly
 * rollups, driving indicators and fault episodes (a node run with `ALERT_RULES=off`, the rules-off benchmark).
 */
export const CORE_DETECTORS: DetectorChain = coreChainOf(CAPABILITIES);

/**
 * The detectors that raise alert events, in chain order: §10's rules (speed, stops and idling,
 * harsh driving, device power, drivers, reefer temperatures, zones and POIs), then fuel and
 * AdBlue (§7: refills, suspected theft), then planned trips.
 */
export const ALERT_DETECTORS: DetectorChain = alertChainOf(CAPABILITIES);

/** The default chain: the core, then the alert rules. */
export const DEFAULT_DETECTORS: DetectorChain = Object.freeze([
  ...CORE_DETECTORS,
  ...ALERT_DETECTORS,
]);

/** Every alert code the detectors of this package raise, in list order. */
export const CAPABILITY_ALERT_CODES: readonly string[] = alertCodesOf(CAPABILITIES);
