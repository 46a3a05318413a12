// Deterministic identities of the simulated fleet: IMEIs, Argentine plates, chassis numbers,
// brands, models and model years, trailers, groups, routes, tanks and drivers. Same seed and
// index, same vehicle.

import { ROUTE_DEFINITIONS, type FleetGroup } from './routes.js';
import { Random } from './random.js';
import { styleOf, type DriverStyle } from './truck-profile.js';

/** The protocol a simulated device speaks. */
export type SimProtocol = 'teltonika' | 'osmand';

/** A truck make and model with its tanks. */
export interface VehicleModel {
  brand: string;
  model: string;
  kind: 'tractor' | 'rigid';
  tankCapacityL: number;
  ureaCapacityL: number;
}

/** Models used by each group. */
export const VEHICLE_MODELS: Readonly<Record<FleetGroup, readonly VehicleModel[]>> = {
  'Larga distancia': [
    { brand: 'Scania', model: 'R450', kind: 'tractor', tankCapacityL: 600, ureaCapacityL: 80 },
    { brand: 'Volvo', model: 'FH 500', kind: 'tractor', tankCapacityL: 620, ureaCapacityL: 85 },
    {
      brand: 'Mercedes-Benz',
      model: 'Actros 2045',
      kind: 'tractor',
      tankCapacityL: 600,
      ureaCapacityL: 75,
    },
    { brand: 'Iveco', model: 'S-Way 480', kind: 'tractor', tankCapacityL: 600, ureaCapacityL: 80 },
  ],
  Regional: [
    { brand: 'Scania', model: 'G410', kind: 'tractor', tankCapacityL: 400, ureaCapacityL: 60 },
    { brand: 'Volvo', model: 'FM 420', kind: 'tractor', tankCapacityL: 400, ureaCapacityL: 64 },
    {
      brand: 'Mercedes-Benz',
      model: 'Axor 2036',
      kind: 'tractor',
      tankCapacityL: 420,
      ureaCapacityL: 60,
    },
    { brand: 'Iveco', model: 'S-Way 440', kind: 'tractor', tankCapacityL: 400, ureaCapacityL: 60 },
  ],
  Distribución: [
    {
      brand: 'Mercedes-Benz',
      model: 'Atego 1726',
      kind: 'rigid',
      tankCapacityL: 300,
      ureaCapacityL: 40,
    },
    {
      brand: 'Volkswagen',
      model: 'Constellation 17.280',
      kind: 'rigid',
      tankCapacityL: 275,
      ureaCapacityL: 40,
    },
    {
      brand: 'Iveco',
      model: 'Tector 170E28',
      kind: 'rigid',
      tankCapacityL: 300,
      ureaCapacityL: 40,
    },
    { brand: 'Ford', model: 'Cargo 1723', kind: 'rigid', tankCapacityL: 275, ureaCapacityL: 35 },
  ],
};

/** The three vehicle groups of the demo fleet. */
export const FLEET_GROUPS: readonly FleetGroup[] = ['Larga distancia', 'Regional', 'Distribución'];

/**
 * A trailer or body a vehicle works with: one of the built-in trailer kinds and implements every
 * Rumbo database has (`BUILTIN_TRAILER_KINDS` of the server's seed).
 */
export interface SimImplement {
  kind: 'Semirremolque' | 'Acoplado' | 'Bitren';
  description: string;
}

