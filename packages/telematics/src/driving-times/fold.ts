// The engine as a fold: `stepDriving(state, interval, rules)` takes one driver's activities in time
// order (an interval starting before the last one's end is clipped; a gap is `unknown`) and
// returns the next state and the infringements the interval closed. A live caller keeps
// one state per driver and steps each new interval; `drivingTimesAt` replays the same fold. The
// state holds only numbers (a few dozen), so stepping is O(1) and the whole replay O(n).
//
// Interpretations (decision 0044): a "day" is the time between two daily rests; the daily rest is
// judged on its part inside the 24 h after the previous rest ended (Art. 8(2)); a rest of 24 h or
// more is a weekly rest; `unknown` (and any gap) is neither driving nor rest, and a stretch of it
// of `unknownResetS` or more restarts the engine as at the start of the record.
import { nextWeekStartMs, weekStartMs } from './calendar.js';
import type {
  ActivityInterval,
  DriverActivityKind,
  DrivingRule,
  DrivingRuleSet,
  Infringement,
  SeverityVariant,
} from './types.js';

/** A run's kind: every rest kind of the rule set is one run, `resting`. */
export type RunKind = DriverActivityKind | 'resting';

/** One driver's engine state: plain numbers, copied on each step. */
export interface DrivingState {
  /** False until the first known (not `unknown`) activity. */
  started: boolean;
  /** End of the last interval stepped. */
  lastEndMs: number;
  /** The current run: touching intervals of one kind, or of any of the rule set's rest kinds. */
  runKind: RunKind;
  runStartMs: number;
  /** The current activity and since when (for the status). */
  activity: DriverActivityKind;
  activitySinceMs: number;
  drivenSinceBreakMs: number;
  /** First driving after the last qualifying break. */
  breakPeriodStartMs: number;
  /** A first part (15 min) of a split break taken since the last break. */
  hasSplitBreakFirst: boolean;
  /** The day: since the end of the last daily (or weekly) rest. */
  dayStartMs: number;
  dayDrivenMs: number;
  isDayExtended: boolean;
  /** The 24 h in which the next daily rest must be taken. */
  windowStartMs: number;
  windowEndMs: number;
  longestRestInWindowMs: number;
  /** A co-driver was aboard this day: the window is the multi-manning one. */
  isCrewDay: boolean;
  /** A first part (3 h) of a split daily rest taken in the window. */
  hasSplitRestFirst: boolean;
  reducedRestsUsed: number;
  lastWeeklyRestEndMs: number;
  isLastWeeklyRestReduced: boolean;
  /** The fixed week (Monday 00:00 in the rules' zone) and the one before. */
  weekStartMs: number;
  nextWeekStartMs: number;
  weekDrivenMs: number;
  prevWeekStartMs: number;
  prevWeekDrivenMs: number;
  extendedDaysThisWeek: number;
}

/** The state before any activity. */
export function initialDrivingState(): DrivingState {
  return {
    started: false,
    lastEndMs: -Infinity,
    runKind: 'unknown',
    runStartMs: -Infinity,
    activity: 'unknown',
    activitySinceMs: -Infinity,
    drivenSinceBreakMs: 0,
    breakPeriodStartMs: 0,
    hasSplitBreakFirst: false,
    dayStartMs: 0,
    dayDrivenMs: 0,
    isDayExtended: false,
    windowStartMs: 0,
    windowEndMs: 0,
    longestRestInWindowMs: 0,
    isCrewDay: false,
    hasSplitRestFirst: false,
    reducedRestsUsed: 0,
    lastWeeklyRestEndMs: 0,
    isLastWeeklyRestReduced: false,
    weekStartMs: 0,
    nextWeekStartMs: 0,
    weekDrivenMs: 0,
    prevWeekStartMs: 0,
    prevWeekDrivenMs: 0,
    extendedDaysThisWeek: 0,
  };
}

/** A copy with the literal's shape (a spread of this many fields would leave V8's fast objects). */
export function copyState(state: DrivingState): DrivingState {
  return Object.assign(initialDrivingState(), state);
}

/** The working copy a step mutates, with the rules in ms and the infringements it emits. */
export interface Ctx {
  s: DrivingState;
  r: DrivingRuleSet;
  out: Infringement[];
}

export const ms = (seconds: number): number => seconds * 1000;

export function runKindOf(r: DrivingRuleSet, kind: DriverActivityKind): RunKind {
  return kind !== 'unknown' && r.restKinds.includes(kind) ? 'resting' : kind;
}

