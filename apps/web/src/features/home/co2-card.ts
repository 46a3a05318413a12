import type { DashboardCo2, Language } from '@rumbo/contracts';
import type { TFunction } from '../../shared/i18n/i18n';
import { changePct, formatCo2 } from '../../shared/format/co2';
import { formatNumber } from '../../shared/format/format';

/**
 * The dashboard's CO₂ card (decision 0050): tank-to-wheel of the period, per 100 km and against
 * the period before; well-to-wheel under it; the estimated part marked.
 */
export function co2CardTexts(co2: DashboardCo2, t: TFunction, language: Language) {
  const change = changePct(co2.ttwKg, co2.previousTtwKg);
  const per100 =
    co2.ttwKgPer100Km === null
      ? null
      : t('co2.per_100km', { mass: `${formatNumber(co2.ttwKgPer100Km, language)} kg` });
  const versus =
    change === null
      ? t('co2.no_previous')
      : t('co2.vs_previous', {
          change: `${change > 0 ? '+' : change < 0 ? '−' : ''}${formatNumber(Math.abs(change), language)}`,
        });
  return {
    value: formatCo2(co2.ttwKg, language),
    detail: [t('co2.wtw_short', { mass: formatCo2(co2.wtwKg, language) }), per100]
      .filter((x) => x !== null)
      .join(' · '),
    note: versus,
    estimated:
      co2.estimatedTtwKg > 0
        ? {
            label: t('co2.estimated'),
            hint: `${t('co2.includes_estimated', { mass: formatCo2(co2.estimatedTtwKg, language) })}. ${t('co2.estimated_hint')}`,
          }
        : null,
  };
}
