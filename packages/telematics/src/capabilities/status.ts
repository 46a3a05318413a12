// Vehicle status (domain.md §2): the live status every record moves.

import type { Capability } from '../capability.js';
import { statusDetector } from '../detectors/status.detector.js';

export const status: Capability = {
  name: 'status',
  detectors: [statusDetector],
  factKinds: ['status'],
};
