// Geofences and POIs (domain.md §10 zone and POI rules).

import type { Capability } from '../capability.js';
import { zoneDetector } from '../detectors/zone.detector.js';

export const zones: Capability = {
  name: 'zones',
  alertDetectors: [zoneDetector],
  alertCodes: ['AZA', 'SDZ', 'AZP', 'DZP', 'DAZ', 'EEZ', 'AIP', 'DPI', 'CIP'],
};
