import { addZonedDays, type DriverActivityDto, type DriverActivityKind } from '@rumbo/contracts';
import { dayInput, startOfDay } from '../../shared/format/period';
import type { TimeZoneSetting } from '@rumbo/contracts';

// The 24-hour activity chart's layout (the tachograph's familiar chart): one row per day in the
// user's zone, four lanes, each interval a bar from its start to its end as fractions of the day.

/** The lanes from top to bottom; `unknown` spans all four, hatched. */
export const LANES = ['rest', 'available', 'work', 'drive'] as const;
export type Lane = (typeof LANES)[number];

/** One bar of the chart. */
export interface TimelineBar {
  kind: DriverActivityKind;
  /** Lane index (0 rest … 3 drive); null for `unknown`, drawn over every lane. */
  lane: number | null;
  /** 0–1 of the day (23 or 25 hours on a clock change). */
  x0: number;
  x1: number;
  startMs: number;
  endMs: number;
  /** Index of the activity in the answer (null for a gap the screen filled as unknown). */
  activity: number | null;
}

/** One day's row. */
export interface TimelineDay {
  /** `yyyy-MM-dd` in the user's zone. */
  day: string;
  startMs: number;
  endMs: number;
  bars: TimelineBar[];
}

const laneOf = (kind: DriverActivityKind): number | null =>
  kind === 'unknown' ? null : LANES.indexOf(kind);

/** An activity's instants; an open one runs to `nowMs`. */
function spanOf(a: DriverActivityDto, nowMs: number): [number, number] {
  const start = Date.parse(a.start);
  const end = a.end === null ? nowMs : Date.parse(a.end);
  return [start, Math.max(start, end)];
}

/**
 * The chart's days over `[fromMs, toMs)`: every activity cut at midnights, and the time before
 * `nowMs` no activity covers as unknown (data never invented, gaps never hidden). Nothing is drawn
 * after `nowMs`.
 */
export function timelineDays(
  activities: readonly DriverActivityDto[],
  fromMs: number,
  toMs: number,
  nowMs: number,
  zone: TimeZoneSetting,
): TimelineDay[] {
  const spans = activities
    .map((a, index) => ({ kind: a.kind, index, span: spanOf(a, nowMs) }))
    .filter(({ span }) => span[1] > span[0])
    .sort((a, b) => a.span[0] - b.span[0]);
  const days: TimelineDay[] = [];
  const last = Math.min(toMs, nowMs);
  for (let start = startOfDay(fromMs, zone); start < toMs;) {
    const end = addZonedDays(zone, start, 1);
    const length = end - start;
    const frac = (ms: number) => (ms - start) / length;
    const bars: TimelineBar[] = [];
    const from = Math.max(start, fromMs);
    const to = Math.min(end, last);
    let covered = from;
    const gap = (until: number) => {
      if (until > covered)
        bars.push({
          kind: 'unknown',
          lane: null,
          x0: frac(covered),
          x1: frac(until),
          startMs: covered,
          endMs: until,
          activity: null,
        });
    };
    for (const { kind, index, span } of spans) {
      const s = Math.max(span[0], from);
      const e = Math.min(span[1], to);
      if (e <= s) continue;
      gap(s);
      bars.push({
        kind,
        lane: laneOf(kind),
        x0: frac(s),
        x1: frac(e),
        startMs: s,
        endMs: e,
        activity: index,
      });
      covered = Math.max(covered, e);
    }
    gap(to);
    days.push({ day: dayInput(start, zone), startMs: start, endMs: end, bars });
    start = end;
  }
  return days;
}

/** Seconds of each activity a day's bars hold (what the chart shows, for its row totals). */
export function dayTotals(day: TimelineDay): Record<DriverActivityKind, number> {
  const totals: Record<DriverActivityKind, number> = {
    drive: 0,
    work: 0,
    available: 0,
    rest: 0,
    unknown: 0,
  };
  for (const bar of day.bars) totals[bar.kind] += (bar.endMs - bar.startMs) / 1000;
  return totals;
}

/** The hour marks of the axis: 0, `step`, … 24. */
export function hourTicks(step = 2): number[] {
  return Array.from({ length: Math.floor(24 / step) + 1 }, (_, i) => i * step);
}
