import { instantOfWallClock, wallClockOf, type TimeZoneSetting } from '@rumbo/contracts';
import { presetPeriod, startOfDay } from '../../shared/format/period';

export const PRESETS = ['today', 'yesterday', 'last7d', 'last30d', 'custom'] as const;
type Preset = (typeof PRESETS)[number];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** `yyyy-MM-dd` of an instant in the user's offset. */
export function dayOf(ms: number, offset: TimeZoneSetting): string {
  return new Date(wallClockOf(offset, ms)).toISOString().slice(0, 10);
}
/** Midnight of a `yyyy-MM-dd` in the user's offset. */
function msOfDay(day: string, offset: TimeZoneSetting): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m
    ? instantOfWallClock(offset, Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
    : null;
}

/** The period the address names: a preset (last 7 days by default) or two days. */
export function periodOf(params: URLSearchParams, nowMs: number, offset: TimeZoneSetting) {
  const preset = (PRESETS as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Preset)
    : 'last7d';
  if (preset !== 'custom') return { preset, ...presetPeriod(preset, nowMs, offset) };
  const from = msOfDay(params.get('from') ?? '', offset) ?? startOfDay(nowMs, offset) - 6 * DAY;
  const toDay = msOfDay(params.get('to') ?? '', offset);
  const to = toDay === null ? nowMs : toDay + DAY;
  return { preset, fromMs: from, toMs: Math.max(to, from + HOUR) };
}
