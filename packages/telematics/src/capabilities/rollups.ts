// Hourly rollups of distance, fuel and engine time.

import type { Capability } from '../capability.js';
import { rollupDetector } from '../detectors/rollup.detector.js';

export const rollups: Capability = {
  name: 'rollups',
  detectors: [rollupDetector],
  factKinds: ['rollup'],
};
