// Driver identification (domain.md §10 `IDD`, `NUM`).

import type { Capability } from '../capability.js';
import { driverDetector } from '../detectors/driver.detector.js';

export const drivers: Capability = {
  name: 'drivers',
  alertDetectors: [driverDetector],
  alertCodes: ['IDD', 'NUM'],
};
