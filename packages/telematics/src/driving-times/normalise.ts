// The engine's input made canonical once: sorted, overlaps clipped, empty pieces dropped, touching
// pieces of the same kind (and truck) merged. Cutting an interval into chunks, or feeding it out of
// order, gives the same list, so every answer is the same too.
import type { ActivityInterval, DriverActivityKind } from './types.js';

const KIND_ORDER: Record<DriverActivityKind, number> = {
  drive: 0,
  work: 1,
  available: 2,
  rest: 3,
  unknown: 4,
};

function compare(a: ActivityInterval, b: ActivityInterval): number {
  return a.startMs - b.startMs || a.endMs - b.endMs || KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
}

function isSorted(list: readonly ActivityInterval[]): boolean {
  for (let i = 1; i < list.length; i++) if (compare(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

/**
 * Sorted, non-overlapping, merged copy of `activities`, clipped to end at `untilMs`. Where two
 * intervals overlap, the one that starts first keeps the overlap; intervals without a finite start
 * or end are left out. O(n) when already sorted.
 */
export function normaliseActivities(
  activities: readonly ActivityInterval[],
  untilMs = Infinity,
): ActivityInterval[] {
  const sorted = isSorted(activities) ? activities : [...activities].sort(compare);
  const out: ActivityInterval[] = [];
  let lastEnd = -Infinity;
  for (const a of sorted) {
    const startMs = Math.max(a.startMs, lastEnd);
    const endMs = Math.min(a.endMs, untilMs);
    // An interval without a finite end (one still going on) must be cut at an instant first.
    if (!(endMs > startMs) || !Number.isFinite(endMs) || !Number.isFinite(startMs)) continue;
    const prev = out[out.length - 1];
    if (
      prev &&
      prev.endMs === startMs &&
      prev.kind === a.kind &&
      prev.vehicleId === a.vehicleId &&
      prev.hasCoDriver === a.hasCoDriver
    ) {
      prev.endMs = endMs;
    } else {
      const piece: ActivityInterval = { kind: a.kind, startMs, endMs };
      if (a.vehicleId !== undefined) piece.vehicleId = a.vehicleId;
      if (a.hasCoDriver !== undefined) piece.hasCoDriver = a.hasCoDriver;
      out.push(piece);
    }
    lastEnd = endMs;
  }
  return out;
}

/** Index of the first interval of `list` (normalised) ending after `tMs`. */
function firstEndingAfter(list: readonly ActivityInterval[], tMs: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.endMs > tMs) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The intervals of `list` (normalised) within [fromMs, toMs), clipped to it, of the given kinds
 * (all when omitted), and the seconds of that window without data.
 */
export function intervalsWithin(
  list: readonly ActivityInterval[],
  fromMs: number,
  toMs: number,
  kinds?: readonly DriverActivityKind[],
): { intervals: ActivityInterval[]; unknownS: number } {
  const intervals: ActivityInterval[] = [];
  let knownMs = 0;
  for (let i = firstEndingAfter(list, fromMs); i < list.length; i++) {
    const a = list[i]!;
    if (a.startMs >= toMs) break;
    const startMs = Math.max(a.startMs, fromMs);
    const endMs = Math.min(a.endMs, toMs);
    if (a.kind !== 'unknown') knownMs += endMs - startMs;
    if (kinds && !kinds.includes(a.kind)) continue;
    const piece: ActivityInterval = { kind: a.kind, startMs, endMs };
    if (a.vehicleId !== undefined) piece.vehicleId = a.vehicleId;
    if (a.hasCoDriver !== undefined) piece.hasCoDriver = a.hasCoDriver;
    intervals.push(piece);
  }
  return { intervals, unknownS: Math.max(0, toMs - fromMs - knownMs) / 1000 };
}
