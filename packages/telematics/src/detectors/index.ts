// The default detector chain, in the order the reducer runs it.

import type { DetectorChain } from './detector.js';
import { deviceDetector } from './device.detector.js';
import { driverDetector } from './driver.detector.js';
import { faultDetector } from './fault.detector.js';
import { fuelDetector } from './fuel.detector.js';
import { harshDetector } from './harsh.detector.js';
import { idleDetector } from './idle.detector.js';
import { indicatorsDetector } from './indicators.detector.js';
import { motionDetector } from './motion.detector.js';
import { rollupDetector } from './rollup.detector.js';
import { routeDetector } from './route.detector.js';
import { speedDetector } from './speed.detector.js';
import { statusDetector } from './status.detector.js';
import { stopDetector } from './stop.detector.js';
import { temperatureDetector } from './temperature.detector.js';
import { zoneDetector } from './zone.detector.js';

/**
 * What every record feeds whatever the settings: status, trips and stops, idle periods, hourly
 * rollups, driving indicators and fault episodes (a node run with `ALERT_RULES=off`, the rules-off benchmark).
 */
export const CORE_DETECTORS: DetectorChain = Object.freeze([
  statusDetector,
  motionDetector,
  idleDetector,
  rollupDetector,
  indicatorsDetector,
  faultDetector,
] as const);

/**
 * The detectors that raise alert events, in chain order: §10's rules (speed, stops and idling,
 * harsh driving, device power, drivers, reefer temperatures, zones and POIs), then fuel and
 * AdBlue (§7: refills, suspected theft).
 */
export const ALERT_DETECTORS: DetectorChain = Object.freeze([
  speedDetector,
  stopDetector,
  harshDetector,
  deviceDetector,
  driverDetector,
  temperatureDetector,
  zoneDetector,
  fuelDetector,
  routeDetector,
] as const);

/** The default chain: the core, then the alert rules. Later capabilities add theirs to one. */
export const DEFAULT_DETECTORS: DetectorChain = Object.freeze([
  ...CORE_DETECTORS,
  ...ALERT_DETECTORS,
]);