export function emit(
  c: Ctx,
  rule: DrivingRule,
  startMs: number,
  endMs: number,
  limitMs: number,
  measuredMs: number,
  variant?: SeverityVariant,
  isOngoing = false,
): void {
  const isRest =
    rule === 'daily-rest' || (rule === 'weekly-rest' && variant !== 'weekly-rest-late');
  const excessMs = Math.max(0, isRest ? limitMs - measuredMs : measuredMs - limitMs);
  const scale = (variant && c.r.variantSeverities?.[variant]) || c.r.severities[rule];
  const x = scale.relative ? excessMs / limitMs : excessMs / 1000;
  const reaches = (from: number): boolean => (scale.exclusive ? x > from : x >= from);
  const f: Infringement = {
    rule,
    severity: reaches(scale.verySeriousFrom)
      ? 'very-serious'
      : reaches(scale.seriousFrom)
        ? 'serious'
        : 'minor',
    startMs,
    endMs,
    limitS: limitMs / 1000,
    measuredS: measuredMs / 1000,
    excessS: excessMs / 1000,
    evidence: [],
  };
  if (variant) f.variant = variant;
  if (isOngoing) f.ongoing = true;
  c.out.push(f);
}

/** The daily rest the window still asks for: reduced while reductions are left. */
export function requiredRest(c: Ctx): { limitMs: number; variant?: SeverityVariant } {
  const { s, r } = c;
  if (s.isCrewDay && r.multiManningDailyRestS) return { limitMs: ms(r.multiManningDailyRestS) };
  if (s.reducedRestsUsed < r.reducedDailyRestsBetweenWeeklyRests)
    return { limitMs: ms(r.reducedDailyRestS), variant: 'reduced-daily-rest' };
  if (s.hasSplitRestFirst)
    return { limitMs: ms(r.splitDailyRestSecondS), variant: 'split-daily-rest' };
  return { limitMs: ms(r.dailyRestS) };
}

/** Whether `effMs` of rest inside the window is a compliant daily rest (counting a reduction). */
export function isCompliantRest(c: Ctx, effMs: number, isCounting: boolean): boolean {
  const { s, r } = c;
  if (effMs >= ms(r.dailyRestS)) return true;
  if (s.isCrewDay && r.multiManningDailyRestS && effMs >= ms(r.multiManningDailyRestS)) return true;
  if (s.hasSplitRestFirst && effMs >= ms(r.splitDailyRestSecondS)) return true;
  if (
    effMs >= ms(r.reducedDailyRestS) &&
    s.reducedRestsUsed < r.reducedDailyRestsBetweenWeeklyRests
  ) {
    if (isCounting) s.reducedRestsUsed++;
    return true;
  }
  return false;
}

function dayLimitMs(c: Ctx): number {
  return ms(c.s.isDayExtended ? c.r.extendedDailyDrivingS : c.r.dailyDrivingS);
}

/** Closes the driving period at a qualifying break starting at `atMs`. */
export function closeBreakPeriod(c: Ctx, atMs: number, isOngoing = false): void {
  const { s, r } = c;
  if (s.drivenSinceBreakMs > ms(r.continuousDrivingS))
    emit(
      c,
      'continuous-driving',
      s.breakPeriodStartMs,
      atMs,
      ms(r.continuousDrivingS),
      s.drivenSinceBreakMs,
      undefined,
      isOngoing,
    );
  if (isOngoing) return;
  s.drivenSinceBreakMs = 0;
  s.hasSplitBreakFirst = false;
}

/** Judges the day's driving when it ends at `atMs`. */
export function closeDayDriving(c: Ctx, atMs: number, isOngoing = false): void {
  const { s } = c;
  const limitMs = dayLimitMs(c);
  if (s.dayDrivenMs > limitMs)
    emit(
      c,
      'daily-driving',
      s.dayStartMs,
      atMs,
      limitMs,
      s.dayDrivenMs,
      s.isDayExtended ? 'extended-daily-driving' : undefined,
      isOngoing,
    );
}

function startDay(s: DrivingState, r: DrivingRuleSet, atMs: number): void {
  s.dayStartMs = atMs;
  s.dayDrivenMs = 0;
  s.isDayExtended = false;
  s.windowStartMs = atMs;
  s.windowEndMs = atMs + ms(r.dailyRestWindowS);
  s.longestRestInWindowMs = 0;
  s.hasSplitRestFirst = false;
  s.isCrewDay = false;
}

/** The 24 h passed without a daily rest: the missing rest is an infringement, a new window opens. */
function expireWindow(c: Ctx): void {
  const { s } = c;
  const { limitMs, variant } = requiredRest(c);
  emit(c, 'daily-rest', s.windowStartMs, s.windowEndMs, limitMs, s.longestRestInWindowMs, variant);
  s.windowStartMs = s.windowEndMs;
  // The day goes on (no rest ended it): a crew day keeps its 30 h windows.
  s.windowEndMs += ms(
    s.isCrewDay && c.r.multiManningRestWindowS ? c.r.multiManningRestWindowS : c.r.dailyRestWindowS,
  );
  s.longestRestInWindowMs = 0;
  s.hasSplitRestFirst = false;
}

