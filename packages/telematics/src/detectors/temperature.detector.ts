// Reefer temperature alerts (docs/domain.md §10, docs/decisions/0016-alert-rules.md), only for a
// vehicle whose context has `alerts.reefer`. The load's sensors are `sensorSlots` (else all);
// the hottest reading is judged against upper bounds, the coldest against lower ones.
// - `TSC`: above set-point + tolerance continuously for `reeferExcursionS` (once per episode).
// - `TIC`: below set-point − tolerance continuously for `reeferExcursionS` (once per episode).
// - `TFC`: outside [min, max], at its first record (once per episode).
// - `TCC`: back inside both the range and set-point ± tolerance after TSC, TIC or TFC was raised.
// - `SCT`: ignition on and no reading for `temperatureSilentS` (once per silence).
// Every event's value is the reading in °C, also given as `data.temperature`; place: the start.

import type { DeviceFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { eventFact, originOf, type EventOrigin, type RuleAlertCode } from './alert-codes.js';
import { NO_FACTS, type Detector, type ReeferSettings } from './detector.js';

/** A run of readings beyond a bound. */
export interface TemperatureRun extends EventOrigin {
  isAlerted: boolean;
}

/** The temperature detector's slice. */
export interface TemperatureState {
  above?: TemperatureRun;
  below?: TemperatureRun;
  outside?: TemperatureRun;
  /** TSC, TIC or TFC was raised and the load has not been back in range since. */
  isOutOfRange?: boolean;
  /** First ignition-on record without a reading, and whether SCT was raised for it. */
  silentSinceMs?: number;
  isSilentAlerted?: boolean;
}

/** Before any record. */
export const INITIAL_TEMPERATURE: TemperatureState = Object.freeze({});

/** The hottest (`sign` 1) or coldest (`sign` −1) usable reading of the load's sensors. */
function extremeC(s: Sample, reefer: ReeferSettings, sign: 1 | -1): number | undefined {
  const temps = s.temperaturesC;
  if (!temps) return undefined;
  let best: number | undefined;
  const slots = reefer.sensorSlots;
  const n = slots ? slots.length : temps.length;
  for (let i = 0; i < n; i++) {
    const value = temps[slots ? slots[i]! : i];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (best === undefined || (value - best) * sign > 0) best = value;
  }
  return best;
}

function event(code: RuleAlertCode, origin: EventOrigin, temperatureC: number): DeviceFact {
  const value = Math.round(temperatureC * 10) / 10;
  return eventFact(code, origin, { value, data: { temperature: value } });
}

/** A run after one more record: started, held (raised once after `holdS`), or ended. */
function stepRun(
  run: TemperatureRun | undefined,
  isBeyond: boolean,
  s: Sample,
  holdS: number,
  code: RuleAlertCode,
  temperatureC: number,
  facts: DeviceFact[],
): TemperatureRun | undefined {
  if (!isBeyond) return undefined;
  const r = run ?? { ...originOf(s), isAlerted: false };
  if (r.isAlerted || (s.fixTimeMs - r.startTimeMs) / 1000 < holdS) return r;
  facts.push(event(code, r, temperatureC));
  return { ...r, isAlerted: true };
}

function stepSilence(
  slice: TemperatureState,
  s: Sample,
  settings: ReducerSettings,
  facts: DeviceFact[],
): Pick<TemperatureState, 'silentSinceMs' | 'isSilentAlerted'> {
  if (s.ignition !== true) return { silentSinceMs: undefined, isSilentAlerted: undefined };
  const since = slice.silentSinceMs ?? s.fixTimeMs;
  let isAlerted = slice.isSilentAlerted === true;
  if (!isAlerted && (s.fixTimeMs - since) / 1000 >= settings.temperatureSilentS) {
    facts.push(
      eventFact(
        'SCT',
        { ...originOf(s), startTimeMs: since },
        { value: (s.fixTimeMs - since) / 1000 },
      ),
    );
    isAlerted = true;
  }
  return { silentSinceMs: since, isSilentAlerted: isAlerted };
}

function sameState(a: TemperatureState, b: TemperatureState): boolean {
  return (
    a.above === b.above &&
    a.below === b.below &&
    a.outside === b.outside &&
    a.isOutOfRange === b.isOutOfRange &&
    a.silentSinceMs === b.silentSinceMs &&
    a.isSilentAlerted === b.isSilentAlerted
  );
}

/** `TSC`, `TIC`, `TFC`, `TCC`, `SCT` for refrigerated vehicles. */
export const temperatureDetector: Detector<TemperatureState> = {
  name: 'temperature-alerts',
  initial: INITIAL_TEMPERATURE,
  step(slice, { sample: s }, context, settings) {
    const reefer = context.alerts?.reefer;
    if (!reefer) return { slice, facts: NO_FACTS };
    const facts: DeviceFact[] = [];
    const hottestC = extremeC(s, reefer, 1);
    const coldestC = extremeC(s, reefer, -1);
    let next: TemperatureState;
    if (hottestC === undefined || coldestC === undefined) {
      if (s.ignition !== true && slice.silentSinceMs === undefined)
        return { slice, facts: NO_FACTS };
      next = { ...slice, ...stepSilence(slice, s, settings, facts) };
    } else {
      const upperC = reefer.setPointC + reefer.toleranceC;
      const lowerC = reefer.setPointC - reefer.toleranceC;
      const holdS = settings.reeferExcursionS;
      const above = stepRun(slice.above, hottestC > upperC, s, holdS, 'TSC', hottestC, facts);
      const below = stepRun(slice.below, coldestC < lowerC, s, holdS, 'TIC', coldestC, facts);
      const isHot = hottestC > reefer.maxC;
      const outside = stepRun(
        slice.outside,
        isHot || coldestC < reefer.minC,
        s,
        0,
        'TFC',
        isHot ? hottestC : coldestC,
        facts,
      );
      let isOutOfRange = slice.isOutOfRange === true || facts.length > 0;
      if (isOutOfRange && !above && !below && !outside) {
        facts.push(event('TCC', originOf(s), (hottestC + coldestC) / 2));
        isOutOfRange = false;
      }
      if (
        facts.length === 0 &&
        above === slice.above &&
        below === slice.below &&
        outside === slice.outside &&
        isOutOfRange === (slice.isOutOfRange === true) &&
        slice.silentSinceMs === undefined
      ) {
        return { slice, facts: NO_FACTS };
      }
      next = { above, below, outside, isOutOfRange: isOutOfRange || undefined };
    }
    if (sameState(next, slice)) return { slice, facts: facts.length > 0 ? facts : NO_FACTS };
    return { slice: next, facts: facts.length > 0 ? facts : NO_FACTS };
  },
};
