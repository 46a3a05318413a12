// Idle periods (domain.md §4).

import type { Capability } from '../capability.js';
import { idleDetector } from '../detectors/idle.detector.js';

export const idle: Capability = {
  name: 'idle',
  detectors: [idleDetector],
  factKinds: ['idle'],
};
