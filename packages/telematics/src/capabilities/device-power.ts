// The tracker's power (domain.md §10 `DFP`).

import type { Capability } from '../capability.js';
import { deviceDetector } from '../detectors/device.detector.js';

export const devicePower: Capability = {
  name: 'device-power',
  alertDetectors: [deviceDetector],
  alertCodes: ['DFP'],
};
