import type { TimeZoneSetting } from '@rumbo/contracts';
import type { TFunction } from '../i18n/i18n';
import { DEFAULT_UNITS, type Language, type Units } from '@rumbo/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { formatDateTime, formatMeasure } from '../format/format';
import { useSession } from '../services';
import { convertFromBase, unitSymbol } from '../units/units';
import { formatEngineHours, formatUrea } from './vehicle-popup/popup-format';

/** The user's language, units and offset, with the formatters the fleet tables use. */
export function useFleetFormat() {
  const { t, i18n } = useTranslation();
  const config = useSession((s) => s.user?.config);
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const units: Units = config?.units ?? DEFAULT_UNITS;
  const offset = config?.timeZone ?? 0;
  return useMemo(() => fleetFormat(t, language, units, offset), [t, language, units, offset]);
}

/** The unit families the tables convert. */
type MeasureFamily = 'distance' | 'speed' | 'volume' | 'consumption';

/** The formatters for a language, units and offset (what the hook memoises). */
export function fleetFormat(
  t: TFunction,
  language: Language,
  units: Units,
  offset: TimeZoneSetting,
) {
  return {
    t,
    language,
    units,
    offset,
    dateTime: (ms: number | null) => (ms === null ? null : formatDateTime(ms, language, offset)),
    distance: (km: number | null) =>
      km === null ? null : formatMeasure('distance', km, units, language),
    speed: (kmh: number | null) =>
      kmh === null ? null : formatMeasure('speed', kmh, units, language),
    volume: (litres: number | null) =>
      litres === null ? null : formatMeasure('volume', litres, units, language),
    /** L/100 km in the user's consumption unit (km/l and mpg invert it). */
    consumption: (lPer100Km: number | null) =>
      lPer100Km === null ? null : formatMeasure('consumption', lPer100Km, units, language),
    hours: (h: number | null) => (h === null ? null : formatEngineHours(h, language)),
    urea: (pct: number | null) => (pct === null ? null : formatUrea(pct, language)),
    /** A value in the user's unit, rounded to one decimal, for Excel. */
    inUnit: (family: MeasureFamily, value: number | null) =>
      value === null ? null : Math.round(convertFromBase(family, value, units[family]) * 10) / 10,
    symbol: (family: MeasureFamily) => unitSymbol(family, units[family]),
  };
}
export type FleetFormat = ReturnType<typeof fleetFormat>;
