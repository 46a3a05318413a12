// Driving and rest times (issue 26; decision 0043): the driver-activity detector (its facts added
// to the fact union by driver-activity.facts.ts) and the alerts `DTB` (break due in 15 min), `DTD`
// (daily driving limit in 30 min) and `DTI` (infringement committed) — raised per driver, across
// the trucks they drive, by the server with the rule engine (driving-times/), not per vehicle here.

import type { Capability } from '../capability.js';
import { driverActivityDetector } from '../detectors/driver-activity.detector.js';

export type { DriverActivityFact, TachographSlot } from '../detectors/driver-activity.facts.js';
export {
  driverActivityDetector,
  activityOfWorkingState,
  INITIAL_DRIVER_ACTIVITY,
  type DriverActivityState,
  type OpenActivity,
} from '../detectors/driver-activity.detector.js';

/** The driving-times alerts, raised by the server (decision 0043). */
export const DRIVING_TIMES_ALERT_CODES = ['DTB', 'DTD', 'DTI'] as const;

export const drivingTimes: Capability = {
  name: 'driving-times',
  detectors: [driverActivityDetector],
  factKinds: ['driver-activity'],
  alertCodes: DRIVING_TIMES_ALERT_CODES,
};
