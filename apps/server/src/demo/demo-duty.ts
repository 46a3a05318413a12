// The demo's drivers at the tachograph (issue 26): each Teltonika truck's records carry its
// drivers' working states and cards. The drivers follow their truck (decision 0048): each truck's
// legs are planned with its drivers' day (`FleetOptions.duty`: breaks, daily and weekly rests
// shape its parks, its drives end on time) and the drivers' activities follow from the legs
// (`fleetDuty`), so a truck moves exactly while its driving card says `drive`. Most drivers keep
// the rules; two push on (skipped breaks, long days, short rests: infringements in the last
// week). Two trucks carry two-driver crews. All of it follows from the fleet's seed and start,
// so every restart replays the same drivers.
import {
  ARGENTINA_UTC_OFFSET_HOURS,
  fleetDuty,
  fleetTruckPlan,
  legDutySegments,
  type DutyFleet,
  type FleetDutyOptions,
  type TruckDutyOptions,
} from '@rumbo/simulator';

const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;
/** Two-driver crews on the first trucks (drivers 0–3). */
const DEMO_CREWS = 2;
/** Drivers who push on. */
export const DEMO_LATE_DRIVERS: readonly number[] = [8, 20];

/** The crews on a fleet of `vehicles` (none below ten trucks). */
const crewsOf = (vehicles: number): number => (vehicles >= 10 ? DEMO_CREWS : 0);

/** What a near-limit driver is near: the driving since his break, or today's (an extended day). */
export type NearLimit = 'break' | 'day';

/**
 * Drivers to place near a limit at the first start's present: what they are near, the minutes
 * left aimed at, and the most accepted when the driver's legs cannot give those (driving comes in
 * whole legs between stops). When a driver's legs cannot be placed at all, the next driver's are.
 */
const DEMO_NEAR_LIMIT_AIMS: readonly {
  driver: number;
  limit: NearLimit;
  leftMin: number;
  maxLeftMin: number;
}[] = [
  { driver: 5, limit: 'break', leftMin: 25, maxLeftMin: 45 },
  { driver: 13, limit: 'break', leftMin: 40, maxLeftMin: 60 },
  { driver: 15, limit: 'day', leftMin: 25, maxLeftMin: 60 },
];

/** A driver placed near a limit: minutes left at the first start's present. */
export interface NearLimitDriver {
  driver: number;
  limit: NearLimit;
  leftMin: number;
}

interface Placement {
  duty: TruckDutyOptions;
  leftMin: number;
}

/** One truck whose driver is placed near a limit: the truck, its driver and his duty there. */
export interface PlacedTruck extends NearLimitDriver {
  index: number;
  duty: TruckDutyOptions;
}

/**
 * Bump when the placement's search or what it places changes: a placement kept under an older
 * version is computed again ({@link demoPlacementKey}).
 */
const PLACEMENT_VERSION = 1;

/** What the demo's placement depends on, as a key to keep it under across restarts. */
export const demoPlacementKey = (
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
): string => `v${PLACEMENT_VERSION}/${seed}/${vehicles}/${startMs}/${anchorMs}`;

/** The placements of this process, by key (computed, or read back: {@link adoptDemoPlacement}). */
const placements = new Map<string, readonly PlacedTruck[]>();

/** Single drivers who keep the rules, in trucks with a tachograph (not every tenth: OsmAnd). */
const placeable = (vehicles: number, index: number): boolean =>
  index >= crewsOf(vehicles) && !baseDuty(vehicles)(index).pushesOn && index % 10 !== 9;

/**
 * Places the demo's near-limit drivers at `anchorMs` (the first start's present): each aim's
 * driver first, then the next ones, until one's legs can be placed (about a second of CPU).
 */
export function computeDemoPlacement(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
): PlacedTruck[] {
  const placed: PlacedTruck[] = [];
  const crews = crewsOf(vehicles);
  const base = baseDuty(vehicles);
  const candidates = Array.from({ length: vehicles }, (_, i) => i).filter((i) =>
    placeable(vehicles, i),
  );
  for (const aim of DEMO_NEAR_LIMIT_AIMS) {
    const first = Math.max(0, candidates.indexOf(aim.driver - crews));
    for (let n = 0; n < candidates.length; n++) {
      const index = candidates[(first + n) % candidates.length]!;
      if (placed.some((p) => p.index === index)) continue;
      const p = placeNearLimit({ seed, vehicles, startMs }, index, base(index), aim, anchorMs);
      if (!p) continue;
      placed.push({ index, driver: index + crews, limit: aim.limit, ...p });
      break;
    }
  }
  return placed;
}