/** Time reaches `tMs` outside a rest: every window ended by then expires. */
export function advanceWindows(c: Ctx, tMs: number): void {
  while (c.s.windowEndMs <= tMs) expireWindow(c);
}

/** Closes every fixed week that ended by `tMs`, judging its driving and the fortnight's. */
export function rollWeeks(c: Ctx, tMs: number): void {
  const { s, r } = c;
  while (s.nextWeekStartMs <= tMs) {
    if (s.weekDrivenMs > ms(r.weeklyDrivingS))
      emit(
        c,
        'weekly-driving',
        s.weekStartMs,
        s.nextWeekStartMs,
        ms(r.weeklyDrivingS),
        s.weekDrivenMs,
      );
    const fortnightMs = s.prevWeekDrivenMs + s.weekDrivenMs;
    if (fortnightMs > ms(r.fortnightDrivingS))
      emit(
        c,
        'fortnight-driving',
        s.prevWeekStartMs,
        s.nextWeekStartMs,
        ms(r.fortnightDrivingS),
        fortnightMs,
      );
    s.prevWeekStartMs = s.weekStartMs;
    s.prevWeekDrivenMs = s.weekDrivenMs;
    s.weekStartMs = s.nextWeekStartMs;
    s.nextWeekStartMs = nextWeekStartMs(s.weekStartMs, r.timeZone);
    s.weekDrivenMs = 0;
    s.extendedDaysThisWeek = 0;
  }
}

function addDriving(c: Ctx, startMs: number, endMs: number): void {
  const { s, r } = c;
  let t = startMs;
  while (t < endMs) {
    rollWeeks(c, t);
    const pieceEnd = Math.min(endMs, s.nextWeekStartMs);
    const lengthMs = pieceEnd - t;
    if (s.drivenSinceBreakMs === 0) s.breakPeriodStartMs = t;
    s.drivenSinceBreakMs += lengthMs;
    const before = s.dayDrivenMs;
    s.dayDrivenMs += lengthMs;
    const dailyMs = ms(r.dailyDrivingS);
    if (
      before <= dailyMs &&
      s.dayDrivenMs > dailyMs &&
      s.extendedDaysThisWeek < r.extendedDaysPerWeek
    ) {
      s.isDayExtended = true;
      s.extendedDaysThisWeek++;
    }
    s.weekDrivenMs += lengthMs;
    t = pieceEnd;
  }
}

/** The weekly rest starts (or the record stops) at `atMs`: late after six 24-hour periods. */
export function emitLateWeeklyRest(c: Ctx, atMs: number, isOngoing = false): void {
  const { s, r } = c;
  const deadlineMs = s.lastWeeklyRestEndMs + ms(r.weeklyRestWindowS);
  if (atMs > deadlineMs)
    emit(
      c,
      'weekly-rest',
      deadlineMs,
      atMs,
      ms(r.weeklyRestWindowS),
      atMs - s.lastWeeklyRestEndMs,
      'weekly-rest-late',
      isOngoing,
    );
}

/** A run of rest [restStartMs, restEndMs) ended: breaks, weekly rest, daily rest. */
export function closeRest(c: Ctx, restStartMs: number, restEndMs: number): void {
  const { s, r } = c;
  const durationMs = restEndMs - restStartMs;
  if (durationMs >= ms(r.breakS) || (s.hasSplitBreakFirst && durationMs >= ms(r.splitBreakSecondS)))
    closeBreakPeriod(c, restStartMs);
  else if (durationMs >= ms(r.splitBreakFirstS)) s.hasSplitBreakFirst = true;

  const isWeekly = durationMs >= ms(r.reducedWeeklyRestS);
  if (isWeekly) {
    emitLateWeeklyRest(c, restStartMs);
    const isReduced = durationMs < ms(r.weeklyRestS);
    if (isReduced && s.isLastWeeklyRestReduced)
      emit(c, 'weekly-rest', restStartMs, restEndMs, ms(r.weeklyRestS), durationMs);
    s.lastWeeklyRestEndMs = restEndMs;
    s.isLastWeeklyRestReduced = isReduced;
  }

  const windowEndMs = s.windowEndMs;
  if (durationMs >= ms(r.reducedDailyRestS)) {
    const effMs = Math.min(restEndMs, windowEndMs) - restStartMs;
    if (!isCompliantRest(c, effMs, true)) {
      const { limitMs, variant } = requiredRest(c);
      emit(
        c,
        'daily-rest',
        s.windowStartMs,
        Math.min(restEndMs, windowEndMs),
        limitMs,
        Math.max(s.longestRestInWindowMs, effMs),
        variant,
      );
    }
    closeDayDriving(c, restStartMs);
    startDay(s, r, restEndMs);
    if (isWeekly) s.reducedRestsUsed = 0;
    return;
  }
  let partMs = durationMs;
  if (restEndMs > windowEndMs) {
    s.longestRestInWindowMs = Math.max(s.longestRestInWindowMs, windowEndMs - restStartMs);
    expireWindow(c);
    partMs = restEndMs - windowEndMs;
  }
  s.longestRestInWindowMs = Math.max(s.longestRestInWindowMs, partMs);
  if (partMs >= ms(r.splitDailyRestFirstS)) s.hasSplitRestFirst = true;
}

