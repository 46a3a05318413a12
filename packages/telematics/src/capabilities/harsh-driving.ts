// Harsh acceleration, braking and cornering (domain.md §10).

import type { Capability } from '../capability.js';
import { harshDetector } from '../detectors/harsh.detector.js';

export const harshDriving: Capability = {
  name: 'harsh-driving',
  alertDetectors: [harshDetector],
  alertCodes: ['AAB', 'AFI', 'CAB'],
};