/**
 * Whether a placement read back still holds for this fleet: one truck per aim, in order, each a
 * driver who can be placed, and each plan (the planner as it is now) puts him at the wheel at
 * `anchorMs` with the minutes left it says (± 30 s, as placed). Three truck plans, not the search's
 * hundreds.
 */
export function demoPlacementHolds(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
  placed: readonly PlacedTruck[],
): boolean {
  const crews = crewsOf(vehicles);
  const base = baseDuty(vehicles);
  if (new Set(placed.map((p) => p.index)).size < placed.length) return false;
  // The aims placed, in their order (an aim nobody could be placed for is left out).
  let next = 0;
  return placed.every((p) => {
    while (next < DEMO_NEAR_LIMIT_AIMS.length && DEMO_NEAR_LIMIT_AIMS[next]!.limit !== p.limit) {
      next += 1;
    }
    const aim = DEMO_NEAR_LIMIT_AIMS[next++];
    if (!aim || !Number.isInteger(p.index) || p.index < 0 || p.index >= vehicles) return false;
    if (!placeable(vehicles, p.index) || p.driver !== p.index + crews) return false;
    if (p.duty.crew !== base(p.index).crew || p.duty.pushesOn !== base(p.index).pushesOn) {
      return false;
    }
    const at = driveAtAnchor({ seed, vehicles, startMs }, p.index, p.duty, p.limit, anchorMs);
    if (!at || p.leftMin > aim.maxLeftMin) return false;
    const leftMs = limitMsOf(p.limit) - (at.drivenMs + anchorMs - at.startMs);
    return Math.abs(leftMs - p.leftMin * MIN_MS) <= 30_000;
  });
}

/** Uses a placement (read back and checked) for this fleet instead of computing it. */
export function adoptDemoPlacement(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
  placed: readonly PlacedTruck[],
): void {
  placements.set(demoPlacementKey(seed, vehicles, startMs, anchorMs), placed);
}

/** The demo's near-limit drivers' trucks, placed at `anchorMs` (computed once per process). */
export function demoPlacement(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
): readonly PlacedTruck[] {
  const key = demoPlacementKey(seed, vehicles, startMs, anchorMs);
  let placed = placements.get(key);
  if (!placed) {
    placed = computeDemoPlacement(seed, vehicles, startMs, anchorMs);
    placements.set(key, placed);
  }
  return placed;
}

/**
 * The drivers near a limit at the first start's present (`anchorMs`) and the minutes they have
 * left: a break due in about 25 and 40 minutes, the day's driving (an extended day) near its
 * 10 h — as near as their legs allow (decision 0048).
 */
export function demoNearLimit(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
): NearLimitDriver[] {
  return demoPlacement(seed, vehicles, startMs, anchorMs).map((p) => ({
    driver: p.driver,
    limit: p.limit,
    leftMin: p.leftMin,
  }));
}

const baseDuty =
  (vehicles: number) =>
  (index: number): TruckDutyOptions => {
    const crews = crewsOf(vehicles);
    return {
      crew: index < crews,
      pushesOn: index >= crews && DEMO_LATE_DRIVERS.includes(index + crews),
    };
  };

/**
 * How the drivers of the demo's truck `index` work: a crew on the first two trucks, drivers 8 and
 * 20 pushing on (truck i − crews is driver i's), and three near a limit at `anchorMs` (the first
 * start's present) placed there (see {@link placeNearLimit}).
 */
export function demoTruckDuty(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
): (index: number) => TruckDutyOptions {
  const placed = new Map(demoPlacement(seed, vehicles, startMs, anchorMs).map((p) => [p.index, p]));
  const base = baseDuty(vehicles);
  return (index) => placed.get(index)?.duty ?? base(index);
}

/** The driving a limit counts: since the last break, or today's (an extended day). */
const limitMsOf = (limit: NearLimit): number => (limit === 'break' ? 270 : 600) * MIN_MS;

/**
 * The drive holding `anchorMs` of truck `index` planned with `duty`: its leg, the driving the
 * limit counts before it (since the break, or today's), its start and end.
 */
