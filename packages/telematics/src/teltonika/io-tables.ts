// Teltonika IO element → Position rules AS DATA, one table per device family (docs/domain.md §1,
// fixtures/devices/teltonika-io.md). IO ids change meaning between families and firmwares: copy a
// table and edit its rules to support another model. Within a table, rules are in order of
// preference: the first rule that yields a value for a field wins.

/** Position fields an IO element can fill with a number. */
export const IO_NUMBER_FIELDS = [
  'wheelSpeedKmh',
  'odometerM',
  'fuelUsedL',
  'fuelLevelPct',
  'fuelLevelL',
  'fuelRateLph',
  'engineHours',
  'rpm',
  'torquePct',
  'pedalPct',
  'ureaLevelPct',
  'serviceDistanceKm',
  'powerV',
  'batteryV',
  'hdop',
] as const;
export type IoNumberField = (typeof IO_NUMBER_FIELDS)[number];

/** Position fields an IO element can fill with a boolean. */
export const IO_FLAG_FIELDS = [
  'ignition',
  'movement',
  'kickdown',
  'brake',
  'cruise',
  'pto',
  'crash',
] as const;
export type IoFlagField = (typeof IO_FLAG_FIELDS)[number];

/** How a raw big-endian value becomes a number. */
export interface IoNumberDecoding {
  /** Two's complement of the element's width (default unsigned). */
  signed?: boolean;
  /** Factor from raw to the field's unit (0.1 for "×0.1 L", 1/60 for minutes → hours). */
  scale?: number;
  /** Valid raw range; outside it the value is not available (FMS error/NA codes). */
  min?: number;
  max?: number;
  /** Raw values that mean "not available" besides all-ones (which always does when unsigned). */
  notAvailable?: readonly number[];
}

/** One IO element id → Position rule. */
export type IoRule =
  | ({ kind: 'number'; id: number; field: IoNumberField } & IoNumberDecoding)
  | {
      kind: 'flag';
      id: number;
      field: IoFlagField;
      bit?: number;
      /** Any value other than 0 is true (an enumeration whose every value means "it happened"). */
      isNonZero?: boolean;
    }
  | { kind: 'driver-text'; id: number; part: number }
  /** The second driver's card id (tachograph slot 2), kept as the attribute `driver2Code`. */
  | { kind: 'driver2-text'; id: number; part: number }
  | { kind: 'driver-ibutton'; id: number }
  | { kind: 'harsh'; id: number }
  | { kind: 'dtc-j1939'; id: number }
  | { kind: 'dtc-text'; id: number }
  | ({ kind: 'temperature'; id: number; slot: number } & IoNumberDecoding)
  | ({ kind: 'attribute'; id: number; name: string } & IoNumberDecoding);

/** Device families with their own IO tables. */
export const DEVICE_FAMILIES = ['fmb640', 'fmb1xx'] as const;
export type DeviceFamily = (typeof DEVICE_FAMILIES)[number];

/**
 * A rule with its rank in the table (lower wins when two rules fill the same field) and the
 * number of what it fills (rules filling the same field share it), so a record's mapping keeps
 * ranks in a flat array instead of a map keyed by field names.
 */
export interface RankedIoRule {
  rule: IoRule;
  rank: number;
  target: number;
}

/** A family's rules plus an index by IO id (build with {@link defineIoTable}). */
export interface IoTable {
  name: string;
  rules: readonly IoRule[];
  byId: ReadonlyMap<number, readonly RankedIoRule[]>;
  /** How many distinct fields the rules fill (the size of a record's rank array). */
  targets: number;
}

/** What a rule fills, as a key: rules with the same key compete by rank. */
function targetKey(rule: IoRule): string {
  switch (rule.kind) {
    case 'number':
    case 'flag':
      return rule.field;
    case 'driver-ibutton':
      return 'ibutton';
    case 'harsh':
      return 'harshEvent';
    case 'attribute':
      return `attribute:${rule.name}`;
    case 'driver-text':
    case 'driver2-text':
    case 'dtc-j1939':
    case 'dtc-text':
    case 'temperature':
      // Driver text parts, DTCs and temperatures do not compete (each keeps its own rule).
      return `${rule.kind}:${rule.id}`;
  }
}

/** Builds an {@link IoTable} from rules (in order of preference). */
export function defineIoTable(name: string, rules: readonly IoRule[]): IoTable {
  const byId = new Map<number, RankedIoRule[]>();
  const targets = new Map<string, number>();
  rules.forEach((rule, rank) => {
    const key = targetKey(rule);
    let target = targets.get(key);
    if (target === undefined) {
      target = targets.size;
      targets.set(key, target);
    }
    const ranked = { rule, rank, target };
    const list = byId.get(rule.id);
    if (list) list.push(ranked);
    else byId.set(rule.id, [ranked]);
  });
  return { name, rules, byId, targets: targets.size };
}

