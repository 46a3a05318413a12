// Periods counted in the user's UTC offset (spec §9): the quick periods of the travel
// consultation and of the screens listing a period's facts (alerts: decisions.md, last 7 days).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Midnight of the day holding `timeMs`, at a UTC offset in hours. */
export function startOfDay(timeMs: number, offsetHours: number): number {
  const shifted = timeMs + offsetHours * HOUR;
  return shifted - (((shifted % DAY) + DAY) % DAY) - offsetHours * HOUR;
}

export type PeriodPreset = 'today' | 'yesterday' | 'last24h' | 'last7d' | 'last30d';

/** The period of a preset at `nowMs`, days counted in the user's offset; `[from, to)`. */
export function presetPeriod(
  preset: PeriodPreset,
  nowMs: number,
  offsetHours: number,
): { fromMs: number; toMs: number } {
  const today = startOfDay(nowMs, offsetHours);
  switch (preset) {
    case 'today':
      return { fromMs: today, toMs: nowMs };
    case 'yesterday':
      return { fromMs: today - DAY, toMs: today };
    case 'last24h':
      return { fromMs: nowMs - DAY, toMs: nowMs };
    case 'last7d':
      return { fromMs: today - 6 * DAY, toMs: nowMs };
    case 'last30d':
      return { fromMs: today - 29 * DAY, toMs: nowMs };
  }
}

/** `yyyy-MM-dd` of the day holding an instant, at the user's offset (for a date input). */
export function dayInput(timeMs: number, offsetHours: number): string {
  return new Date(timeMs + offsetHours * HOUR).toISOString().slice(0, 10);
}

/** Midnight (user's offset) starting a `yyyy-MM-dd` day; null when unreadable. */
export function dayStart(day: string, offsetHours: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const utc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(utc) ? utc - offsetHours * HOUR : null;
}
