import type { TimeZoneSetting } from '@rumbo/contracts';
import { presetPeriod, type PeriodPreset } from '../../shared/format/period';

// The alerts screen's period: a quick period (default the last 7 days, decisions.md) or whole
// days chosen by the user, in the user's UTC offset; kept in the address (`?period=&from=&to=`).

const DAY = 86_400_000;
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
  offsetHours: TimeZoneSetting,
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
