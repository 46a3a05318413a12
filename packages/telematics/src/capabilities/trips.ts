// Trips and stops (domain.md §3).

import type { Capability } from '../capability.js';
import { motionDetector } from '../detectors/motion.detector.js';

export const trips: Capability = {
  name: 'trips',
  detectors: [motionDetector],
  factKinds: ['trip', 'stop'],
};
