// The demo's drivers at the tachograph (issue 26): each Teltonika truck's records carry its
// drivers' working states and cards (the simulator's duty plans, `FleetOptions.tachograph`). Most
// drivers keep the rules; two push on (late and short breaks, long days: infringements in the last
// week); three are placed near a limit at the first start's present: break due in about 25 and 40
// minutes, the day's driving 25 minutes from 10 h (an extended day). Two trucks carry two-driver crews. The plan is
// drawn from the fleet's start alone, so every restart replays the same drivers (decision 0048).
import {
  LATE_DUTY,
  planDutyFleet,
  type DutyFleet,
  type DutyFleetOptions,
  type DutySegment,
} from '@rumbo/simulator';

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;
/** The plan runs this far past the present (a restart plans further; a plan's start never changes). */
const PLAN_AHEAD_DAYS = 90;
/** Two-driver crews on the first trucks (drivers 0–3). */
const DEMO_CREWS = 2;
/** Drivers who push on. */
export const DEMO_LATE_DRIVERS: readonly number[] = [8, 20];
/** Drivers near a limit at the first start's present: what they are near, and how near. */
export const DEMO_NEAR_LIMIT: readonly {
  driver: number;
  limit: 'break' | 'day';
  leftMin: number;
}[] = [
  { driver: 6, limit: 'break', leftMin: 25 },
  { driver: 13, limit: 'break', leftMin: 40 },
  { driver: 27, limit: 'day', leftMin: 25 },
];

/**
 * The first instant of the plan from `anchorMs` on where the driving since the last break
 * (`break`: 4 h 30 − left) or since the last daily rest (`day`: 10 h − left, an extended day)
 * reaches its mark (the
 * last one before when none follows).
 */
export function instantNearLimit(
  segments: readonly DutySegment[],
  limit: 'break' | 'day',
  leftMin: number,
  anchorMs: number,
): number | undefined {
  const markMs = (limit === 'break' ? 270 : 600) * MIN_MS - leftMin * MIN_MS;
  let sinceBreak = 0;
  let today = 0;
  let firstPart = false;
  let best: number | undefined;
  for (const s of segments) {
    const ms = s.endMs - s.startMs;
    if (s.kind === 'drive') {
      const driven = limit === 'break' ? sinceBreak : today;
      if (driven < markMs && driven + ms >= markMs) {
        const at = s.startMs + (markMs - driven);
        if (at >= anchorMs) return at;
        best = at;
      }
      sinceBreak += ms;
      today += ms;
    } else if (s.kind === 'rest') {
      if (ms >= 45 * MIN_MS || (firstPart && ms >= 30 * MIN_MS)) {
        sinceBreak = 0;
        firstPart = false;
      } else if (ms >= 15 * MIN_MS) firstPart = true;
      if (ms >= 7 * 60 * MIN_MS) today = 0;
    }
  }
  return best;
}

/**
 * The demo's drivers and trucks for a fleet of `vehicles` starting at `startMs`, the near-limit
 * drivers placed at `anchorMs` (the first start's present), planned until 90 days after `nowMs`.
 */
export function demoDutyFleet(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
  nowMs: number = anchorMs,
): DutyFleet {
  const crews = vehicles >= 10 ? DEMO_CREWS : 0;
  const base: DutyFleetOptions = {
    seed,
    // One driver per truck, two on the crews' trucks: truck i − crews is driver i's.
    drivers: vehicles + crews,
    crews,
    lateShare: 0,
    startMs,
    endMs: Math.max(anchorMs, nowMs) + PLAN_AHEAD_DAYS * DAY_MS,
    profileOf: (i, profile) =>
      DEMO_LATE_DRIVERS.includes(i) ? { ...LATE_DUTY, lateBreakShare: 0.3 } : profile,
  };
  const unmoved = planDutyFleet(base);
  const shifts = new Map<number, number>();
  for (const near of DEMO_NEAR_LIMIT) {
    const duty = unmoved.drivers[near.driver];
    if (!duty) continue;
    const at = instantNearLimit(duty.segments, near.limit, near.leftMin, anchorMs);
    // Moved earlier: the plan then starts before the fleet (the part before is not sent).
    if (at !== undefined) shifts.set(near.driver, anchorMs - at);
  }
  return planDutyFleet({ ...base, shiftOf: (i) => shifts.get(i) ?? 0 });
}
