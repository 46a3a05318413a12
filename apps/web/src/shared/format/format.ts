import { wallClockOf, type Language, type TimeZoneSetting, type Units } from '@rumbo/contracts';
import { convertFromBase, unitSymbol, type UnitFamily } from '../units/units';

const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US' };
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with one fraction digit in the language's locale (spec §9). */
export function formatNumber(value: number, language: Language = 'es'): string {
  if (!Number.isFinite(value)) return '—';
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/**
 * Tick labels of a chart axis whose data reach `max`: whole numbers, and compact ones ("15 mil",
 * "15K") on every tick once the data reach 8,000 (the axis's top tick may then read 10,000), so a
 * narrow phone axis never cuts a label.
 */
export function axisTickFormatter(
  max: number,
  language: Language = 'es',
): (value: number) => string {
  const compact = max >= 8_000;
  const format = new Intl.NumberFormat(LOCALES[language], {
    maximumFractionDigits: compact ? 1 : 0,
    ...(compact ? { notation: 'compact' as const } : {}),
  });
  return (value) => (Number.isFinite(value) ? format.format(value) : '');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall-clock parts of an instant in the user's zone (IANA name or fixed offset in hours). */
function partsAt(timeMs: number, zone: TimeZoneSetting) {
  const d = new Date(wallClockOf(zone, timeMs));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hours: d.getUTCHours(),
    minutes: d.getUTCMinutes(),
    seconds: d.getUTCSeconds(),
  };
}

/** dd/MM/yyyy (es) or MM/dd/yyyy (en) at the user's offset. */
export function formatDate(timeMs: number, language: Language, zone: TimeZoneSetting): string {
  const p = partsAt(timeMs, zone);
  return language === 'en'
    ? `${pad(p.month)}/${pad(p.day)}/${p.year}`
    : `${pad(p.day)}/${pad(p.month)}/${p.year}`;
}

/** HH:mm:ss at the user's offset. */
export function formatTime(timeMs: number, zone: TimeZoneSetting): string {
  const p = partsAt(timeMs, zone);
  return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
}

export function formatDateTime(timeMs: number, language: Language, zone: TimeZoneSetting): string {
  return `${formatDate(timeMs, language, zone)} ${formatTime(timeMs, zone)}`;
}

/** yyyyMMdd_HHmmss at the user's offset, for file names. */
export function formatFileStamp(timeMs: number, zone: TimeZoneSetting): string {
  const p = partsAt(timeMs, zone);
  return `${p.year}${pad(p.month)}${pad(p.day)}_${pad(p.hours)}${pad(p.minutes)}${pad(p.seconds)}`;
}

/** A UTC offset in hours as ±HH:MM. */
export function formatOffset(offsetHours: number): string {
  const sign = offsetHours < 0 ? '−' : '+';
  const total = Math.round(Math.abs(offsetHours) * 60);
  return `UTC${sign}${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** A stored value converted to the user's unit, one fraction digit, with its symbol. */
export function formatMeasure<F extends UnitFamily>(
  family: F,
  value: number,
  units: Units,
  language: Language,
): string {
  const unit = units[family];
  return `${formatNumber(convertFromBase(family, value, unit), language)} ${unitSymbol(family, unit)}`;
}