function driveAtAnchor(
  fleet: FleetDutyOptions,
  index: number,
  duty: TruckDutyOptions,
  limit: NearLimit,
  anchorMs: number,
) {
  const plan = fleetTruckPlan(fleet, index, duty);
  for (let k = 1; plan.leg(k).startMs <= anchorMs; k++) {
    const drive = legDutySegments(plan.leg(k), false).find((x) => x.kind === 'drive');
    if (!drive || drive.startMs > anchorMs || drive.endMs <= anchorMs) continue;
    const before = plan.leg(k - 1).duty?.after.drivers[0];
    if (!before) return undefined;
    const drivenMs = limit === 'day' ? before.todayMs : before.sinceBreakMs;
    return { plan, leg: k, drivenMs, startMs: drive.startMs, endMs: drive.endMs };
  }
  return undefined;
}

/**
 * A driver placed at `anchorMs` at the wheel, the driving since his last break (`break`) or
 * since his daily rest (`day`, an extended day) `leftMin` minutes short of its limit — else as
 * near as his legs allow, up to `maxLeftMin`: his shift moved (local hours, from 2 h to 13 h
 * before the anchor, 16 h for `day`, by quarter hours; a `day` driver also on roads driven at 72
 * down to 62 km/h) until his legs put him at the wheel then, and the park before that drive held
 * (up to 30 min longer or 60 min shorter) until the mark falls on the anchor. Undefined when no
 * shift does.
 */
export function placeNearLimit(
  fleet: FleetDutyOptions,
  index: number,
  base: TruckDutyOptions,
  aim: { limit: NearLimit; leftMin: number; maxLeftMin: number },
  anchorMs: number,
): Placement | undefined {
  const limitMs = limitMsOf(aim.limit);
  const anchorHour = (((anchorMs / HOUR_MS + ARGENTINA_UTC_OFFSET_HOURS) % 24) + 24) % 24;
  const isDay = aim.limit === 'day';
  const speeds = isDay ? [72, 67, 62] : [undefined];
  const variants = speeds.flatMap((averageKmh) =>
    Array.from({ length: isDay ? 57 : 45 }, (_, k) => ({ averageKmh, back: 2 + k / 4 })),
  );
  const driveAt = (d: TruckDutyOptions) => driveAtAnchor(fleet, index, d, aim.limit, anchorMs);
  let best: { duty: TruckDutyOptions; markMs: number } | undefined;
  for (const { averageKmh, back } of variants) {
    const from = (anchorHour - back + 24) % 24;
    const duty: TruckDutyOptions = {
      ...base,
      ...(averageKmh === undefined ? {} : { averageKmh }),
      shiftHours: [from, from + (isDay ? 18 : 15)],
      ...(isDay ? { extendedAtMs: anchorMs } : {}),
    };
    const at = driveAt(duty);
    if (!at) continue;
    // Marks the hold can bring to the anchor, the driver at the wheel 2 min past it at least.
    const nowMs = at.drivenMs + anchorMs - at.startMs;
    const lowMs = Math.max(at.drivenMs + MIN_MS, nowMs - 30 * MIN_MS);
    const highMs = Math.min(at.drivenMs + at.endMs - at.startMs - 2 * MIN_MS, nowMs + 60 * MIN_MS);
    const markMs = Math.min(Math.floor(highMs / MIN_MS) * MIN_MS, limitMs - aim.leftMin * MIN_MS);
    if (markMs < lowMs || markMs < limitMs - aim.maxLeftMin * MIN_MS) continue;
    const overMs = Math.round((nowMs - markMs) / 1000) * 1000;
    const held: TruckDutyOptions = {
      ...duty,
      hold: { leg: at.leg - 1, untilMs: at.plan.leg(at.leg - 1).endMs + overMs },
    };
    const check = driveAt(held);
    if (!check || check.leg !== at.leg) continue;
    const placedMs = check.drivenMs + anchorMs - check.startMs;
    if (Math.abs(placedMs - markMs) > 30_000) continue;
    if (!best || markMs > best.markMs) best = { duty: held, markMs };
    if (markMs === limitMs - aim.leftMin * MIN_MS) break;
  }
  return best && { duty: best.duty, leftMin: Math.round((limitMs - best.markMs) / MIN_MS) };
}

/**
 * The demo's drivers and their trucks' tachographs for a fleet of `vehicles` starting at
 * `startMs`, those near a limit placed at `anchorMs` (the first start's present). Planned as time
 * passes (`fleetDuty`): nothing until the trucks' records (or `cardTruth`) ask for an instant,
 * then a week past it.
 */
export function demoDutyFleet(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
): DutyFleet {
  return fleetDuty({
    seed,
    vehicles,
    startMs,
    duty: demoTruckDuty(seed, vehicles, startMs, anchorMs),
  });
}
