import { z } from 'zod';
import type { VEHICLE_KINDS } from './fleet.js';

type VehicleKind = (typeof VEHICLE_KINDS)[number];

// CO₂ reporting (issue 27 item 4, docs/decisions/0050-co2.md): kg CO₂e from the fuel the ECU
// counted, tank-to-wheel (TTW: what the exhaust emits) and well-to-wheel (WTW: plus producing and
// delivering the fuel), with factors per fuel type as data. A vehicle that counts no fuel gets an
// estimate from its distance and its kind's default consumption, marked as such.

/** Fuel types with factors. Vehicles carry no fuel type yet: every vehicle is `diesel`. */
export const FUEL_TYPES = ['diesel', 'hvo', 'petrol', 'lng', 'cng'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

/** The fuel type of a vehicle that names none (decision 0050). */
export const DEFAULT_FUEL_TYPE: FuelType = 'diesel';

/** kg CO₂e per unit of fuel (litre, or kg for the gases), TTW and WTW, and where it comes from. */
export interface Co2Factor {
  unit: 'l' | 'kg';
  ttwKg: number;
  wtwKg: number;
  source: string;
  /**
   * Whether the values were checked against a published table (decision 0050 says where); the
   * others are of the right order but unconfirmed, to check before reporting to customers.
   */
  checked: boolean;
}

/** Density of road diesel used to turn EN 16258's per-kg factors into per-litre ones, kg/l. */
export const DIESEL_DENSITY_KG_PER_L = 0.832;

/**
 * EN 16258:2012 Annex A, diesel with 7 % biodiesel (B7, as EN 590 allows), per kg of fuel:
 * 2.97 kg CO₂e TTW and 3.76 kg CO₂e WTW (42.7 and 53.2 MJ/kg). Decision 0050.
 */
export const EN16258_DIESEL_B7_PER_KG = Object.freeze({ ttwKg: 2.97, wtwKg: 3.76 });

const perLitre = (perKg: number) => Math.round(perKg * DIESEL_DENSITY_KG_PER_L * 100) / 100;

/**
 * Default emission factors, Europe. Diesel is EN 16258:2012 Annex A's B7 row (checked, per kg,
 * turned into litres at {@link DIESEL_DENSITY_KG_PER_L}); the others were entered from memory of
 * the GLEC Framework v3.0 and EN 16258 tables and are not confirmed yet (decision 0050).
 */
export const CO2_FACTORS: Readonly<Record<FuelType, Co2Factor>> = Object.freeze({
  // Road diesel as sold in the EU (EN 590, up to 7 % FAME: B7); the FAME share's CO₂ is biogenic
  // and counts 0 at the exhaust. 2.97 × 0.832 = 2.47 kg/l TTW; 3.76 × 0.832 = 3.13 kg/l WTW.
  diesel: {
    unit: 'l',
    ttwKg: perLitre(EN16258_DIESEL_B7_PER_KG.ttwKg),
    wtwKg: perLitre(EN16258_DIESEL_B7_PER_KG.wtwKg),
    source: 'EN 16258:2012 Annex A, diesel B7 (2.97 / 3.76 kg CO2e/kg at 0.832 kg/l)',
    checked: true,
  },
  // Hydrotreated vegetable oil (EN 15940), 100 %: biogenic CO₂ counts 0 at the exhaust (CH₄ and
  // N₂O remain); WTW is production from waste oils. Unconfirmed (GLEC v3 Europe, HVO100).
  hvo: {
    unit: 'l',
    ttwKg: 0.04,
    wtwKg: 0.71,
    source: 'GLEC v3 Europe, HVO100 (EN 15940), unconfirmed',
    checked: false,
  },
  // Petrol (EN 228), fossil. Unconfirmed (EN 16258:2012 Annex A, gasoline).
  petrol: {
    unit: 'l',
    ttwKg: 2.42,
    wtwKg: 2.88,
    source: 'EN 16258:2012 Annex A, gasoline, unconfirmed',
    checked: false,
  },
  // Liquefied natural gas, per kg. Unconfirmed (GLEC v3 Europe, LNG).
  lng: {
    unit: 'kg',
    ttwKg: 2.75,
    wtwKg: 3.4,
    source: 'GLEC v3 Europe, LNG, unconfirmed',
    checked: false,
  },
  // Compressed natural gas, per kg. Unconfirmed (EN 16258:2012 Annex A, CNG).
  cng: {
    unit: 'kg',
    ttwKg: 2.68,
    wtwKg: 3.07,
    source: 'EN 16258:2012 Annex A, CNG, unconfirmed',
    checked: false,
  },
});

/**
 * Default consumption per vehicle kind, in the fuel's unit per 100 km, for vehicles that count no
 * fuel: the reference consumption of domain.md §5 (32 tractor, 25 rigid) and typical figures for
 * the others.
 */
export const DEFAULT_CONSUMPTION_PER_100KM: Readonly<Record<VehicleKind, number>> = Object.freeze({
  tractor: 32,
  rigid: 25,
  van: 11,
  bus: 30,
  car: 7,
  other: 25,
});

/** CO₂ of a row: kg CO₂e TTW and WTW, and whether it was estimated from the distance. */
export const co2Schema = z.object({
  fuelType: z.enum(FUEL_TYPES),
  ttwKg: z.number(),
  wtwKg: z.number(),
  /** No fuel counted: distance × the kind's default consumption. */
  isEstimated: z.boolean(),
});
export type Co2 = z.infer<typeof co2Schema>;

const round1 = (n: number) => Math.round(n * 10) / 10;

const kindConsumption = (kind: string): number =>
  (DEFAULT_CONSUMPTION_PER_100KM as Record<string, number>)[kind] ??
  DEFAULT_CONSUMPTION_PER_100KM.other;

/**
 * kg CO₂e of a vehicle's period or trip: the counted fuel × the factors; without counted fuel
 * over a distance, distance × the kind's default consumption × the factors, marked estimated.
 * Rounded to 0.1 kg.
 */
export function co2Of(input: {
  fuelL: number;
  distanceKm: number;
  kind: string;
  fuelType?: FuelType;
}): Co2 {
  const fuelType = input.fuelType ?? DEFAULT_FUEL_TYPE;
  const factor = CO2_FACTORS[fuelType];
  const isEstimated = input.fuelL <= 0 && input.distanceKm > 0;
  const fuel = isEstimated
    ? (input.distanceKm * kindConsumption(input.kind)) / 100
    : Math.max(input.fuelL, 0);
  return {
    fuelType,
    ttwKg: round1(fuel * factor.ttwKg),
    wtwKg: round1(fuel * factor.wtwKg),
    isEstimated,
  };
}

/**
 * kg CO₂e at the exhaust (TTW) of counted fuel, unrounded: the analysis screens' `co2` (litres
 * counted × the fuel's TTW factor; no estimate).
 */
export function ttwKgOfFuel(fuelL: number, fuelType: FuelType = DEFAULT_FUEL_TYPE): number {
  return Math.max(fuelL, 0) * CO2_FACTORS[fuelType].ttwKg;
}

/** Sums of several rows' CO₂; `estimatedTtwKg` is the estimated part of `ttwKg`. */
export function sumCo2(rows: readonly Co2[]): {
  ttwKg: number;
  wtwKg: number;
  estimatedTtwKg: number;
} {
  let ttwKg = 0;
  let wtwKg = 0;
  let estimatedTtwKg = 0;
  for (const r of rows) {
    ttwKg += r.ttwKg;
    wtwKg += r.wtwKg;
    if (r.isEstimated) estimatedTtwKg += r.ttwKg;
  }
  return { ttwKg: round1(ttwKg), wtwKg: round1(wtwKg), estimatedTtwKg: round1(estimatedTtwKg) };
}
