// Route deviations for planned-trip tests and the demo (issue 15): a truck leaves its road
// sideways while driving (perpendicular to its heading), holds an offset for a while and comes
// back. Applied to the records after the drive is simulated, so the truck's own model (speeds,
// counters, schedule) is untouched; the ground truth is each detour's span and the largest
// offset, and the displaced (noise-free) positions are what a route rule should judge.

import type { Random } from './random.js';
import type { SimRecord } from './sim-record.js';

/** One detour as planned: when it starts, how long each phase lasts, how far it goes. */
export interface Detour {
  startMs: number;
  /** Out (and back) ramps, and the time held at the full offset. */
  rampMs: number;
  holdMs: number;
  offsetM: number;
}

/** Options of {@link planDetours}. */
export interface DetourOptions {
  /** Detours per day of driving records (default 2). */
  perDay?: number;
  /** Offset range, metres (default 200 … 3,000). */
  minOffsetM?: number;
  maxOffsetM?: number;
  /** Held time range, seconds (default 0 … 360). */
  maxHoldS?: number;
}

const M_LAT = 111_195;

/** Detours at random moving records of a drive (none overlapping). */
export function planDetours(
  records: readonly SimRecord[],
  random: Random,
  options: DetourOptions = {},
): Detour[] {
  const moving = records.filter((r) => r.speedKmh >= 30);
  if (moving.length === 0) return [];
  const days = (records[records.length - 1]!.fixTimeMs - records[0]!.fixTimeMs) / 86_400_000;
  const count = Math.max(1, Math.round(days * (options.perDay ?? 2)));
  const minOffset = options.minOffsetM ?? 200;
  const maxOffset = options.maxOffsetM ?? 3_000;
  const maxHoldS = options.maxHoldS ?? 360;
  const detours: Detour[] = [];
  for (let k = 0; k < count * 3 && detours.length < count; k++) {
    const at = moving[Math.floor(random.next() * moving.length)]!.fixTimeMs;
    const detour: Detour = {
      startMs: at,
      rampMs: 60_000,
      holdMs: Math.round(random.next() * maxHoldS) * 1000,
      offsetM: minOffset + random.next() * (maxOffset - minOffset),
    };
    const end = at + 2 * detour.rampMs + detour.holdMs;
    // Ten minutes apart at least, so each is one departure of its own.
    if (
      detours.some(
        (d) => at < d.startMs + 2 * d.rampMs + d.holdMs + 600_000 && end + 600_000 > d.startMs,
      )
    ) {
      continue;
    }
    detours.push(detour);
  }
  return detours.sort((a, b) => a.startMs - b.startMs);
}

/** How far off the road a detour has the truck at `t`, metres (0 outside it). */
export function detourOffsetM(d: Detour, t: number): number {
  const dt = t - d.startMs;
  const total = 2 * d.rampMs + d.holdMs;
  if (dt <= 0 || dt >= total) return 0;
  if (dt < d.rampMs) return (d.offsetM * dt) / d.rampMs;
  if (dt <= d.rampMs + d.holdMs) return d.offsetM;
  return (d.offsetM * (total - dt)) / d.rampMs;
}

/** The records with the detours applied: each displaced to the left of its heading. */
export function applyDetours(
  records: readonly SimRecord[],
  detours: readonly Detour[],
): SimRecord[] {
  let k = 0;
  return records.map((r) => {
    while (
      k < detours.length &&
      detours[k]!.startMs + 2 * detours[k]!.rampMs + detours[k]!.holdMs < r.fixTimeMs
    )
      k++;
    const d = detours[k];
    const offset = d ? detourOffsetM(d, r.fixTimeMs) : 0;
    if (offset === 0) return r;
    const left = ((r.headingDeg - 90) * Math.PI) / 180;
    const kx = M_LAT * Math.cos((r.lat * Math.PI) / 180);
    return {
      ...r,
      lat: Math.round((r.lat + (offset * Math.cos(left)) / M_LAT) * 1e7) / 1e7,
      lng: Math.round((r.lng + (offset * Math.sin(left)) / kx) * 1e7) / 1e7,
    };
  });
}