/** What each group pulls: tractors a semitrailer or a B-double, rigid trucks a drawbar trailer. */
export const GROUP_IMPLEMENTS: Readonly<Record<FleetGroup, readonly SimImplement[]>> = {
  'Larga distancia': [
    { kind: 'Semirremolque', description: 'Caja seca' },
    { kind: 'Semirremolque', description: 'Refrigerado' },
    { kind: 'Semirremolque', description: 'Tanque combustible' },
    { kind: 'Semirremolque', description: 'Portacontenedor' },
    { kind: 'Bitren', description: 'Tolva' },
  ],
  Regional: [
    { kind: 'Semirremolque', description: 'Tolva' },
    { kind: 'Semirremolque', description: 'Plataforma' },
    { kind: 'Semirremolque', description: 'Caja seca' },
    { kind: 'Bitren', description: 'Caja seca' },
  ],
  Distribución: [
    { kind: 'Acoplado', description: 'Caja seca' },
    { kind: 'Acoplado', description: 'Jaula' },
    { kind: 'Acoplado', description: 'Tanque' },
  ],
};

/**
 * World manufacturer identifiers (VIN positions 1–3) of the plants that build these trucks for
 * Argentina: Scania, Volvo, Mercedes-Benz, Volkswagen and Ford in Brazil, Mercedes-Benz and Iveco
 * in Argentina.
 */
const MANUFACTURER_IDS: Readonly<Record<string, string>> = {
  Scania: '9BS',
  Volvo: '9BV',
  'Mercedes-Benz': '9BM',
  'Mercedes-Benz Atego': '8AC',
  Iveco: '8AT',
  Volkswagen: '953',
  Ford: '9BF',
};

/** VIN characters (I, O and Q are never used) and their values for the check digit. */
const VIN_VALUES: Readonly<Record<string, number>> = Object.fromEntries([
  ...'0123456789'.split('').map((c, i): [string, number] => [c, i]),
  ...'ABCDEFGH'.split('').map((c, i): [string, number] => [c, i + 1]),
  ...'JKLMN'.split('').map((c, i): [string, number] => [c, i + 1]),
  ['P', 7],
  ['R', 9],
  ...'STUVWXYZ'.split('').map((c, i): [string, number] => [c, i + 2]),
] satisfies [string, number][]);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** Model-year codes (VIN position 10) from 2010 on. */
const VIN_YEARS = 'ABCDEFGHJKLMNPRSTVWXY';

/** The ISO 3779 / FMVSS 115 check digit (position 9) of a 17-character VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = VIN_VALUES[vin[i] ?? ''];
    if (value === undefined) throw new RangeError(`not a VIN character: ${vin[i]}`);
    sum += value * VIN_WEIGHTS[i]!;
  }
  const digit = sum % 11;
  return digit === 10 ? 'X' : String(digit);
}

/** A valid 17-character chassis number for a truck of `brand` `model` built in `modelYear`. */
export function vinFor(brand: string, model: string, modelYear: number, serial: number): string {
  const wmi =
    MANUFACTURER_IDS[`${brand} ${model.split(' ')[0]}`] ?? MANUFACTURER_IDS[brand] ?? '9BW';
  // Positions 4–8: the model, in VIN characters.
  const descriptor = model
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/I/g, '1')
    .replace(/[OQ]/g, '0')
    .padEnd(5, '0')
    .slice(0, 5);
  const year = VIN_YEARS[modelYear - 2010];
  if (year === undefined) throw new RangeError(`model year ${modelYear} out of range`);
  // Position 11 the plant, 12–17 the serial number.
  const partial = `${wmi}${descriptor}0${year}A${String(serial % 1_000_000).padStart(6, '0')}`;
  return `${partial.slice(0, 8)}${vinCheckDigit(partial)}${partial.slice(9)}`;
}

/** One simulated vehicle and its tracker, as the server needs to register them. */
export interface SimDevice {
  index: number;
  imei: string;
  plate: string;
  protocol: SimProtocol;
  /** Tracker model (`FMB640`, `FMC650`, or `OsmAnd` for the phone app). */
  model: string;
  brand: string;
  vehicleModel: string;
  kind: VehicleModel['kind'];
  /** Chassis number (VIN), 17 characters with a valid check digit. */
  vin: string;
  modelYear: number;
  implement: SimImplement;
  group: FleetGroup;
  routeId: string;
  tankCapacityL: number;
  ureaCapacityL: number;
  driverCode: string;
  /** How its driver drives (issue 13's demo story). */
  style: DriverStyle;
}

