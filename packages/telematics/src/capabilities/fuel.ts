// Fuel and AdBlue (domain.md §7): refills and suspected theft.

import type { Capability } from '../capability.js';
import { fuelDetector } from '../detectors/fuel.detector.js';

export const fuel: Capability = {
  name: 'fuel',
  alertDetectors: [fuelDetector],
  alertCodes: ['CRG', 'DCS', 'AUR'],
};
