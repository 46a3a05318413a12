// Long stops and idling alerts (domain.md §10 `D20`, `EDT`).

import type { Capability } from '../capability.js';
import { stopDetector } from '../detectors/stop.detector.js';

export const stops: Capability = {
  name: 'stops',
  alertDetectors: [stopDetector],
  alertCodes: ['D20', 'EDT'],
};