// Dallas sensor error codes: not ready, read error, not connected, id failed, same id.
const DALLAS_ERRORS = [850, 2000, 3000, 4000, 5000] as const;

/** Ids with the same meaning on every Teltonika FMx family. */
export const COMMON_IO_RULES: readonly IoRule[] = [
  { kind: 'flag', id: 239, field: 'ignition' },
  { kind: 'flag', id: 240, field: 'movement' },
  { kind: 'harsh', id: 253 },
  // Crash detection: 1–6 (with or without a trace, calibrated or not) all mean a crash.
  { kind: 'flag', id: 247, field: 'crash', isNonZero: true },
  { kind: 'number', id: 66, field: 'powerV', scale: 0.001 },
  { kind: 'number', id: 67, field: 'batteryV', scale: 0.001 },
  { kind: 'number', id: 182, field: 'hdop', scale: 0.1 },
  ...[72, 73, 74, 75].map((id, slot): IoRule => ({
    kind: 'temperature',
    id,
    slot,
    signed: true,
    scale: 0.1,
    notAvailable: DALLAS_ERRORS,
  })),
  { kind: 'attribute', id: 254, name: 'greenDrivingValue' },
  { kind: 'attribute', id: 21, name: 'gsmSignal' },
  { kind: 'attribute', id: 69, name: 'gnssStatus' },
  { kind: 'attribute', id: 181, name: 'pdop', scale: 0.1 },
  { kind: 'attribute', id: 68, name: 'batteryCurrentA', scale: 0.001 },
  { kind: 'attribute', id: 199, name: 'tripOdometerM' },
  { kind: 'attribute', id: 200, name: 'sleepMode' },
  { kind: 'attribute', id: 241, name: 'operatorCode' },
  { kind: 'attribute', id: 1, name: 'din1' },
  { kind: 'attribute', id: 2, name: 'din2' },
  { kind: 'attribute', id: 3, name: 'din3' },
  { kind: 'attribute', id: 179, name: 'dout1' },
  { kind: 'attribute', id: 180, name: 'dout2' },
];

/** FMB640 / FMB641 / FMC640 / FMC650 / FMM640 / FMM650: native FMS and tachograph. */
export const FMB640_IO_RULES: readonly IoRule[] = [
  ...COMMON_IO_RULES,
  { kind: 'number', id: 80, field: 'wheelSpeedKmh', max: 251 },
  { kind: 'flag', id: 81, field: 'cruise' },
  { kind: 'flag', id: 79, field: 'brake' },
  { kind: 'number', id: 84, field: 'pedalPct', max: 102 },
  { kind: 'number', id: 88, field: 'rpm', max: 8032 },
  { kind: 'number', id: 86, field: 'fuelUsedL' },
  { kind: 'number', id: 87, field: 'fuelLevelPct', max: 102 },
  // 135: fuel rate per the domain table; id and unit still to verify against a real FMB640.
  { kind: 'number', id: 135, field: 'fuelRateLph', max: 3213 },
  { kind: 'number', id: 192, field: 'odometerM' },
  { kind: 'number', id: 104, field: 'engineHours' },
  // The FMS tables offer engine load at current speed, the nearest signal to torque.
  { kind: 'number', id: 85, field: 'torquePct', max: 125 },
  { kind: 'number', id: 10455, field: 'ureaLevelPct', max: 102 },
  { kind: 'number', id: 113, field: 'serviceDistanceKm', signed: true },
  { kind: 'dtc-j1939', id: 10493 },
  { kind: 'dtc-text', id: 525 },
  { kind: 'driver-text', id: 195, part: 0 },
  { kind: 'driver-text', id: 196, part: 1 },
  { kind: 'driver-ibutton', id: 78 },
  // LV-CAN adapter values, used only when the FMS ones above are missing.
  { kind: 'number', id: 36, field: 'odometerM' },
  { kind: 'number', id: 35, field: 'rpm', max: 16384 },
  { kind: 'number', id: 31, field: 'pedalPct', max: 102 },
  { kind: 'number', id: 37, field: 'fuelLevelPct', max: 102 },
  { kind: 'number', id: 14, field: 'engineHours', scale: 1 / 60 },
  { kind: 'attribute', id: 10348, name: 'fuelLevel2Pct', max: 102 },
  { kind: 'attribute', id: 216, name: 'deviceOdometerM' },
  { kind: 'attribute', id: 193, name: 'tachographTripM' },
  { kind: 'attribute', id: 243, name: 'idling' },
  { kind: 'attribute', id: 187, name: 'driver1CardPresence' },
  { kind: 'attribute', id: 184, name: 'driver1WorkingState' },
  // Driver 2 (slot 2 of the tachograph): working state and card id (issue 26).
  { kind: 'attribute', id: 185, name: 'driver2WorkingState' },
  { kind: 'driver2-text', id: 197, part: 0 },
  { kind: 'driver2-text', id: 198, part: 1 },
  { kind: 'attribute', id: 176, name: 'dtcCount' },
];

