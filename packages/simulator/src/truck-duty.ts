// The demo's drivers follow their truck (issue 26 item 5, decision 0048): a truck planned with a
// duty (`TruckOptions.duty`) drives each leg in a closed-form time (`driveEndMs`, the truck's
// cruise regulated to arrive by then) and parks as its driver's day needs: a short stop (work,
// then available), a break of 45–60 min rest when the next leg would take the driving since the
// last break past 4 h 30, a daily rest of 11–12 h (within 24 h of the last, and at 9 h of driving
// or 13 h of duty), a weekly rest of 45–50 h after five or six days; the week's and fortnight's
// driving kept 2 h clear of 56 h and 90 h. A driver who pushes on skips half the breaks he needs,
// drives long days now and then and rests short. A crew takes turns: the one with the least
// driving since his break drives, the other `available` in slot 2. The drivers' activities follow
// from each leg alone (`legDutySegments`): work while the engine warms up, drive until
// `driveEndMs`, work at the dock, the park's rest or wait, work before leaving.

import { Random } from './random.js';
import type { Route } from './route.js';
import { alignToShift, type TruckTraits } from './truck-profile.js';
import type { DutyKind } from './duty-plan.js';
import { weekStartMs } from './duty-plan.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How a truck's drivers work (the demo's trucks with a tachograph). */
export interface TruckDutyOptions {
  /** Two drivers take turns at the wheel. */
  crew?: boolean;
  /** The driver pushes on: skips breaks, drives long days, rests short (infringements). */
  pushesOn?: boolean;
  /** The drivers' shift in local hours (the end may pass 24), instead of the truck's own. */
  shiftHours?: readonly [number, number];
  /**
   * The day holding this instant may be extended: 10 h of driving, quick turns at the stops, up
   * to 14 h 15 of duty (the rest after it a reduced one within the 24 h).
   */
  extendedAtMs?: number;
  /** The drives' average speed (default {@link DUTY_AVERAGE_KMH}): a heavy load, a slow road. */
  averageKmh?: number;
  /** The park after leg `leg` ends at `untilMs` instead (a wait for a load, or a quick turn). */
  hold?: { leg: number; untilMs: number };
}

/** The average speed a duty leg's drive is given: the truck's cruise is held to arrive in time. */
export const DUTY_AVERAGE_KMH = 72;
/** The regulated truck aims to arrive this long before its drive's planned end. */
export const DUTY_ARRIVE_EARLY_MS = 35_000;

/** A duty leg's drive: from the engine's warm-up end to arrival at the next stop. */
export const plannedDriveMs = (distanceM: number, averageKmh = DUTY_AVERAGE_KMH): number =>
  Math.round(((distanceM / (averageKmh / 3.6)) * 1000 + 4 * MINUTE_MS) / 1000) * 1000;

/** One driver's driving counts. */
export interface DriverTally {
  sinceBreakMs: number;
  todayMs: number;
  /** Monday 00:00 UTC of the week `thisWeekMs` counts; `lastWeekMs` the week before. */
  weekMs: number;
  thisWeekMs: number;
  lastWeekMs: number;
}

/** The drivers' counts after a leg's park. */
export interface DutyTally {
  drivers: DriverTally[];
  /** End of the last daily (or weekly) rest: the day's duty started here. */
  dayStartMs: number;
  /** Days since the last weekly rest, and its end. */
  days: number;
  weeklyEndMs: number;
}

/** What the drivers do while the truck stands after a leg's drive. */
export type DutyPark = 'short' | 'break' | 'daily' | 'weekly';

/** A leg's duty: who drives, until when, and the park after. */
export interface LegDuty {
  /** The driver at the wheel (0, or 1 in a crew), in slot 1; the other in slot 2. */
  wheel: 0 | 1;
  driveEndMs: number;
  park: DutyPark;
  /** Work after the dock idling (unloading, papers) and before the next leg (checks, loading). */
  workAfterMs: number;
  workBeforeMs: number;
  after: DutyTally;
}

/** What a duty needs of a leg being planned. */
export interface DutyLegInput {
  seed: string | number;
  index: number;
  route: Route;
  traits: Pick<TruckTraits, 'shiftStartHour' | 'shiftEndHour'>;
  startMs: number;
  warmUpMs: number;
  toStop: number;
  direction: 1 | -1;
  distanceM: number;
  dockIdleMs: number;
  /** The park's end the truck's own schedule drew. */
  endMs: number;
}

const roundToSecond = (ms: number): number => Math.round(ms / 1000) * 1000;

const rolled = (d: DriverTally, atMs: number): DriverTally => {
  const week = weekStartMs(atMs);
  if (week === d.weekMs) return d;
  const lastWeekMs = week - 7 * DAY_MS === d.weekMs ? d.thisWeekMs : 0;
  return { ...d, weekMs: week, thisWeekMs: 0, lastWeekMs };
};

/** The tally before a truck's first leg: just out of a weekly rest. */
export function firstTally(legStartMs: number, crew: boolean): DutyTally {
  const d: DriverTally = {
    sinceBreakMs: 0,
    todayMs: 0,
    weekMs: weekStartMs(legStartMs),
    thisWeekMs: 0,
    lastWeekMs: 0,
  };
  return {
    drivers: crew ? [d, { ...d }] : [d],
    dayStartMs: legStartMs - FIRST_WORK_MS,
    days: 0,
    weeklyEndMs: legStartMs - FIRST_WORK_MS,
  };
}
/** From pulling away to moving (> 5 km/h). */
const PULL_AWAY_MS = 4000;
/** Checks before the truck's first leg. */
const FIRST_WORK_MS = 15 * MINUTE_MS;

/** Who drives next: in a crew, the driver with the least driving since his break. */
function wheelOf(t: DutyTally, last: 0 | 1 | undefined): 0 | 1 {
  if (t.drivers.length < 2) return 0;
  const [a, b] = t.drivers as [DriverTally, DriverTally];
  if (a.sinceBreakMs !== b.sinceBreakMs) return a.sinceBreakMs < b.sinceBreakMs ? 0 : 1;
  return last === undefined ? 0 : last === 0 ? 1 : 0;
}

/** The distance of the leg after one ending at `toStop` going `direction`. */
function nextDistanceM(route: Route, toStop: number, direction: 1 | -1): number {
  const last = route.stops.length - 1;
  const dir = toStop + direction < 0 || toStop + direction > last ? -direction : direction;
  return Math.abs(route.stops[toStop + dir]!.atM - route.stops[toStop]!.atM);
}

/**
 * Plans a leg's duty from the tally the last leg left (`before`; undefined: the first leg), and
 * the park's end it needs (`endMs`, at or after the truck's own).
 */
export function planLegDuty(
  leg: DutyLegInput,
  before: DutyTally | undefined,
  lastWheel: 0 | 1 | undefined,
  options: TruckDutyOptions,
): { duty: LegDuty; endMs: number } {
  const rng = new Random(`${leg.seed}/leg/${leg.index}/duty`);
  const tally = before ?? firstTally(leg.startMs, options.crew === true);
  const wheel = wheelOf(tally, lastWheel);
  const driveStartMs = leg.startMs + leg.warmUpMs;
  const driveMs = plannedDriveMs(leg.distanceM, options.averageKmh);
  const driveEndMs = driveStartMs + driveMs;
  const drivers = tally.drivers.map((d, i) => {
    const r = rolled(d, driveStartMs);
    return i === wheel
      ? {
          ...r,
          sinceBreakMs: r.sinceBreakMs + driveMs,
          todayMs: r.todayMs + driveMs,
          thisWeekMs: r.thisWeekMs + driveMs,
        }
      : r;
  });
  const workAfterMs = roundToSecond(rng.range(5, 20) * MINUTE_MS);
  const workBeforeMs = roundToSecond(rng.range(5, 15) * MINUTE_MS);
  const restFromMs = driveEndMs + leg.dockIdleMs + workAfterMs;
  const pushes = options.pushesOn === true;
  const after: DutyTally = { ...tally, drivers };
  const nextMs = plannedDriveMs(
    nextDistanceM(leg.route, leg.toStop, leg.direction),
    options.averageKmh,
  );
  const nextWheel = wheelOf(after, wheel);
  const extended =
    options.extendedAtMs !== undefined &&
    options.extendedAtMs >= tally.dayStartMs &&
    options.extendedAtMs < tally.dayStartMs + 16 * HOUR_MS;
  const quickestEndMs = restFromMs + workBeforeMs + 5 * MINUTE_MS;
  // An extended day turns round quickly at the stops.
  const held =
    options.hold?.leg === leg.index ? options.hold.untilMs : extended ? quickestEndMs : leg.endMs;
  const candidateEndMs = Math.max(held, quickestEndMs);
  const next = rolled(drivers[nextWheel]!, candidateEndMs);
  const dayLimitMs =
    pushes && rng.chance(0.3)
      ? 10.5 * HOUR_MS
      : extended
        ? 10 * HOUR_MS - 2 * MINUTE_MS
        : 9 * HOUR_MS - 10 * MINUTE_MS;
  const weekRoomMs = Math.min(
    54 * HOUR_MS - next.thisWeekMs,
    88 * HOUR_MS - next.thisWeekMs - next.lastWeekMs,
  );
  // The next leg's end, its dock idling and work included, within 13 h of the day's start.
  const nextDoneMs = candidateEndMs + 2 * MINUTE_MS + nextMs + 75 * MINUTE_MS;
  const overnight = candidateEndMs - restFromMs > 5 * HOUR_MS;
  const needsRest =
    overnight ||
    next.todayMs + nextMs > dayLimitMs ||
    nextDoneMs - tally.dayStartMs > (extended ? 15.5 : pushes ? 14.5 : 12.75) * HOUR_MS ||
    nextMs > weekRoomMs;
  const atShift = (ms: number): number => alignToShift(ms, leg.traits);
  const rest = (): { duty: LegDuty; endMs: number } => {
    const days = tally.days + 1;
    const weekly =
      days >= 6 || (days >= 5 && rng.chance(0.5)) || restFromMs - tally.weeklyEndMs > 120 * HOUR_MS;
    const restMs = weekly
      ? rng.range(45, 50) * HOUR_MS
      : pushes && rng.chance(0.25)
        ? rng.range(7.5, 8.5) * HOUR_MS
        : rng.range(11, 12) * HOUR_MS;
    const endMs = roundToSecond(
      atShift(restFromMs + restMs + workBeforeMs) + rng.range(0, 30) * MINUTE_MS,
    );
    const dayStartMs = endMs - workBeforeMs;
    return {
      endMs,
      duty: {
        wheel,
        driveEndMs,
        park: weekly ? 'weekly' : 'daily',
        workAfterMs,
        workBeforeMs,
        after: {
          drivers: drivers.map((d) => ({ ...d, sinceBreakMs: 0, todayMs: 0 })),
          dayStartMs,
          days: weekly ? 0 : days,
          weeklyEndMs: weekly ? dayStartMs : tally.weeklyEndMs,
        },
      },
    };
  };
  if (needsRest) return rest();
  const needsBreak = next.sinceBreakMs + nextMs > 4.5 * HOUR_MS - 10 * MINUTE_MS;
  if (needsBreak && !(pushes && rng.chance(0.5))) {
    const endMs = Math.max(
      candidateEndMs,
      roundToSecond(restFromMs + rng.range(45, 60) * MINUTE_MS + workBeforeMs),
    );
    if (atShift(endMs) !== endMs) return rest();
    return {
      endMs,
      duty: {
        wheel,
        driveEndMs,
        park: 'break',
        workAfterMs,
        workBeforeMs,
        after: { ...after, drivers: drivers.map((d) => ({ ...d, sinceBreakMs: 0 })) },
      },
    };
  }
  if (atShift(candidateEndMs) !== candidateEndMs) return rest();
  return {
    endMs: candidateEndMs,
    duty: { wheel, driveEndMs, park: 'short', workAfterMs, workBeforeMs, after },
  };
}

/** One stretch of one driver's activity in a leg (driver 0, or 1 of a crew). */
export interface LegDutySegment {
  driver: 0 | 1;
  slot: 1 | 2;
  kind: DutyKind;
  startMs: number;
  endMs: number;
}

/** The fields of a leg its drivers' activities follow from. */
export interface DutyLeg {
  index: number;
  startMs: number;
  warmUpMs: number;
  dockIdleMs: number;
  endMs: number;
  duty?: LegDuty;
}

/**
 * The drivers' activities during a leg (from its start to the next leg's): work while the engine
 * warms up, the wheel's driver drives (the other `available`), work at the dock and after, the
 * park's rest (a break, a daily or weekly rest) or wait (`available`), work before leaving.
 * Before the first leg (`planStartMs`), the drivers end a weekly rest.
 */
export function legDutySegments(
  leg: DutyLeg,
  crew: boolean,
  planStartMs?: number,
): LegDutySegment[] {
  const duty = leg.duty;
  if (!duty) return [];
  const out: LegDutySegment[] = [];
  const wheel = duty.wheel;
  const co = (1 - wheel) as 0 | 1;
  const both = (kind: DutyKind, startMs: number, endMs: number): void => {
    if (endMs <= startMs) return;
    out.push({ driver: wheel, slot: 1, kind, startMs, endMs });
    if (crew) out.push({ driver: co, slot: 2, kind, startMs, endMs });
  };
  if (leg.index === 0 && planStartMs !== undefined) {
    both('rest', planStartMs, Math.max(planStartMs, leg.startMs - FIRST_WORK_MS));
    both('work', Math.max(planStartMs, leg.startMs - FIRST_WORK_MS), leg.startMs);
  }
  // The card goes to `drive` as the truck gets going (a few seconds after pulling away).
  const driveStartMs = leg.startMs + leg.warmUpMs + PULL_AWAY_MS;
  both('work', leg.startMs, driveStartMs);
  out.push({
    driver: wheel,
    slot: 1,
    kind: 'drive',
    startMs: driveStartMs,
    endMs: duty.driveEndMs,
  });
  if (crew) {
    out.push({
      driver: co,
      slot: 2,
      kind: 'available',
      startMs: driveStartMs,
      endMs: duty.driveEndMs,
    });
  }
  const restFromMs = duty.driveEndMs + leg.dockIdleMs + duty.workAfterMs;
  const restToMs = leg.endMs - duty.workBeforeMs;
  both('work', duty.driveEndMs, restFromMs);
  both(duty.park === 'short' ? 'available' : 'rest', restFromMs, restToMs);
  both('work', restToMs, leg.endMs);
  return out;
}
