// Reading a fold state: the status at an instant (as if the current activity stopped then) and the
// infringements still open at the end of the record (`ongoing`: their measure can still grow).
import {
  advanceWindows,
  applySegment,
  copyState,
  closeBreakPeriod,
  closeDayDriving,
  closeRun,
  emitLateWeeklyRest,
  emit,
  isCompliantRest,
  ms,
  requiredRest,
  rollWeeks,
  unknownResetMs,
  type Ctx,
  type DrivingState,
} from './fold.js';
import type { DrivingRuleSet, DrivingTimesStatus, Infringement } from './types.js';

function contextAt(state: DrivingState, rules: DrivingRuleSet, atMs: number): Ctx {
  if (!Number.isFinite(atMs)) throw new RangeError(`driving times asked at ${atMs}`);
  const c: Ctx = { s: copyState(state), r: rules, out: [] };
  if (state.started && atMs > state.lastEndMs) applySegment(c, 'unknown', state.lastEndMs, atMs);
  return c;
}

/** The status at `atMs` (≥ the state's last end) from a fold state; the state is not changed. */
export function drivingStatusOf(
  state: DrivingState,
  rules: DrivingRuleSet,
  atMs: number,
): DrivingTimesStatus {
  const r = rules;
  const at = Math.max(atMs, state.lastEndMs);
  const c = contextAt(state, rules, at);
  const activity = c.s.started ? c.s.activity : 'unknown';
  const activitySinceMs = c.s.started ? c.s.activitySinceMs : undefined;
  if (c.s.started) {
    closeRun(c, at);
    rollWeeks(c, at);
  }
  const s = c.s;
  const extensionLeft = s.extendedDaysThisWeek < r.extendedDaysPerWeek;
  const dayLimitMs = ms(
    s.isDayExtended || (s.dayDrivenMs <= ms(r.dailyDrivingS) && extensionLeft)
      ? r.extendedDailyDrivingS
      : r.dailyDrivingS,
  );
  const left = (limitMs: number, usedMs: number): number => Math.max(0, limitMs - usedMs) / 1000;
  const leftBeforeBreakS = left(ms(r.continuousDrivingS), s.drivenSinceBreakMs);
  const leftTodayS = left(dayLimitMs, s.dayDrivenMs);
  const latestRestStartMs = s.windowEndMs - requiredRest(c).limitMs;
  return {
    atMs,
    activity,
    activitySinceMs,
    drivenSinceBreakS: s.drivenSinceBreakMs / 1000,
    drivenTodayS: s.dayDrivenMs / 1000,
    drivenWeekS: s.weekDrivenMs / 1000,
    drivenFortnightS: (s.weekDrivenMs + s.prevWeekDrivenMs) / 1000,
    leftBeforeBreakS,
    leftTodayS,
    leftWeekS: left(ms(r.weeklyDrivingS), s.weekDrivenMs),
    leftFortnightS: left(ms(r.fortnightDrivingS), s.weekDrivenMs + s.prevWeekDrivenMs),
    nextBreakDueMs: s.drivenSinceBreakMs > 0 ? at + ms(leftBeforeBreakS) : undefined,
    nextDailyRestDueMs:
      s.dayDrivenMs > 0 ? Math.min(at + ms(leftTodayS), latestRestStartMs) : undefined,
    extendedDaysUsed: s.extendedDaysThisWeek,
    reducedRestsUsed: s.reducedRestsUsed,
  };
}

/**
 * The infringements the record's end at `endMs` leaves open or already proves (a rest going on
 * past its window), from a fold state; the state is not changed.
 */
export function pendingInfringements(
  state: DrivingState,
  rules: DrivingRuleSet,
  endMs: number,
): Infringement[] {
  if (!state.started) return [];
  const r = rules;
  const c = contextAt(state, rules, endMs);
  const s = c.s;
  if (s.runKind === 'resting') {
    const restStartMs = s.runStartMs;
    const durationMs = endMs - restStartMs;
    const isBreak =
      durationMs >= ms(r.breakS) || (s.hasSplitBreakFirst && durationMs >= ms(r.splitBreakSecondS));
    closeBreakPeriod(c, isBreak ? restStartMs : endMs, !isBreak);
    const isDayEnd = durationMs >= ms(r.reducedDailyRestS);
    closeDayDriving(c, isDayEnd ? restStartMs : endMs, !isDayEnd);
    if (endMs > s.windowEndMs) {
      const effMs = s.windowEndMs - restStartMs;
      if (!isCompliantRest(c, effMs, false)) {
        const { limitMs, variant } = requiredRest(c);
        const measuredMs = Math.max(s.longestRestInWindowMs, effMs);
        emit(c, 'daily-rest', s.windowStartMs, s.windowEndMs, limitMs, measuredMs, variant);
      }
    }
    emitLateWeeklyRest(c, restStartMs, durationMs < ms(r.reducedWeeklyRestS));
  } else if (s.runKind === 'unknown' && endMs - s.runStartMs >= unknownResetMs(r)) {
    closeRun(c, endMs);
  } else {
    advanceWindows(c, endMs);
    closeBreakPeriod(c, endMs, true);
    closeDayDriving(c, endMs, true);
    emitLateWeeklyRest(c, endMs, true);
  }
  rollWeeks(c, endMs);
  if (s.weekDrivenMs > ms(r.weeklyDrivingS))
    emit(
      c,
      'weekly-driving',
      s.weekStartMs,
      endMs,
      ms(r.weeklyDrivingS),
      s.weekDrivenMs,
      undefined,
      true,
    );
  const fortnightMs = s.weekDrivenMs + s.prevWeekDrivenMs;
  if (fortnightMs > ms(r.fortnightDrivingS))
    emit(
      c,
      'fortnight-driving',
      s.prevWeekStartMs,
      endMs,
      ms(r.fortnightDrivingS),
      fortnightMs,
      undefined,
      true,
    );
  return c.out;
}
