// Device alerts (docs/domain.md §10, docs/decisions/0016-alert-rules.md). `DFP`: the external
// supply fell below `powerCutV` or the tracker raised its power-cut alarm; one event per episode,
// at its first record (value: the voltage, V, when reported). The episode ends once the supply is
// back at or above `powerRestoreV` without the alarm (hysteresis: a sagging battery near the
// threshold raises one event, not one per record). `DTS` (device silent) is the server's job.

import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { eventFact, originOf } from './alert-codes.js';
import { NO_FACTS, type Detector } from './detector.js';

/** The device detector's slice. */
export interface DeviceAlertState {
  /** Fix time of the first record of the power-cut episode in progress. */
  powerCutSinceMs?: number;
}

/** Before any record. */
export const INITIAL_DEVICE_ALERTS: DeviceAlertState = Object.freeze({});

function isCut(s: Sample, settings: ReducerSettings): boolean {
  return s.isPowerCutAlarm || (s.powerV !== undefined && s.powerV < settings.powerCutV);
}

function isRestored(s: Sample, settings: ReducerSettings): boolean {
  return !s.isPowerCutAlarm && s.powerV !== undefined && s.powerV >= settings.powerRestoreV;
}

/** `DFP`, once per power-cut episode. */
export const deviceDetector: Detector<DeviceAlertState> = {
  name: 'device-alerts',
  initial: INITIAL_DEVICE_ALERTS,
  step(slice, { sample: s }, _context, settings) {
    if (slice.powerCutSinceMs === undefined) {
      if (!isCut(s, settings)) return { slice, facts: NO_FACTS };
      const fact = eventFact('DFP', originOf(s), { value: s.powerV });
      return { slice: { powerCutSinceMs: s.fixTimeMs }, facts: [fact] };
    }
    if (isRestored(s, settings)) return { slice: INITIAL_DEVICE_ALERTS, facts: NO_FACTS };
    return { slice, facts: NO_FACTS };
  },
};
