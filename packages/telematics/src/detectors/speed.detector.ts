// Speeding alerts (docs/domain.md §10, docs/decisions/0016-alert-rules.md):
// - `V20`…`V95`: speed over an enabled level N for ≥ 15 s starts an episode; it ends below
//   N − 5 (N = the lowest enabled level, which every crossing passes first) and raises ONE event,
//   when it ends, at the highest enabled level held ≥ 15 s during it.
// - `EXV`: the status rule (§2 speeding): moving over the vehicle's limit for ≥ 15 s; one event
//   per episode, when the speed is back at or under the limit.
// Durations follow §0's time shares: a run over a threshold lasts from its first record to the
// first record that is not over it (records 10 s apart cannot tell more).
// Both close at the last record before a silence longer than `speedEpisodeMaxGapS` (speed
// unknown) and at ignition off (at that record). Value: top speed in km/h; place: the start.
// One episode, one alert (issue 22, docs/decisions/0033-alert-episodes.md): a speed-level episode
// that overlaps an `EXV` episode raises only the level's event, carrying `EXV` as a detail
// (`data.details = 'EXV'`, `data.speedLimit` = the vehicle's limit, `data.overLimitFromMs` = when
// it went over that limit); `EXV` is raised on its own
// only when no level episode overlaps it.

import type { DeviceFact } from '../reducer/facts.js';
import type { ReducerSettings } from '../reducer/reducer-settings.js';
import type { Sample } from '../reducer/sample.js';
import { eventFact, originOf, speedLevelCode, type EventOrigin } from './alert-codes.js';
import {
  DEFAULT_SPEED_LEVELS_KMH,
  NO_FACTS,
  type Detector,
  type VehicleContext,
} from './detector.js';

/** A run of records over a threshold: a candidate until held long enough, then an episode. */
export interface SpeedEpisode extends EventOrigin {
  topSpeedKmh: number;
  /** Levels: the highest one held long enough (0 while a candidate); EXV: 1 once held. */
  topLevelKmh: number;
  /** Levels: an `EXV` episode overlapped it (its detail); EXV: told inside a level's event. */
  folded?: true;
  /** Levels: when the overlapping `EXV` episode began (the vehicle went over its limit). */
  overLimitFromMs?: number;
}

/** The speed detector's slice. */
export interface SpeedState {
  /** Enabled levels the speed is over now (ascending, from the lowest) and since when. */
  runs: readonly { kmh: number; sinceMs: number }[];
  levels?: SpeedEpisode;
  limit?: SpeedEpisode;
  /** Since when the speed has been over the vehicle's limit (EXV). */
  overLimitSinceMs?: number;
}

/** Before any record. */
export const INITIAL_SPEED: SpeedState = Object.freeze({ runs: Object.freeze([]) });

function isAscending(levels: readonly number[]): boolean {
  for (let i = 1; i < levels.length; i++) if (levels[i]! <= levels[i - 1]!) return false;
  return true;
}

/** The enabled levels in ascending order (no copy when they already are). */
export function enabledSpeedLevels(context: VehicleContext): readonly number[] {
  const levels = context.alerts?.speedLevelsKmh ?? DEFAULT_SPEED_LEVELS_KMH;
  return isAscending(levels) ? levels : [...new Set(levels)].sort((a, b) => a - b);
}

/**
 * The levels on at a record: the vehicle's, plus those of the geofences with levels of their own
 * that the record is inside (only looked up when the tenant has such zones).
 */
function levelsAt(context: VehicleContext, s: Sample): readonly number[] {
  const levels = enabledSpeedLevels(context);
  const byZone = context.alerts?.zoneSpeedLevelsKmh;
  if (!byZone || byZone.size === 0 || !context.places) return levels;
  let extra: number[] | undefined;
  for (const zone of context.places.at(s.lat, s.lng).zones) {
    if (zone.depthM < 0) continue;
    const own = byZone.get(zone.id);
    if (own) (extra ??= []).push(...own);
  }
  return extra ? [...new Set([...levels, ...extra])].sort((a, b) => a - b) : levels;
}

/** The runs after a record at `speedKmh`: unchanged (same array) when the same levels are over. */
function nextRuns(
  runs: SpeedState['runs'],
  levels: readonly number[],
  speedKmh: number,
  t: number,
): SpeedState['runs'] {
  let k = 0;
  while (k < levels.length && speedKmh > levels[k]!) k++;
  if (k === runs.length && (k === 0 || runs[k - 1]!.kmh === levels[k - 1])) return runs;
  if (k === 0) return INITIAL_SPEED.runs;
  const next: { kmh: number; sinceMs: number }[] = [];
  for (let i = 0; i < k; i++) {
    const kmh = levels[i]!;
    const held = runs[i];
    next.push({ kmh, sinceMs: held?.kmh === kmh ? held.sinceMs : t });
  }
  return next;
}

