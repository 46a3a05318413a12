// The demo's drivers at the tachograph (issue 26): each Teltonika truck's records carry its
// drivers' working states and cards. The drivers follow their truck (decision 0048): each truck's
// legs are planned with its drivers' day (`FleetOptions.duty`: breaks, daily and weekly rests
// shape its parks, its drives end on time) and the drivers' activities follow from the legs
// (`fleetDuty`), so a truck moves exactly while its driving card says `drive`. Most drivers keep
// the rules; two push on (skipped breaks, long days, short rests: infringements in the last
// week). Two trucks carry two-driver crews. All of it follows from the fleet's seed and start,
// so every restart replays the same drivers.
import { fleetDuty, type DutyFleet, type TruckDutyOptions } from '@rumbo/simulator';

const DAY_MS = 86_400_000;
/** The plan runs this far past the present (a restart plans further; a plan's start never changes). */
const PLAN_AHEAD_DAYS = 90;
/** Two-driver crews on the first trucks (drivers 0–3). */
const DEMO_CREWS = 2;
/** Drivers who push on. */
export const DEMO_LATE_DRIVERS: readonly number[] = [8, 20];

/** The crews on a fleet of `vehicles` (none below ten trucks). */
const crewsOf = (vehicles: number): number => (vehicles >= 10 ? DEMO_CREWS : 0);

/**
 * How the drivers of the demo's truck `index` work: a crew on the first two trucks, drivers 8 and
 * 20 pushing on (truck i − crews is driver i's).
 */
export function demoTruckDuty(vehicles: number): (index: number) => TruckDutyOptions {
  const crews = crewsOf(vehicles);
  return (index) => ({
    crew: index < crews,
    pushesOn: index >= crews && DEMO_LATE_DRIVERS.includes(index + crews),
  });
}

/**
 * The demo's drivers and their trucks' tachographs for a fleet of `vehicles` starting at
 * `startMs`, planned until 90 days after the present (`anchorMs`, `nowMs`).
 */
export function demoDutyFleet(
  seed: string,
  vehicles: number,
  startMs: number,
  anchorMs: number,
  nowMs: number = anchorMs,
): DutyFleet {
  return fleetDuty(
    { seed, vehicles, startMs, duty: demoTruckDuty(vehicles) },
    Math.max(anchorMs, nowMs) + PLAN_AHEAD_DAYS * DAY_MS,
  );
}
