import {
  addZonedDays,
  instantOfWallClock,
  startOfZonedDay,
  wallClockOf,
  type TimeZoneSetting,
} from '@rumbo/contracts';
// Periods counted in the user's UTC offset (spec §9): the quick periods of the travel
// consultation and of the screens listing a period's facts (alerts: decisions.md, last 7 days).

const DAY = 86_400_000;

/** Midnight of the day holding `timeMs` in the user's zone (IANA name or offset in hours). */
export function startOfDay(timeMs: number, zone: TimeZoneSetting): number {
  return startOfZonedDay(zone, timeMs);
}

export type PeriodPreset = 'today' | 'yesterday' | 'last24h' | 'last7d' | 'last30d';

/** The period of a preset at `nowMs`, days counted in the user's offset; `[from, to)`. */
export function presetPeriod(
  preset: PeriodPreset,
  nowMs: number,
  zone: TimeZoneSetting,
): { fromMs: number; toMs: number } {
  const today = startOfDay(nowMs, zone);
  switch (preset) {
    case 'today':
      return { fromMs: today, toMs: nowMs };
    case 'yesterday':
      return { fromMs: addZonedDays(zone, today, -1), toMs: today };
    case 'last24h':
      return { fromMs: nowMs - DAY, toMs: nowMs };
    case 'last7d':
      return { fromMs: addZonedDays(zone, today, -6), toMs: nowMs };
    case 'last30d':
      return { fromMs: addZonedDays(zone, today, -29), toMs: nowMs };
  }
}

/** `yyyy-MM-dd` of the day holding an instant, at the user's offset (for a date input). */
export function dayInput(timeMs: number, zone: TimeZoneSetting): string {
  return new Date(wallClockOf(zone, timeMs)).toISOString().slice(0, 10);
}

/** Midnight (user's offset) starting a `yyyy-MM-dd` day; null when unreadable. */
export function dayStart(day: string, zone: TimeZoneSetting): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(utc) ? instantOfWallClock(zone, utc) : null;
}
