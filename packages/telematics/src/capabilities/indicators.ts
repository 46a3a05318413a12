// Driving indicators per hour and driver (domain.md §5, §6), and kickdowns.

import type { Capability } from '../capability.js';
import { indicatorsDetector } from '../detectors/indicators.detector.js';

export const indicators: Capability = {
  name: 'indicators',
  detectors: [indicatorsDetector],
  factKinds: ['indicators', 'kickdown'],
};
