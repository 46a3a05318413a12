import { presetPeriod, type PeriodPreset } from '../../../shared/format/period';

// The alerts screen's period: a quick period (default the last 7 days, decisions.md) or whole
// days chosen by the user, in the user's UTC offset; kept in the address (`?period=&from=&to=`).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Longest custom period the screen asks for (a quarter). */
export const MAX_ALERT_PERIOD_MS = 92 * DAY;

export const ALERT_PRESETS = [
  'today',
  'yesterday',
  'last7d',
  'last30d',
] as const satisfies readonly PeriodPreset[];
export type AlertPreset = (typeof ALERT_PRESETS)[number];

export interface AlertPeriodParams {
  period: string | null;
  from: string | null;
  to: string | null;
}

export interface AlertPeriod {
  preset: AlertPreset | 'custom';
  fromMs: number;
  toMs: number;
}

const epochMs = (value: string | null): number | null =>
  value !== null && /^\d{1,16}$/.test(value) ? Number(value) : null;

/**
 * The period the address names: a known preset, or a custom `[from, to)` that is in order and at
 * most {@link MAX_ALERT_PERIOD_MS} long; anything else is the last 7 days.
 */
export function alertPeriod(
  params: AlertPeriodParams,
  nowMs: number,
  offsetHours: number,
): AlertPeriod {
  const preset = ALERT_PRESETS.find((p) => p === params.period);
  if (preset) return { preset, ...presetPeriod(preset, nowMs, offsetHours) };
  if (params.period === 'custom') {
    const fromMs = epochMs(params.from);
    const toMs = epochMs(params.to);
    if (fromMs !== null && toMs !== null && toMs > fromMs && toMs - fromMs <= MAX_ALERT_PERIOD_MS)
      return { preset: 'custom', fromMs, toMs };
  }
  return { preset: 'last7d', ...presetPeriod('last7d', nowMs, offsetHours) };
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