/**
 * FMB1xx / FMC1xx / FMx150 with a CAN adapter or CAN chip. Brake and cruise are bits of IO 123
 * whose layout depends on the firmware: add `{ kind: 'flag', id: 123, field: 'brake', bit }`
 * rules to a model's table once verified; until then 123 is kept raw as `controlStateFlags`.
 */
export const FMB1XX_IO_RULES: readonly IoRule[] = [
  ...COMMON_IO_RULES,
  { kind: 'number', id: 81, field: 'wheelSpeedKmh', max: 254 },
  { kind: 'number', id: 82, field: 'pedalPct', max: 102 },
  { kind: 'number', id: 85, field: 'rpm', max: 16384 },
  { kind: 'number', id: 83, field: 'fuelUsedL', scale: 0.1 },
  { kind: 'number', id: 89, field: 'fuelLevelPct', max: 102 },
  { kind: 'number', id: 84, field: 'fuelLevelL', scale: 0.1 },
  { kind: 'number', id: 110, field: 'fuelRateLph', scale: 0.1 },
  { kind: 'number', id: 87, field: 'odometerM' },
  { kind: 'number', id: 102, field: 'engineHours', scale: 1 / 60 },
  { kind: 'number', id: 114, field: 'torquePct', max: 125 },
  { kind: 'number', id: 111, field: 'ureaLevelPct', max: 102 },
  { kind: 'number', id: 400, field: 'serviceDistanceKm' },
  { kind: 'dtc-text', id: 281 },
  { kind: 'driver-text', id: 147, part: 0 },
  { kind: 'driver-text', id: 148, part: 1 },
  { kind: 'driver-ibutton', id: 78 },
  // "Counted" variants, used only when the CAN values above are missing.
  { kind: 'number', id: 105, field: 'odometerM' },
  { kind: 'number', id: 107, field: 'fuelUsedL', scale: 0.1 },
  { kind: 'number', id: 103, field: 'engineHours', scale: 1 / 60 },
  { kind: 'attribute', id: 160, name: 'dtcCount' },
  { kind: 'attribute', id: 123, name: 'controlStateFlags' },
  { kind: 'attribute', id: 115, name: 'engineTemperatureC', signed: true, scale: 0.1 },
  { kind: 'attribute', id: 16, name: 'deviceOdometerM' },
  { kind: 'attribute', id: 113, name: 'batteryLevelPct', max: 100 },
  { kind: 'attribute', id: 243, name: 'greenDrivingDurationMs' },
];

/** The built-in table of each family. */
export const IO_TABLES: Readonly<Record<DeviceFamily, IoTable>> = {
  fmb640: defineIoTable('fmb640', FMB640_IO_RULES),
  fmb1xx: defineIoTable('fmb1xx', FMB1XX_IO_RULES),
};

/**
 * The family of a device model name (case-insensitive): FMB640-like FMS devices and FM63xx →
 * `fmb640`; other FMx models (FMB1xx, FMC1xx, FMB9xx, FMT100…) → `fmb1xx`; unknown → `fmb640`.
 */
export function familyOfModel(model?: string): DeviceFamily {
  const name = (model ?? '').trim().toUpperCase();
  if (/^FM[A-Z]?6\d/.test(name)) return 'fmb640';
  if (/^FM[A-Z]?\d{3}/.test(name)) return 'fmb1xx';
  return 'fmb640';
}

/**
 * A model's table: `overrides` first, then the base table's rules for every IO id the overrides do
 * not mention. An override rule thus replaces the base rules of its IO id and, when two ids fill
 * the same field, wins over the base ones.
 */
export function withIoOverrides(
  base: IoTable,
  overrides: readonly IoRule[],
  name: string,
): IoTable {
  if (overrides.length === 0) return base;
  const replaced = new Set(overrides.map((rule) => rule.id));
  return defineIoTable(name, [
    ...overrides,
    ...base.rules.filter((rule) => !replaced.has(rule.id)),
  ]);
}
