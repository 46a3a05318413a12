// Unit conversion and display formatting (docs/domain.md §11). Values are stored in SI-like units
// (litres, km, L/100 km, kg, km/h, °C, bar) and converted only for display, by the user's codes.

/** Volume unit codes of the user configuration. */
export type VolumeUnit = 'lt' | 'gal';
/** Distance unit codes of the user configuration. */
export type DistanceUnit = 'km' | 'mi';
/** Fuel consumption unit codes of the user configuration. */
export type ConsumptionUnit = 'l/100km' | 'km/l' | 'mpg';
/** Mass unit codes of the user configuration. */
export type MassUnit = 'kg' | 'lbs';
/** Speed unit codes of the user configuration. */
export type SpeedUnit = 'km/h' | 'mi/h';
/** Temperature unit codes of the user configuration. */
export type TemperatureUnit = 'C' | 'F';
/** Pressure unit codes of the user configuration. */
export type PressureUnit = 'bar' | 'psi';

/** The `units` object of the user configuration (decisions.md). */
export interface UnitPreferences {
  volume: VolumeUnit;
  distance: DistanceUnit;
  consumption: ConsumptionUnit;
  mass: MassUnit;
  speed: SpeedUnit;
  temperature: TemperatureUnit;
  pressure: PressureUnit;
}

/** Litres in one (US) gallon, as the product defines it. */
export const LITRES_PER_GALLON = 3.785;
/** Kilometres in one statute mile. */
export const KM_PER_MILE = 1.609344;
/** Kilograms in one pound. */
export const KG_PER_POUND = 0.45359237;
/** Pounds per square inch in one bar. */
export const PSI_PER_BAR = 14.503773773;

/** Litres → the user's volume unit. */
export function convertVolume(litres: number, unit: VolumeUnit): number {
  return unit === 'gal' ? litres / LITRES_PER_GALLON : litres;
}

/** The user's volume unit → litres (for values typed into forms). */
export function volumeToLitres(value: number, unit: VolumeUnit): number {
  return unit === 'gal' ? value * LITRES_PER_GALLON : value;
}

/** Kilometres → the user's distance unit. */
export function convertDistance(km: number, unit: DistanceUnit): number {
  return unit === 'mi' ? km / KM_PER_MILE : km;
}

/** The user's distance unit → kilometres. */
export function distanceToKm(value: number, unit: DistanceUnit): number {
  return unit === 'mi' ? value * KM_PER_MILE : value;
}

/** km/h → the user's speed unit. */
export function convertSpeed(kmh: number, unit: SpeedUnit): number {
  return unit === 'mi/h' ? kmh / KM_PER_MILE : kmh;
}

/** The user's speed unit → km/h. */
export function speedToKmh(value: number, unit: SpeedUnit): number {
  return unit === 'mi/h' ? value * KM_PER_MILE : value;
}

/**
 * L/100 km → the user's consumption unit. km/l and mpg are reciprocal, so a consumption of 0
 * (or less) has no finite value there and gives `undefined`.
 */
export function convertConsumption(lPer100Km: number, unit: ConsumptionUnit): number | undefined {
  switch (unit) {
    case 'l/100km':
      return lPer100Km;
    case 'km/l':
      return lPer100Km > 0 ? 100 / lPer100Km : undefined;
    case 'mpg':
      return lPer100Km > 0 ? (100 * LITRES_PER_GALLON) / (KM_PER_MILE * lPer100Km) : undefined;
  }
}

/** The user's consumption unit → L/100 km (`undefined` for a non-positive reciprocal value). */
export function consumptionToLPer100Km(value: number, unit: ConsumptionUnit): number | undefined {
  // Each conversion is its own inverse: x ↦ k / x.
  return convertConsumption(value, unit);
}

/** Kilograms → the user's mass unit. */
export function convertMass(kg: number, unit: MassUnit): number {
  return unit === 'lbs' ? kg / KG_PER_POUND : kg;
}

