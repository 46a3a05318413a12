// The drivers of a simulated fleet and the trucks they sit in (issue 26): single drivers in their
// own truck, two-driver crews on a few trucks, and now and then a driver who takes a shift (and the
// rest after it) in a truck of the pool — so a driver's activities run across trucks. From the
// plans: each truck's tachograph slots over time (what its device reports) and each card's true
// activities (duty-records.ts makes the records; ground-truth.ts has the truth's types).

import { driverCodeFor } from './catalog.js';
import {
  COMPLIANT_DUTY,
  LATE_DUTY,
  planCrewDuty,
  planDriverDuty,
  type DriverDuty,
  type DutyKind,
  type DutyProfile,
} from './duty-plan.js';
import type { TruthActivity } from './ground-truth.js';
import { Random } from './random.js';

/** A card in one slot of a truck's tachograph with one activity. */
export interface CardStint {
  card: string;
  slot: 1 | 2;
  kind: DutyKind;
  startMs: number;
  endMs: number;
}

/** A truck and what its tachograph's slots held. */
export interface DutyTruck {
  index: number;
  /** Sorted by start. */
  stints: CardStint[];
  /**
   * A truck planned as time passes (`fleetDuty`): makes `stints` complete up to `atMs` (and
   * some way past it), adding stints after those it had. Absent: `stints` is the whole plan.
   */
  planTo?(atMs: number): void;
}

export interface DutyFleetOptions {
  seed: string | number;
  /** Drivers (two per crew truck, one per other truck). */
  drivers: number;
  /** Trucks driven by two-driver crews. */
  crews: number;
  /** Share of single drivers who push on (`LATE_DUTY`); the rest keep the rules. */
  lateShare: number;
  startMs: number;
  endMs: number;
  /** Trucks of the pool (no driver of their own) and the share of single drivers' shifts in one. */
  poolTrucks?: number;
  poolShare?: number;
  /** Share of daily rests begun with the card out (a gap). */
  cardOutShare?: number;
  /** Profile changes per driver index (the demo's drivers near their limits). */
  profileOf?: (index: number, base: DutyProfile) => DutyProfile;
  /**
   * Moves a driver's plan (planned from `startMs`) later (> 0) or earlier in time, the first rest
   * stretched back to `startMs`: the demo puts a driver mid-block at the present. Crews: the first
   * card's index.
   */
  shiftOf?: (index: number) => number;
}

/** A fleet's drivers and trucks. */
export interface DutyFleet {
  drivers: DriverDuty[];
  trucks: DutyTruck[];
  /** Each driver's own truck (crews share one). */
  homeTruckOf: number[];
}

/** The card of driver `index` of the fleet of `seed` (the catalogue's codes). */
export const dutyCardFor = (seed: string | number, index: number): string =>
  driverCodeFor(seed, index);

/** The drivers' plans and their trucks: crews on trucks 0…crews−1, then one truck per driver, then the pool. */
export function planDutyFleet(o: DutyFleetOptions): DutyFleet {
  const drivers: DriverDuty[] = [];
  const homeTruckOf: number[] = [];
  const singles = o.drivers - 2 * o.crews;
  const trucks: DutyTruck[] = [];
  const truckCount = o.crews + singles + (o.poolTrucks ?? 0);
  for (let t = 0; t < truckCount; t++) trucks.push({ index: t, stints: [] });
  const lateRng = new Random(`${o.seed}/duty/late`);
  for (let c = 0; c < o.crews; c++) {
    const cards = [dutyCardFor(o.seed, 2 * c), dutyCardFor(o.seed, 2 * c + 1)] as const;
    const shift = o.shiftOf?.(2 * c) ?? 0;
    const crew = planCrewDuty(cards, `${o.seed}/crew/${c}`, o.startMs, o.endMs - shift);
    drivers.push(...crew.map((d) => moved(d, shift, o.startMs)));
    homeTruckOf.push(c, c);
  }
  for (let i = 2 * o.crews; i < o.drivers; i++) {
    const late = lateRng.chance(o.lateShare);
    let profile: DutyProfile = { ...(late ? LATE_DUTY : COMPLIANT_DUTY) };
    if (o.cardOutShare !== undefined) profile.cardOutShare = o.cardOutShare;
    if (o.profileOf) profile = o.profileOf(i, profile);
    const shift = o.shiftOf?.(i) ?? 0;
    const card = dutyCardFor(o.seed, i);
    const duty = planDriverDuty(card, `${o.seed}/driver/${i}`, profile, o.startMs, o.endMs - shift);
    drivers.push(moved(duty, shift, o.startMs));
    homeTruckOf.push(o.crews + i - 2 * o.crews);
  }
  const unitTruck = assignPool(o, drivers, truckCount - (o.poolTrucks ?? 0), truckCount);
  drivers.forEach((d, i) => {
    for (const seg of d.segments) {
      if (seg.cardOut || seg.endMs <= o.startMs || seg.startMs >= o.endMs) continue;
      const truck = unitTruck.get(`${i}/${unitIndexAt(d, seg.startMs)}`) ?? homeTruckOf[i]!;
      trucks[truck]!.stints.push({
        card: d.card,
        slot: seg.slot,
        kind: seg.kind,
        startMs: Math.max(seg.startMs, o.startMs),
        endMs: Math.min(seg.endMs, o.endMs),
      });
    }
  });
  for (const t of trucks) t.stints.sort((a, b) => a.startMs - b.startMs || a.slot - b.slot);
  return { drivers, trucks, homeTruckOf };
}

