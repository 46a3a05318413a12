// The driving- and rest-time rule engine (issue 26): pure functions of one driver's activities and
// a rule set. Both replay the fold (`fold.ts`) once over the normalised activities: O(n).
import { localDate, nextDayStartMs } from './calendar.js';
import {
  applySegment,
  copyState,
  initialDrivingState,
  type Ctx,
  type DrivingState,
} from './fold.js';
import { intervalsWithin, normaliseActivities } from './normalise.js';
import { drivingStatusOf, pendingInfringements } from './status.js';
import type {
  ActivityInterval,
  DriverActivityKind,
  DrivingRule,
  DrivingRuleSet,
  DrivingTimesStatus,
  Infringement,
} from './types.js';

/** Folds sorted, non-overlapping activities (as `normaliseActivities` gives) into a state. */
export function replayDriving(
  activities: readonly ActivityInterval[],
  rules: DrivingRuleSet,
  state: DrivingState = initialDrivingState(),
): { state: DrivingState; infringements: Infringement[] } {
  const c: Ctx = { s: copyState(state), r: rules, out: [] };
  for (const a of activities) {
    const startMs = Math.max(a.startMs, c.s.lastEndMs);
    if (!(a.endMs > startMs)) continue;
    if (c.s.started && startMs > c.s.lastEndMs) applySegment(c, 'unknown', c.s.lastEndMs, startMs);
    applySegment(c, a.kind, startMs, a.endMs, a.hasCoDriver);
  }
  return { state: c.s, infringements: c.out };
}

/** Driving left and rests due at `atMs`, from the driver's activities up to then (any order). */
export function drivingTimesAt(
  activities: readonly ActivityInterval[],
  rules: DrivingRuleSet,
  atMs: number,
): DrivingTimesStatus {
  const { state } = replayDriving(normaliseActivities(activities, atMs), rules);
  return drivingStatusOf(state, rules, atMs);
}

const DRIVING_ONLY: readonly DriverActivityKind[] = ['drive'];
const EVIDENCE_KINDS: Record<DrivingRule, readonly DriverActivityKind[] | undefined> = {
  'continuous-driving': undefined,
  'daily-driving': DRIVING_ONLY,
  'weekly-driving': DRIVING_ONLY,
  'fortnight-driving': DRIVING_ONLY,
  'daily-rest': undefined,
  'weekly-rest': undefined,
};
const RULE_ORDER = Object.keys(EVIDENCE_KINDS);

/** Attaches to each infringement the intervals of `list` (normalised) in its span that prove it. */
export function withEvidence(
  infringements: readonly Infringement[],
  list: readonly ActivityInterval[],
): Infringement[] {
  return infringements.map((f) => {
    const { intervals, unknownS } = intervalsWithin(
      list,
      f.startMs,
      f.endMs,
      EVIDENCE_KINDS[f.rule],
    );
    const out: Infringement = { ...f, evidence: intervals };
    if (unknownS > 0) out.unknownS = unknownS;
    return out;
  });
}

/**
 * Every infringement whose end falls in [fromMs, toMs), with its evidence, judged on all the
 * given activities (pass some days before `fromMs` so the rules see the rests before it).
 * Infringements still open at the record's end come `ongoing`.
 */
export function infringementsIn(
  activities: readonly ActivityInterval[],
  rules: DrivingRuleSet,
  fromMs: number,
  toMs: number,
): Infringement[] {
  const list = normaliseActivities(activities);
  const { state, infringements } = replayDriving(list, rules);
  const last = list[list.length - 1];
  if (last) infringements.push(...pendingInfringements(state, rules, last.endMs));
  const inPeriod = infringements.filter((f) => f.endMs >= fromMs && f.endMs < toMs);
  inPeriod.sort(
    (a, b) =>
      a.endMs - b.endMs ||
      a.startMs - b.startMs ||
      RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule),
  );
  return withEvidence(inPeriod, list);
}

/** Seconds per activity kind per calendar day in `timeZone` (gaps between activities: `unknown`). */
export function summariseDays(
  activities: readonly ActivityInterval[],
  timeZone: string,
): { day: string; totals: Record<DriverActivityKind, number> }[] {
  const list = normaliseActivities(activities);
  const days: { day: string; totals: Record<DriverActivityKind, number> }[] = [];
  const add = (kind: DriverActivityKind, startMs: number, endMs: number): void => {
    let t = startMs;
    while (t < endMs) {
      const day = localDate(t, timeZone);
      const pieceEnd = Math.min(endMs, nextDayStartMs(t, timeZone));
      let row = days[days.length - 1];
      if (row?.day !== day) {
        row = { day, totals: { drive: 0, work: 0, available: 0, rest: 0, unknown: 0 } };
        days.push(row);
      }
      row.totals[kind] += (pieceEnd - t) / 1000;
      t = pieceEnd;
    }
  };
  let lastEnd: number | undefined;
  for (const a of list) {
    if (lastEnd !== undefined && a.startMs > lastEnd) add('unknown', lastEnd, a.startMs);
    add(a.kind, a.startMs, a.endMs);
    lastEnd = a.endMs;
  }
  return days;
}
