// Drivers' working states as a tachograph records them (issue 26): a plan, drawn from a seed, of
// what each driver does — shifts of loading `work`, driving in blocks with breaks at the rules'
// points (or late, for a share of drivers), waiting `available`, unloading, then a daily rest in the
// cab (normal, reduced or split 3 h + 9 h), and after five or six shifts a weekly rest (regular or
// reduced). Two-driver crews drive in turns: the co-driver's card in slot 2 `available` while the
// other drives, the cards swapping slots at each change. Now and then a driver takes the card out
// for a while (no data: `unknown`). Pure and deterministic: the same seed gives the same plan.
// Its own random streams (`<seed>/duty/…`), so no other simulated stream changes.

import { Random } from './random.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** What a card's holder does (a tachograph's four activities). */
export type DutyKind = 'drive' | 'work' | 'available' | 'rest';

/** How a driver keeps the rules (EU 561/2006 shapes; the numbers are the planner's, not limits). */
export interface DutyProfile {
  /** Share of driving blocks pushed past 4 h 30 (by `lateByMinutes`). */
  lateBreakShare: number;
  lateByMinutes: readonly [number, number];
  /** Share of breaks cut short (30–40 min, not a qualifying break). */
  shortBreakShare: number;
  /** Share of days driven past the daily limit (to 9 h 30 – 11 h). */
  longDayShare: number;
  /** Share of daily rests cut below the reduced rest (7 h 30 – 8 h 45). */
  shortRestShare: number;
  /** Share of breaks split 15 + 30 min. */
  splitBreakShare: number;
  /** Share of days with a split daily rest (3 h within the shift, 9 h at its end). */
  splitRestShare: number;
  /** Share of daily rests reduced to 9–10 h (at most three between weekly rests). */
  reducedRestShare: number;
  /** Share of days extended to 9 h 15 – 10 h of driving (at most two a week). */
  extendedDayShare: number;
  /** Share of weekly rests reduced to 24–30 h (never two in a row). */
  reducedWeeklyRestShare: number;
  /** Share of daily rests that start with the card out for 20 min – 2 h (a gap: unknown). */
  cardOutShare: number;
  /** Share of loadings and unloadings with a yard move (1–4 min of driving between the work). */
  yardMoveShare: number;
}

/** A driver who keeps the rules: breaks on time, rests taken, limits within. */
export const COMPLIANT_DUTY: DutyProfile = {
  lateBreakShare: 0,
  lateByMinutes: [5, 40],
  shortBreakShare: 0,
  longDayShare: 0,
  shortRestShare: 0,
  splitBreakShare: 0.25,
  splitRestShare: 0.08,
  reducedRestShare: 0.2,
  extendedDayShare: 0.2,
  reducedWeeklyRestShare: 0.3,
  cardOutShare: 0,
  yardMoveShare: 0.3,
};

/** A driver who pushes on: late and short breaks, long days, short rests now and then. */
export const LATE_DUTY: DutyProfile = {
  ...COMPLIANT_DUTY,
  lateBreakShare: 0.25,
  shortBreakShare: 0.1,
  longDayShare: 0.12,
  shortRestShare: 0.08,
};

/** One stretch of one activity of one driver; `slot` is the tachograph slot the card is in. */
export interface DutySegment {
  kind: DutyKind;
  startMs: number;
  endMs: number;
  slot: 1 | 2;
  /** The card is out of the tachograph (nothing recorded: unknown). */
  cardOut?: boolean;
}

/** A shift and the rest after it: the unit a driver spends in one truck. */
export interface DutyUnit {
  startMs: number;
  endMs: number;
}

/** One driver's plan. */
export interface DriverDuty {
  card: string;
  segments: DutySegment[];
  units: DutyUnit[];
}

/** The counters a driver's planner keeps between shifts (to stay within the week's limits). */
interface Tally {
  extendedLeft: number;
  reducedLeft: number;
  shiftsSinceWeekly: number;
  lastWeeklyReduced: boolean;
  weeklyEndMs: number;
  drivenByWeek: Map<number, number>;
}

/** Monday 00:00 UTC of the fixed week holding `ms` (tachographs count weeks in UTC). */
export function weekStartMs(ms: number): number {
  const day = Math.floor(ms / (24 * HOUR_MS));
  const mondayBased = (day + 3) % 7; // 1970-01-01 was a Thursday
  return (day - mondayBased) * 24 * HOUR_MS;
}

/** Appends one segment, merging it into the last when the activity and slot go on. */
class SegmentList {
  readonly list: DutySegment[] = [];
  constructor(public atMs: number) {}

  add(kind: DutyKind, durationMs: number, slot: 1 | 2 = 1, cardOut = false): void {
    const ms = Math.round(durationMs / 1000) * 1000;
    if (ms <= 0) return;
    const last = this.list.at(-1);
    if (last && last.kind === kind && last.slot === slot && !!last.cardOut === cardOut) {
      last.endMs += ms;
    } else {
      const seg: DutySegment = { kind, startMs: this.atMs, endMs: this.atMs + ms, slot };
      if (cardOut) seg.cardOut = true;
      this.list.push(seg);
    }
    this.atMs += ms;
  }
}

const minutes = (rng: Random, from: number, to: number): number => rng.range(from, to) * MINUTE_MS;
const hours = (rng: Random, from: number, to: number): number => rng.range(from, to) * HOUR_MS;

/** The driving a shift aims at, within the week's and fortnight's room. */
function drivingTarget(rng: Random, p: DutyProfile, tally: Tally, startMs: number): number {
  let target = hours(rng, 6, 9);
  if (rng.chance(p.longDayShare)) target = hours(rng, 9.5, 11);
  else if (tally.extendedLeft > 0 && rng.chance(p.extendedDayShare)) {
    target = hours(rng, 9.25, 10);
    tally.extendedLeft -= 1;
  }
  const week = weekStartMs(startMs);
  const thisWeek = tally.drivenByWeek.get(week) ?? 0;
  const lastWeek = tally.drivenByWeek.get(week - 7 * 24 * HOUR_MS) ?? 0;
  const room = Math.min(56 * HOUR_MS - thisWeek, 90 * HOUR_MS - thisWeek - lastWeek);
  // A margin: a driver who keeps the rules stays clear of the week's and fortnight's limits.
  return Math.max(0, Math.min(target, room - 2 * HOUR_MS));
}

/** Work at a dock, now and then with a yard move (the truck to another bay) in it. */
function loading(out: SegmentList, rng: Random, p: DutyProfile, fromMin: number, toMin: number) {
  const ms = minutes(rng, fromMin, toMin);
  if (!rng.chance(p.yardMoveShare)) return out.add('work', ms);
  const before = ms * rng.range(0.2, 0.8);
  out.add('work', before);
  out.add('drive', minutes(rng, 1, 4));
  out.add('work', ms - before);
}

/** A single driver's shift: loading, driving blocks with breaks, unloading. Returns the driving. */
function planShift(
  out: SegmentList,
  rng: Random,
  p: DutyProfile,
  targetMs: number,
  splitRest: boolean,
): number {
  loading(out, rng, p, 10, 40); // checks, loading
  let driven = 0;
  let splitRestTaken = !splitRest;
  while (targetMs - driven > 10 * MINUTE_MS) {
    const late = rng.chance(p.lateBreakShare);
    const blockMs = late
      ? 270 * MINUTE_MS + minutes(rng, p.lateByMinutes[0], p.lateByMinutes[1])
      : minutes(rng, 120, 262);
    const block = Math.min(blockMs, targetMs - driven);
    const split = !late && block >= 2 * HOUR_MS && rng.chance(p.splitBreakShare);
    if (split) {
      const first = block * rng.range(0.3, 0.6);
      out.add('drive', first);
      out.add('rest', minutes(rng, 15, 22));
      out.add('drive', block - first);
    } else {
      out.add('drive', block);
    }
    driven += Math.round(block / 1000) * 1000;
    if (targetMs - driven <= 10 * MINUTE_MS) break;
    // At the stop: unloading or loading now and then, a wait at the dock, then the break.
    if (rng.chance(0.35)) out.add('work', minutes(rng, 15, 50));
    if (rng.chance(0.3)) out.add('available', minutes(rng, 10, 40));
    if (!splitRestTaken) {
      out.add('rest', hours(rng, 3, 3.5)); // the first part of a split daily rest
      splitRestTaken = true;
    } else if (split) out.add('rest', minutes(rng, 30, 40));
    else if (rng.chance(p.shortBreakShare)) out.add('rest', minutes(rng, 30, 40));
    else out.add('rest', minutes(rng, 45, 60));
    if (rng.chance(0.15)) out.add('work', minutes(rng, 5, 20));
  }
  loading(out, rng, p, 15, 45); // unloading, paperwork
  if (rng.chance(0.25)) out.add('available', minutes(rng, 5, 25));
  return driven;
}

/** The daily rest a driver takes after a shift, and whether it is reduced. */
function dailyRest(rng: Random, p: DutyProfile, tally: Tally, splitRest: boolean) {
  if (rng.chance(p.shortRestShare)) return { ms: hours(rng, 7.5, 8.75), minMs: 0 };
  if (splitRest) return { ms: hours(rng, 9, 10), minMs: 9 * HOUR_MS };
  if (tally.reducedLeft > 0 && rng.chance(p.reducedRestShare)) {
    tally.reducedLeft -= 1;
    return { ms: hours(rng, 9, 10.75), minMs: 9 * HOUR_MS };
  }
  return { ms: hours(rng, 11, 13), minMs: 11 * HOUR_MS };
}

function addDriven(tally: Tally, segments: readonly DutySegment[]): void {
  for (const s of segments) {
    if (s.kind !== 'drive') continue;
    // Split at Monday 00:00: a drive across it counts in both weeks.
    for (let t = s.startMs; t < s.endMs;) {
      const week = weekStartMs(t);
      const upTo = Math.min(s.endMs, week + 7 * 24 * HOUR_MS);
      tally.drivenByWeek.set(week, (tally.drivenByWeek.get(week) ?? 0) + upTo - t);
      t = upTo;
    }
  }
}

/** The rest before the plan's first shift: the end of a weekly rest. */
function firstShiftStart(rng: Random, startMs: number): number {
  return startMs + hours(rng, 4, 30);
}

/**
 * One driver's plan from `startMs` (in a weekly rest, card in) to at least `endMs`.
 * `seed` names the driver's streams.
 */
export function planDriverDuty(
  card: string,
  seed: string,
  profile: DutyProfile,
  startMs: number,
  endMs: number,
): DriverDuty {
  const rng = new Random(`${seed}/duty`);
  const out = new SegmentList(startMs);
  const units: DutyUnit[] = [];
  const firstMs = firstShiftStart(rng, startMs);
  out.add('rest', firstMs - startMs);
  const tally: Tally = {
    extendedLeft: 2,
    reducedLeft: 3,
    shiftsSinceWeekly: 0,
    lastWeeklyReduced: false,
    weeklyEndMs: firstMs,
    drivenByWeek: new Map(),
  };
  let week = weekStartMs(firstMs);
  while (out.atMs < endMs) {
    const shiftRng = rng.fork(`shift/${units.length}`);
    const unitStart = out.atMs;
    if (weekStartMs(unitStart) !== week) {
      week = weekStartMs(unitStart);
      tally.extendedLeft = 2;
    }
    const splitRest = shiftRng.chance(profile.splitRestShare);
    const rest = dailyRest(shiftRng, profile, tally, splitRest);
    // A compliant shift leaves room for the rest within 24 h of the last one's end.
    let target = drivingTarget(shiftRng, profile, tally, unitStart);
    let trial = new SegmentList(unitStart);
    for (let attempt = 0; attempt < 6; attempt++) {
      trial = new SegmentList(unitStart);
      planShift(trial, shiftRng.fork(`try/${attempt}`), profile, target, splitRest);
      if (rest.minMs === 0 || trial.atMs - unitStart + rest.minMs <= 24 * HOUR_MS) break;
      target -= 45 * MINUTE_MS;
    }
    out.list.push(...trial.list);
    out.atMs = trial.atMs;
    addDriven(tally, trial.list);
    tally.shiftsSinceWeekly += 1;
    const sinceWeekly = out.atMs - tally.weeklyEndMs;
    const isWeekly =
      tally.shiftsSinceWeekly >= 6 ||
      (tally.shiftsSinceWeekly >= 5 && shiftRng.chance(0.7)) ||
      sinceWeekly > 118 * HOUR_MS;
    if (isWeekly) {
      const reduced = !tally.lastWeeklyReduced && shiftRng.chance(profile.reducedWeeklyRestShare);
      out.add('rest', reduced ? hours(shiftRng, 24, 30) : hours(shiftRng, 45, 60));
      tally.lastWeeklyReduced = reduced;
      tally.shiftsSinceWeekly = 0;
      tally.reducedLeft = 3;
      tally.weeklyEndMs = out.atMs;
    } else {
      if (shiftRng.chance(profile.cardOutShare)) {
        const outMs = minutes(shiftRng, 20, 120);
        out.add('rest', outMs, 1, true);
        rest.ms += outMs;
      }
      out.add('rest', rest.ms);
    }
    units.push({ startMs: unitStart, endMs: out.atMs });
  }
  return { card, segments: out.list, units };
}

/**
 * A two-driver crew's plan: per shift, turns at the wheel of 3 – 4 h with a 45-min break
 * together between turns, the co-driver `available` in slot 2; a daily rest in the cab together;
 * a weekly rest after five shifts. Who starts alternates.
 */
export function planCrewDuty(
  cards: readonly [string, string],
  seed: string,
  startMs: number,
  endMs: number,
): [DriverDuty, DriverDuty] {
  const rng = new Random(`${seed}/crew`);
  const lists = [new SegmentList(startMs), new SegmentList(startMs)] as const;
  const units: DutyUnit[] = [];
  const both = (kind: DutyKind, ms: number, slots: readonly [1 | 2, 1 | 2]): void => {
    const rounded = Math.round(ms / 1000) * 1000;
    lists[0].add(kind, rounded, slots[0]);
    lists[1].add(kind, rounded, slots[1]);
  };
  both('rest', firstShiftStart(rng, startMs) - startMs, [1, 2]);
  let shifts = 0;
  while (lists[0].atMs < endMs) {
    const s = rng.fork(`shift/${units.length}`);
    const unitStart = lists[0].atMs;
    let atWheel = units.length % 2; // 0: the first card drives first
    const slotsOf = (): [1 | 2, 1 | 2] => (atWheel === 0 ? [1, 2] : [2, 1]);
    both('work', minutes(s, 10, 30), slotsOf());
    const turns = [hours(s, 3, 4), hours(s, 3, 4), hours(s, 1, 2)];
    for (let t = 0; t < turns.length; t++) {
      const ms = Math.round(turns[t]! / 1000) * 1000;
      lists[atWheel]!.add('drive', ms, 1);
      lists[1 - atWheel]!.add('available', ms, 2);
      if (t < turns.length - 1) {
        both('rest', minutes(s, 45, 55), slotsOf());
        atWheel = 1 - atWheel; // the cards swap slots
      }
    }
    both('work', minutes(s, 10, 30), slotsOf());
    shifts += 1;
    if (shifts % 5 === 0) both('rest', hours(s, 45, 52), slotsOf());
    else both('rest', hours(s, 11, 12.5), slotsOf());
    units.push({ startMs: unitStart, endMs: lists[0].atMs });
  }
  return [
    { card: cards[0], segments: lists[0].list, units },
    { card: cards[1], segments: lists[1].list, units: [...units] },
  ];
}
