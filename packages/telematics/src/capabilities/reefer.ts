// Reefer temperatures (domain.md §10 `TSC`, `TIC`, `TFC`, `TCC`, `SCT`).

import type { Capability } from '../capability.js';
import { temperatureDetector } from '../detectors/temperature.detector.js';

export const reefer: Capability = {
  name: 'reefer',
  alertDetectors: [temperatureDetector],
  alertCodes: ['TSC', 'TIC', 'TFC', 'TCC', 'SCT'],
};