/** What {@link describeVehicle} needs besides the index. */
export interface CatalogOptions {
  seed: string | number;
  /** Digits after `35` in every IMEI (0–8 digits). */
  imeiPrefix?: string;
  /** Every Nth vehicle uses OsmAnd (0: none). */
  osmandEvery?: number;
}

/** A 15-digit IMEI: `35`, the prefix, then the index + 1, zero-padded. */
export function imeiFor(imeiPrefix: string, index: number): string {
  if (!/^\d{0,8}$/.test(imeiPrefix)) throw new RangeError(`IMEI prefix ${imeiPrefix}: 0–8 digits`);
  const digits = 13 - imeiPrefix.length;
  const serial = String(index + 1);
  if (serial.length > digits) throw new RangeError(`index ${index} does not fit the IMEI`);
  return `35${imeiPrefix}${serial.padStart(digits, '0')}`;
}

// Mercosur plates issued so far: AA000AA … AH999ZZ (2016 onwards).
const PLATE_SPACE = 8 * 1000 * 26 * 26;
const PLATE_STEP = 1_234_567; // coprime with PLATE_SPACE (2^8·5^3·13^2): plates never repeat

function letter(n: number): string {
  return String.fromCharCode(65 + n);
}

/** A unique Argentine Mercosur plate such as `AF284KD`, scattered by the seed. */
export function plateFor(seed: string | number, index: number): string {
  const offset = Math.floor(new Random(`${seed}/plates`).next() * PLATE_SPACE);
  let n = (offset + index * PLATE_STEP) % PLATE_SPACE;
  const tail = n % 676;
  n = Math.floor(n / 676);
  const digits = n % 1000;
  const second = Math.floor(n / 1000);
  return `A${letter(second)}${String(digits).padStart(3, '0')}${letter(Math.floor(tail / 26))}${letter(tail % 26)}`;
}

/** A 16-character tachograph card id such as `ARG0000012345678`, unique per index. */
export function driverCodeFor(seed: string | number, index: number): string {
  const offset = Math.floor(new Random(`${seed}/drivers`).next() * 1e8);
  return `ARG00000${String((offset + index * 7919) % 1e8).padStart(8, '0')}`;
}

/** The vehicle at `index` of a simulated fleet. */
export function describeVehicle(index: number, options: CatalogOptions): SimDevice {
  const rng = new Random(`${options.seed}/vehicle/${index}`);
  const group = FLEET_GROUPS[index % FLEET_GROUPS.length] as FleetGroup;
  const vehicle = rng.pick(VEHICLE_MODELS[group]);
  const route = rng.pick(ROUTE_DEFINITIONS.filter((r) => r.groups.includes(group)));
  const every = options.osmandEvery ?? 10;
  const protocol: SimProtocol = every > 0 && index % every === every - 1 ? 'osmand' : 'teltonika';
  const modelYear = rng.int(2015, 2025);
  const implement = rng.pick(GROUP_IMPLEMENTS[group]);
  const vin = vinFor(vehicle.brand, vehicle.model, modelYear, rng.int(100_000, 999_999));
  return {
    index,
    imei: imeiFor(options.imeiPrefix ?? '', index),
    plate: plateFor(options.seed, index),
    protocol,
    model: protocol === 'osmand' ? 'OsmAnd' : index % 2 === 0 ? 'FMC650' : 'FMB640',
    brand: vehicle.brand,
    vehicleModel: vehicle.model,
    kind: vehicle.kind,
    vin,
    modelYear,
    implement,
    group,
    routeId: route.id,
    tankCapacityL: vehicle.tankCapacityL,
    ureaCapacityL: vehicle.ureaCapacityL,
    driverCode: driverCodeFor(options.seed, index),
    style: styleOf(index),
  };
}
