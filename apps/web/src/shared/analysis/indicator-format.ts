import type { AnalysisIndicator, IndicatorValue } from '@rumbo/contracts';
import { formatNumber } from '../format/format';
import type { Language } from '@rumbo/contracts';

/** An indicator's value with one decimal; `na` (N/D) without one, a dash without a row. */
export function indicatorText(v: IndicatorValue | undefined, language: Language, na = '—'): string {
  if (!v) return '—';
  if (v.value === null) return na;
  return formatNumber(v.value, language);
}

/** Indicators that need the CAN bus (engine signal for idle): N/D for a phone or a plain tracker. */
export const CAN_ONLY: ReadonlySet<AnalysisIndicator> = new Set([
  'consumption',
  'averageEcoDriving',
  'averageTorque',
  'ralenti',
  'kickdown',
  'percentageOptimumRange',
  'inertia',
  'useCruiseControl',
]);

/**
 * Why an indicator has no letter: little data, no CAN data at all, or no harsh-event input (a
 * phone: issue 22) — for a row with distance.
 */
export function noLetterHint(
  key: AnalysisIndicator,
  v: IndicatorValue,
  distanceKm: number,
  t: (key: string) => string,
): string | undefined {
  if (v.lowCoverage && v.value !== null) return t('analysis.low_coverage');
  if (v.value === null && distanceKm > 0 && CAN_ONLY.has(key)) return t('analysis.no_can');
  if (v.value === null && distanceKm > 0 && key === 'hardBraking') return t('analysis.no_harsh');
  return undefined;
}

/** Indicators where a higher value is better (for the sign of a change). */
export const HIGHER_IS_BETTER: ReadonlySet<AnalysisIndicator> = new Set([
  'averageEcoDriving',
  'percentageOptimumRange',
  'inertia',
  'useCruiseControl',
]);

/** Seconds as `h:mm` (or `m:ss` under an hour). */
export function durationText(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h > 0
    ? `${h} h ${String(m).padStart(2, '0')} min`
    : `${m} min ${String(r).padStart(2, '0')} s`;
}