/** The user's mass unit → kilograms. */
export function massToKg(value: number, unit: MassUnit): number {
  return unit === 'lbs' ? value * KG_PER_POUND : value;
}

/** °C → the user's temperature unit. */
export function convertTemperature(celsius: number, unit: TemperatureUnit): number {
  return unit === 'F' ? (celsius * 9) / 5 + 32 : celsius;
}

/** The user's temperature unit → °C. */
export function temperatureToCelsius(value: number, unit: TemperatureUnit): number {
  return unit === 'F' ? ((value - 32) * 5) / 9 : value;
}

/** bar → the user's pressure unit. */
export function convertPressure(bar: number, unit: PressureUnit): number {
  return unit === 'psi' ? bar * PSI_PER_BAR : bar;
}

/** The user's pressure unit → bar. */
export function pressureToBar(value: number, unit: PressureUnit): number {
  return unit === 'psi' ? value / PSI_PER_BAR : value;
}

/** Any unit code of the user configuration. */
export type UnitCode =
  | VolumeUnit
  | DistanceUnit
  | ConsumptionUnit
  | MassUnit
  | SpeedUnit
  | TemperatureUnit
  | PressureUnit;

const UNIT_SYMBOLS: Record<UnitCode, string> = {
  lt: 'L',
  gal: 'gal',
  km: 'km',
  mi: 'mi',
  'l/100km': 'L/100 km',
  'km/l': 'km/L',
  mpg: 'mpg',
  kg: 'kg',
  lbs: 'lb',
  'km/h': 'km/h',
  'mi/h': 'mph',
  C: '°C',
  F: '°F',
  bar: 'bar',
  psi: 'psi',
};

/** The symbol shown after a value in a unit (`'lt'` → `'L'`, `'C'` → `'°C'`). */
export function unitSymbol(unit: UnitCode): string {
  return UNIT_SYMBOLS[unit];
}

/** Interface languages. */
export type Language = 'es' | 'en';

/** A reusable number formatter for the user's locale (build once for long tables). */
export function numberFormatter(language: Language, fractionDigits = 1): Intl.NumberFormat {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-US', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
    useGrouping: true,
  });
}

/** A number in the user's locale with a fixed number of fraction digits (one by default). */
export function formatNumber(value: number, language: Language, fractionDigits = 1): string {
  return numberFormatter(language, fractionDigits).format(value);
}

/** A converted value with its symbol, e.g. `formatQuantity(12.34, 'km', 'es')` → `'12,3 km'`. */
export function formatQuantity(
  value: number,
  unit: UnitCode,
  language: Language,
  fractionDigits = 1,
): string {
  return `${formatNumber(value, language, fractionDigits)} ${unitSymbol(unit)}`;
}

function shiftedParts(timeMs: number, utcOffsetHours: number): Date {
  return new Date(timeMs + Math.round(utcOffsetHours * 3_600_000));
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** A date as dd/MM/yyyy (es) or MM/dd/yyyy (en) at the user's numeric UTC offset (hours). */
export function formatDate(timeMs: number, language: Language, utcOffsetHours: number): string {
  const d = shiftedParts(timeMs, utcOffsetHours);
  const day = pad2(d.getUTCDate());
  const month = pad2(d.getUTCMonth() + 1);
  const year = String(d.getUTCFullYear()).padStart(4, '0');
  return language === 'es' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

/** A time of day as HH:mm:ss at the user's numeric UTC offset (hours). */
export function formatTime(timeMs: number, utcOffsetHours: number): string {
  const d = shiftedParts(timeMs, utcOffsetHours);
  return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

/** Date and time, e.g. `'31/12/2025 23:59:59'`, at the user's numeric UTC offset (hours). */
export function formatDateTime(timeMs: number, language: Language, utcOffsetHours: number): string {
  return `${formatDate(timeMs, language, utcOffsetHours)} ${formatTime(timeMs, utcOffsetHours)}`;
}