/** The highest level over which the speed has been for `minS`; 0 when none. */
function heldLevel(runs: SpeedState['runs'], t: number, minS: number): number {
  for (let i = runs.length - 1; i >= 0; i--) {
    const run = runs[i]!;
    if ((t - run.sinceMs) / 1000 >= minS) return run.kmh;
  }
  return 0;
}

function closeLevels(e: SpeedEpisode, endTimeMs: number, limitKmh: number): DeviceFact {
  return eventFact(speedLevelCode(e.topLevelKmh), e, {
    endTimeMs,
    value: e.topSpeedKmh,
    data: e.folded
      ? {
          details: 'EXV',
          speedLimit: limitKmh,
          ...(e.overLimitFromMs === undefined ? {} : { overLimitFromMs: e.overLimitFromMs }),
        }
      : undefined,
  });
}

function closeLimit(e: SpeedEpisode, endTimeMs: number): DeviceFact {
  return eventFact('EXV', e, { endTimeMs, value: e.topSpeedKmh });
}

/** Episodes a record closed, before they become events (one per episode, see the header). */
interface Closed {
  levels?: SpeedEpisode;
  limit?: SpeedEpisode;
  atMs: number;
}

/** Marks an episode as told inside another; a level's keeps when the EXV one began. */
function fold(e: SpeedEpisode, limit?: SpeedEpisode): SpeedEpisode {
  if (e.folded && (limit === undefined || e.overLimitFromMs !== undefined)) return e;
  const next: SpeedEpisode = { ...e, folded: true };
  if (limit && e.overLimitFromMs === undefined) next.overLimitFromMs = limit.startTimeMs;
  return next;
}

/**
 * The events of the episodes that closed, one per episode: a level's event carries an overlapping
 * `EXV` episode; `EXV` alone when no level episode overlapped it. Marks the episodes still open
 * that overlap a closed one (`next`).
 */
function tell(
  closed: Closed,
  next: Pick<SpeedState, 'levels' | 'limit'>,
  limitKmh: number,
  facts: DeviceFact[],
): Pick<SpeedState, 'levels' | 'limit'> {
  let { levels, limit } = next;
  if (closed.levels) {
    const overlapping = closed.limit ?? limit;
    facts.push(
      closeLevels(
        overlapping ? fold(closed.levels, overlapping) : closed.levels,
        closed.atMs,
        limitKmh,
      ),
    );
    if (limit) limit = fold(limit);
  } else if (closed.limit && !closed.limit.folded) {
    if (levels && levels.topLevelKmh > 0) levels = fold(levels, closed.limit);
    else facts.push(closeLimit(closed.limit, closed.atMs));
  }
  return { levels, limit };
}

function openEpisode(s: Sample, speedKmh: number): SpeedEpisode {
  return { ...originOf(s), topSpeedKmh: speedKmh, topLevelKmh: 0 };
}

/** The episode after one more record inside it (the same object when nothing changed). */
function extendEpisode(e: SpeedEpisode, speedKmh: number, topLevelKmh: number): SpeedEpisode {
  if (speedKmh <= e.topSpeedKmh && topLevelKmh <= e.topLevelKmh) return e;
  return {
    ...e,
    topSpeedKmh: Math.max(e.topSpeedKmh, speedKmh),
    topLevelKmh: Math.max(e.topLevelKmh, topLevelKmh),
  };
}

function stepLevels(
  slice: SpeedState,
  s: Sample,
  speedKmh: number,
  levels: readonly number[],
  settings: ReducerSettings,
  closed: Closed,
): Pick<SpeedState, 'runs' | 'levels'> {
  const t = s.fixTimeMs;
  // §0: the interval up to this record takes the previous record's state, so a run over a level
  // lasts until the first record that is not over it.
  const held = heldLevel(slice.runs, t, settings.speedLevelMinS);
  const runs = nextRuns(slice.runs, levels, speedKmh, t);
  let e = slice.levels;
  if (e) e = extendEpisode(e, 0, held);
  if (e && e.topLevelKmh > 0) {
    const lowest = levels[0] ?? e.topLevelKmh;
    if (speedKmh < lowest - settings.speedLevelHysteresisKmh) {
      closed.levels = e;
      return { runs, levels: undefined };
    }
  } else if (e && runs.length === 0) {
    e = undefined; // a candidate that did not hold
  }
  if (!e && runs.length > 0) e = openEpisode(s, speedKmh);
  if (e) e = extendEpisode(e, speedKmh, 0);
  return { runs, levels: e };
}

