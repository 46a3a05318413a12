// The default detector chain, in the order the reducer runs it.

import type { DetectorChain } from './detector.js';
import { deviceDetector } from './device.detector.js';
import { driverDetector } from './driver.detector.js';
import { fuelDetector } from './fuel.detector.js';
import { harshDetector } from './harsh.detector.js';
import { idleDetector } from './idle.detector.js';
import { indicatorsDetector } from './indicators.detector.js';
import { motionDetector } from './motion.detector.js';
import { rollupDetector } from './rollup.detector.js';
import { speedDetector } from './speed.detector.js';
import { statusDetector } from './status.detector.js';
import { stopDetector } from './stop.detector.js';
import { temperatureDetector } from './temperature.detector.js';
import { zoneDetector } from './zone.detector.js';

/**
 * Status, trips and stops, idle periods, hourly rollups and driving indicators, then the alert rules (§10: speed, stops
 * and idling, harsh driving, device power, drivers, reefer temperatures, zones and POIs), then fuel and AdBlue (§7). Later capabilities
 * append theirs.
 */
export const DEFAULT_DETECTORS: DetectorChain = Object.freeze([
  statusDetector,
  motionDetector,
  idleDetector,
  rollupDetector,
  indicatorsDetector,
  speedDetector,
  stopDetector,
  harshDetector,
  deviceDetector,
  driverDetector,
  temperatureDetector,
  zoneDetector,
  fuelDetector,
] as const);

/** The alert-rule detectors alone, in chain order (benchmarks, tests). */
export const ALERT_DETECTORS: DetectorChain = Object.freeze(DEFAULT_DETECTORS.slice(5));

/** The chain without the alert rules (a node run with `ALERT_RULES=off`, the rules-off benchmark). */
export const CORE_DETECTORS: DetectorChain = Object.freeze(DEFAULT_DETECTORS.slice(0, 5));
