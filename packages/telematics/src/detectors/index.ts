// The default detector chain, in the order the reducer runs it.

import type { DetectorChain } from './detector.js';
import { idleDetector } from './idle.detector.js';
import { motionDetector } from './motion.detector.js';
import { rollupDetector } from './rollup.detector.js';
import { statusDetector } from './status.detector.js';

/** Status, trips and stops, idle periods, hourly rollups. Later capabilities append theirs. */
export const DEFAULT_DETECTORS: DetectorChain = Object.freeze([
  statusDetector,
  motionDetector,
  idleDetector,
  rollupDetector,
] as const);