/** A plan moved by `shiftMs`, its first stretch (a rest) reaching back to `startMs`. */
function moved(d: DriverDuty, shiftMs: number, startMs: number): DriverDuty {
  if (shiftMs === 0) return d;
  const by = <T extends { startMs: number; endMs: number }>(x: T): T => ({
    ...x,
    startMs: x.startMs + shiftMs,
    endMs: x.endMs + shiftMs,
  });
  const segments = d.segments.map(by);
  const units = d.units.map(by);
  if (shiftMs > 0 && segments[0]) segments[0].startMs = startMs;
  return { card: d.card, segments, units };
}

function unitIndexAt(d: DriverDuty, ms: number): number {
  // Units are contiguous and sorted: the last that starts at or before `ms` (-1: before the first).
  let lo = 0;
  let hi = d.units.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (d.units[mid]!.startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Single drivers' units in a pool truck free for the whole unit, in time order. */
function assignPool(
  o: DutyFleetOptions,
  drivers: readonly DriverDuty[],
  firstPool: number,
  truckCount: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const share = o.poolShare ?? 0;
  if (share <= 0 || firstPool >= truckCount) return out;
  const rng = new Random(`${o.seed}/duty/pool`);
  const wanted: { driver: number; unit: number; startMs: number; endMs: number }[] = [];
  drivers.forEach((d, i) => {
    if (i < 2 * o.crews) return;
    d.units.forEach((u, k) => {
      // Not the first unit: the plan starts in the driver's own truck.
      if (k > 0 && rng.chance(share)) wanted.push({ driver: i, unit: k, ...u });
    });
  });
  wanted.sort((a, b) => a.startMs - b.startMs);
  const freeFrom = new Array<number>(truckCount - firstPool).fill(-Infinity);
  for (const w of wanted) {
    const slot = freeFrom.findIndex((f) => f <= w.startMs);
    if (slot < 0) continue;
    freeFrom[slot] = w.endMs;
    out.set(`${w.driver}/${w.unit}`, firstPool + slot);
  }
  return out;
}

/**
 * The true activities of one card over [fromMs, toMs) from the fleet's stints: each stint as an
 * activity with its truck, merged where the same activity goes on; the time the card is in no
 * truck (taken out) is `unknown`.
 */
export function cardTruth(
  fleet: DutyFleet,
  card: string,
  fromMs: number,
  toMs: number,
): TruthActivity[] {
  const stints: (CardStint & { vehicle: number })[] = [];
  for (const t of fleet.trucks) {
    t.planTo?.(toMs);
    for (const s of t.stints) if (s.card === card) stints.push({ ...s, vehicle: t.index });
  }
  stints.sort((a, b) => a.startMs - b.startMs);
  const out: TruthActivity[] = [];
  let atMs = fromMs;
  const push = (a: TruthActivity): void => {
    const last = out.at(-1);
    if (last && last.kind === a.kind && last.endMs === a.startMs && last.vehicle === a.vehicle) {
      last.endMs = a.endMs;
    } else out.push(a);
  };
  for (const s of stints) {
    const startMs = Math.max(s.startMs, fromMs);
    const endMs = Math.min(s.endMs, toMs);
    if (endMs <= startMs) continue;
    if (startMs > atMs) push({ card, kind: 'unknown', startMs: atMs, endMs: startMs });
    push({ card, kind: s.kind, startMs, endMs, vehicle: s.vehicle, slot: s.slot });
    atMs = endMs;
  }
  if (atMs < toMs) push({ card, kind: 'unknown', startMs: atMs, endMs: toMs });
  return out;
}