function stepLimit(
  slice: SpeedState,
  s: Sample,
  speedKmh: number | undefined,
  limitKmh: number,
  settings: ReducerSettings,
  closed: Closed,
): Pick<SpeedState, 'limit' | 'overLimitSinceMs'> {
  const t = s.fixTimeMs;
  const since = slice.overLimitSinceMs;
  const isHeld = since !== undefined && (t - since) / 1000 >= settings.speedingMinS;
  let e = slice.limit;
  if (e && isHeld && e.topLevelKmh === 0) e = { ...e, topLevelKmh: 1 };
  const isOver =
    speedKmh !== undefined && speedKmh >= settings.motionSpeedKmh && speedKmh > limitKmh;
  if (!isOver) {
    if (e && e.topLevelKmh > 0) closed.limit = e;
    return { limit: undefined, overLimitSinceMs: undefined };
  }
  e = e ? extendEpisode(e, speedKmh, 0) : openEpisode(s, speedKmh);
  return { limit: e, overLimitSinceMs: since ?? t };
}

/** Closes whatever is open at `endTimeMs` (a silence, ignition off). */
function closeAll(slice: SpeedState, endTimeMs: number, limitKmh: number, facts: DeviceFact[]) {
  const closed: Closed = { atMs: endTimeMs };
  if (slice.levels && slice.levels.topLevelKmh > 0) closed.levels = slice.levels;
  if (slice.limit && slice.limit.topLevelKmh > 0) closed.limit = slice.limit;
  tell(closed, {}, limitKmh, facts);
}

function isIdle(slice: SpeedState): boolean {
  return (
    slice.runs.length === 0 &&
    slice.levels === undefined &&
    slice.limit === undefined &&
    slice.overLimitSinceMs === undefined
  );
}

/** `V20`…`V95` and `EXV`, one event per episode when it ends. */
export const speedDetector: Detector<SpeedState> = {
  name: 'speed',
  initial: INITIAL_SPEED,
  step(slice, { sample: s, prev }, context, settings) {
    const speedKmh = s.speedKmh;
    const limitKmh = context.speedLimitKmh ?? settings.speedLimitKmh;
    const levels = levelsAt(context, s);
    const lowest = levels[0] ?? Number.POSITIVE_INFINITY;
    // Hot path: nothing open and nothing over any threshold.
    if (isIdle(slice) && (speedKmh === undefined || (speedKmh <= lowest && speedKmh <= limitKmh))) {
      return { slice, facts: NO_FACTS };
    }
    const facts: DeviceFact[] = [];
    let current = slice;
    const isSilence =
      prev !== undefined && (s.fixTimeMs - prev.fixTimeMs) / 1000 > settings.speedEpisodeMaxGapS;
    if (isSilence) {
      closeAll(current, prev.fixTimeMs, limitKmh, facts);
      current = INITIAL_SPEED;
    }
    if (s.ignition === false) {
      closeAll(current, s.fixTimeMs, limitKmh, facts);
      return { slice: INITIAL_SPEED, facts: facts.length > 0 ? facts : NO_FACTS };
    }
    const closed: Closed = { atMs: s.fixTimeMs };
    const limit = stepLimit(current, s, speedKmh, limitKmh, settings, closed);
    const byLevel =
      speedKmh === undefined
        ? { runs: current.runs, levels: current.levels }
        : stepLevels(current, s, speedKmh, levels, settings, closed);
    if (closed.levels || closed.limit) {
      const told = tell(closed, { levels: byLevel.levels, limit: limit.limit }, limitKmh, facts);
      byLevel.levels = told.levels;
      limit.limit = told.limit;
    }
    if (
      facts.length === 0 &&
      byLevel.runs === slice.runs &&
      byLevel.levels === slice.levels &&
      limit.limit === slice.limit &&
      limit.overLimitSinceMs === slice.overLimitSinceMs
    ) {
      return { slice, facts: NO_FACTS };
    }
    const next: SpeedState = {
      runs: byLevel.runs,
      levels: byLevel.levels,
      limit: limit.limit,
      overLimitSinceMs: limit.overLimitSinceMs,
    };
    return {
      slice: isIdle(next) ? INITIAL_SPEED : next,
      facts: facts.length > 0 ? facts : NO_FACTS,
    };
  },
};
