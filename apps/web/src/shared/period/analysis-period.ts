import { addZonedDays, wallClockOf, type TimeZoneSetting } from '@rumbo/contracts';
import { presetPeriod, startOfDay } from '../format/period';

// Periods of the analysis screens: a quick period or whole days, in the user's UTC offset, kept in
// the address (`?period=&from=&to=`); [from, to) in epoch ms.

const DAY = 86_400_000;
/** Longest period the server answers (366 days). */
export const MAX_ANALYSIS_MS = 366 * DAY;

export const ANALYSIS_PRESETS = ['thisWeek', 'last7d', 'last30d'] as const;
export type AnalysisPreset = (typeof ANALYSIS_PRESETS)[number];

export interface AnalysisPeriod {
  preset: AnalysisPreset | 'custom';
  fromMs: number;
  toMs: number;
}

const epochMs = (value: string | null | undefined): number | null =>
  value !== null && value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : null;

/** The period of a preset: whole days up to the end of today (this week: as the dashboard). */
export function analysisPresetPeriod(
  preset: AnalysisPreset,
  nowMs: number,
  offsetHours: TimeZoneSetting,
): { fromMs: number; toMs: number } {
  if (preset === 'thisWeek') {
    // Monday 00:00 to the end of today, in the user's offset.
    const today = startOfDay(nowMs, offsetHours);
    const weekday = (new Date(wallClockOf(offsetHours, today)).getUTCDay() + 6) % 7;
    return {
      fromMs: addZonedDays(offsetHours, today, -weekday),
      toMs: addZonedDays(offsetHours, today, 1),
    };
  }
  const endOfToday = addZonedDays(offsetHours, startOfDay(nowMs, offsetHours), 1);
  const { fromMs } = presetPeriod(preset, nowMs, offsetHours);
  return { fromMs, toMs: endOfToday };
}

/** The period the address names, else the last 7 days. */
export function analysisPeriod(
  params: { period: string | null; from: string | null; to: string | null },
  nowMs: number,
  offsetHours: TimeZoneSetting,
): AnalysisPeriod {
  const preset = ANALYSIS_PRESETS.find((p) => p === params.period);
  if (preset) return { preset, ...analysisPresetPeriod(preset, nowMs, offsetHours) };
  const fromMs = epochMs(params.from);
  const toMs = epochMs(params.to);
  if (fromMs !== null && toMs !== null && toMs > fromMs && toMs - fromMs <= MAX_ANALYSIS_MS)
    return { preset: 'custom', fromMs, toMs };
  return { preset: 'last7d', ...analysisPresetPeriod('last7d', nowMs, offsetHours) };
}

/** The k-th previous period of equal length (k = 1…4 for the safe-driving screen). */
export function previousPeriod(
  period: { fromMs: number; toMs: number },
  k: number,
): { fromMs: number; toMs: number } {
  const length = period.toMs - period.fromMs;
  return { fromMs: period.fromMs - k * length, toMs: period.toMs - k * length };
}

/** A route's numeric period param; null when absent or unreadable. */
export function routeMs(value: string | undefined): number | null {
  return epochMs(value);
}
