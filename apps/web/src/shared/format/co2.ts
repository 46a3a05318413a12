import type { Language } from '@rumbo/contracts';
import { formatNumber } from './format';

/**
 * kg CO₂e as emissions are reported (metric whatever the user's mass unit, decision 0050): kg
 * under a tonne, tonnes from there on. `1.234,5 kg` would read as a figure of another scale.
 */
export function formatCo2(kg: number, language: Language): string {
  return Math.abs(kg) < 1000
    ? `${formatNumber(kg, language)} kg`
    : `${formatNumber(kg / 1000, language)} t`;
}

/** Change of `now` against `before` in %, signed, one decimal (null without a `before`). */
export function changePct(now: number, before: number): number | null {
  if (before <= 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
