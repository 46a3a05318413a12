// The driving- and rest-time rule engine's face (issue 26, decision 0044).
export type * from './types.js';
export { EU_561_2006, drivingRuleSetSchema, parseDrivingRuleSet } from './rule-sets.js';
export {
  drivingTimesAt,
  infringementsIn,
  replayDriving,
  summariseDays,
  withEvidence,
} from './engine.js';
export { initialDrivingState, stepDriving, type DrivingState } from './fold.js';
export { drivingStatusOf, pendingInfringements } from './status.js';
export { normaliseActivities } from './normalise.js';
