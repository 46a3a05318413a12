// Speeding (domain.md §10): speed levels `V20`…`V95` and over the limit `EXV`.

import type { Capability } from '../capability.js';
import { SPEED_LEVELS_KMH } from '../detectors/detector.js';
import { speedLevelCode } from '../detectors/alert-codes.js';
import { speedDetector } from '../detectors/speed.detector.js';

export const speed: Capability = {
  name: 'speed',
  alertDetectors: [speedDetector],
  alertCodes: [...SPEED_LEVELS_KMH.map(speedLevelCode), 'EXV'],
};
