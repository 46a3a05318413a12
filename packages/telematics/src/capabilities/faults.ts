// Fault episodes from J1939 / OBD trouble codes (domain.md §9): the detector, its facts (added to
// the fact union by fault.facts.ts) and the `FCR` alert.

import type { Capability } from '../capability.js';
import { faultDetector } from '../detectors/fault.detector.js';

export type { FaultFact, FaultPoint } from '../detectors/fault.facts.js';
export {
  faultDetector,
  FAULT_ABSENT_REPORTS,
  FAULT_QUIET_ON_S,
  type FaultState,
  type FaultEpisode,
} from '../detectors/fault.detector.js';

export const faults: Capability = {
  name: 'faults',
  detectors: [faultDetector],
  factKinds: ['fault'],
  alertCodes: ['FCR'],
};
