import type { Units } from '@rumbo/contracts';

/** Litres in one (US) gallon and kilometres in one mile (spec §9, domain.md §11). */
export const LITRES_PER_GALLON = 3.785;
export const KM_PER_MILE = 1.609344;
export const LBS_PER_KG = 2.20462;
export const PSI_PER_BAR = 14.5038;

export type UnitFamily = keyof Units;

/** Converts a stored value (litres, km, L/100 km, kg, km/h, °C, bar) to the user's unit. */
export function convertFromBase<F extends UnitFamily>(
  family: F,
  value: number,
  unit: Units[F],
): number {
  switch (family) {
    case 'volume':
      return unit === 'gal' ? value / LITRES_PER_GALLON : value;
    case 'distance':
      return unit === 'mi' ? value / KM_PER_MILE : value;
    case 'speed':
      return unit === 'mi/h' ? value / KM_PER_MILE : value;
    case 'mass':
      return unit === 'lbs' ? value * LBS_PER_KG : value;
    case 'temperature':
      return unit === 'F' ? (value * 9) / 5 + 32 : value;
    case 'pressure':
      return unit === 'psi' ? value * PSI_PER_BAR : value;
    case 'consumption':
      return convertConsumption(value, unit as Units['consumption']);
    default:
      return value;
  }
}

/** L/100 km to km/l or miles per gallon; zero consumption has no finite inverse. */
function convertConsumption(litresPer100Km: number, unit: Units['consumption']): number {
  switch (unit) {
    case 'l/100km':
      return litresPer100Km;
    case 'km/l':
      return litresPer100Km === 0 ? Number.POSITIVE_INFINITY : 100 / litresPer100Km;
    case 'mpg':
      return litresPer100Km === 0
        ? Number.POSITIVE_INFINITY
        : (100 * LITRES_PER_GALLON) / (KM_PER_MILE * litresPer100Km);
  }
}

/** The symbol shown after a value. */
export function unitSymbol<F extends UnitFamily>(family: F, unit: Units[F]): string {
  if (family === 'temperature') return `°${unit}`;
  if (family === 'volume') return unit === 'lt' ? 'L' : 'gal';
  return unit;
}

/** Every unit choice per family, for the settings screen. */
export const UNIT_CHOICES: { [F in UnitFamily]: readonly Units[F][] } = {
  volume: ['lt', 'gal'],
  distance: ['km', 'mi'],
  consumption: ['l/100km', 'km/l', 'mpg'],
  mass: ['kg', 'lbs'],
  speed: ['km/h', 'mi/h'],
  temperature: ['C', 'F'],
  pressure: ['bar', 'psi'],
};

/**
 * Distances for an exported column in the user's unit: `value` converts kilometres (null kept),
 * rounded to `decimals`; `symbol` is the unit for the column's heading.
 */
export function exportedDistance(
  units: Units,
  decimals = 1,
): { value: (km: number | null) => number | null; symbol: string } {
  const scale = 10 ** decimals;
  return {
    value: (km) =>
      km === null
        ? null
        : Math.round(convertFromBase('distance', km, units.distance) * scale) / scale,
    symbol: unitSymbol('distance', units.distance),
  };
}
