import type { AnalysisIndicator, IndicatorValue } from '@rumbo/contracts';
import { formatNumber } from '../format/format';
import type { Language } from '@rumbo/contracts';

/** An indicator's value with one decimal, or a dash. */
export function indicatorText(v: IndicatorValue | undefined, language: Language): string {
  if (!v || v.value === null) return '—';
  return formatNumber(v.value, language);
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