/** The record restarts after a long stretch without data ending at `atMs`. */
function restart(c: Ctx, unknownStartMs: number, atMs: number): void {
  const { s, r } = c;
  advanceWindows(c, unknownStartMs);
  closeBreakPeriod(c, unknownStartMs);
  closeDayDriving(c, unknownStartMs);
  emitLateWeeklyRest(c, unknownStartMs);
  startDay(s, r, atMs);
  s.reducedRestsUsed = 0;
  s.lastWeeklyRestEndMs = atMs;
  s.isLastWeeklyRestReduced = false;
  s.hasSplitBreakFirst = false;
}

export function unknownResetMs(r: DrivingRuleSet): number {
  return ms(r.unknownResetS ?? r.reducedWeeklyRestS);
}

/** Ends the current run at `atMs` (a new kind begins there). */
export function closeRun(c: Ctx, atMs: number): void {
  const { s, r } = c;
  if (s.runKind === 'resting') closeRest(c, s.runStartMs, atMs);
  else if (s.runKind === 'unknown' && atMs - s.runStartMs >= unknownResetMs(r))
    restart(c, s.runStartMs, atMs);
  else advanceWindows(c, atMs);
}

function begin(s: DrivingState, r: DrivingRuleSet, atMs: number): void {
  s.started = true;
  s.runStartMs = atMs;
  s.breakPeriodStartMs = atMs;
  startDay(s, r, atMs);
  s.lastWeeklyRestEndMs = atMs;
  s.weekStartMs = weekStartMs(atMs, r.timeZone);
  s.nextWeekStartMs = nextWeekStartMs(atMs, r.timeZone);
  s.prevWeekStartMs = weekStartMs(s.weekStartMs - 1, r.timeZone);
}

/** Applies one piece of one kind, [startMs, endMs), starting where the last one ended. */
export function applySegment(
  c: Ctx,
  kind: DriverActivityKind,
  startMs: number,
  endMs: number,
  hasCoDriver = false,
): void {
  const { s, r } = c;
  const runKind = runKindOf(r, kind);
  if (!s.started) {
    if (kind === 'unknown') return;
    begin(s, r, startMs);
    s.runKind = runKind;
  } else if (runKind !== s.runKind) {
    closeRun(c, startMs);
    s.runKind = runKind;
    s.runStartMs = startMs;
  }
  if (kind !== s.activity || s.lastEndMs !== startMs) {
    s.activity = kind;
    s.activitySinceMs = startMs;
  }
  if (hasCoDriver && !s.isCrewDay && r.multiManningRestWindowS) {
    s.isCrewDay = true;
    s.windowEndMs = s.windowStartMs + ms(r.multiManningRestWindowS);
  }
  if (kind === 'drive') addDriving(c, startMs, endMs);
  rollWeeks(c, endMs);
  if (runKind !== 'unknown' && runKind !== 'resting') advanceWindows(c, endMs);
  s.lastEndMs = endMs;
}

/** One step of the fold: the next state and the infringements this interval closed. */
export function stepDriving(
  state: DrivingState,
  interval: ActivityInterval,
  rules: DrivingRuleSet,
): { state: DrivingState; infringements: Infringement[] } {
  const c: Ctx = { s: copyState(state), r: rules, out: [] };
  const startMs = Math.max(interval.startMs, c.s.lastEndMs);
  if (interval.endMs > startMs && Number.isFinite(interval.endMs) && Number.isFinite(startMs)) {
    if (c.s.started && startMs > c.s.lastEndMs) applySegment(c, 'unknown', c.s.lastEndMs, startMs);
    applySegment(c, interval.kind, startMs, interval.endMs, interval.hasCoDriver);
  }
  return { state: c.s, infringements: c.out };
}
