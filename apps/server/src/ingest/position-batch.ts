import type { Position } from '@rumbo/telematics';

// Positions across the worker-thread boundary (docs/decisions/0046-ingest-worker-threads.md) as
// one compact batch, not one cloned object per record: the numeric and boolean fields in one
// Float64Array (transferred, not copied) with a presence mask per record, and the rest — device
// id, attributes and the rare structured fields — in one JSON string. A field a future Position
// gains that is not listed here travels in the JSON part, so nothing is ever lost.

/** Numeric fields, in column order. */
const NUMBERS = [
  'fixTimeMs',
  'serverTimeMs',
  'lat',
  'lng',
  'altitudeM',
  'headingDeg',
  'speedKmh',
  'satellites',
  'hdop',
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
] as const satisfies readonly (keyof Position)[];

/** Boolean fields, after the numeric ones (stored as 0/1). */
const BOOLEANS = [
  'ignition',
  'movement',
  'kickdown',
  'brake',
  'cruise',
  'pto',
  'crash',
] as const satisfies readonly (keyof Position)[];

type ColumnKey = (typeof NUMBERS)[number] | (typeof BOOLEANS)[number];
const COLUMNS: readonly ColumnKey[] = [...NUMBERS, ...BOOLEANS];
const IS_COLUMN = new Set<string>(COLUMNS);
/** Per record: the presence mask, then one slot per column. */
const STRIDE = COLUMNS.length + 1;
const FIRST_BOOLEAN = NUMBERS.length;

/** The positions of one batch, cheap to post: `columns.buffer` goes in the transfer list. */
export interface PositionBatch {
  count: number;
  columns: Float64Array;
  /**
   * JSON `[deviceIds, entries]`: per record the index of its device id, or `[index, attributes,
   * rare fields?]` when it has attributes or rare fields.
   */
  rest: string;
}

/** Packs positions (any number of devices) into one batch. */
export function packPositions(positions: readonly Position[]): PositionBatch {
  const count = positions.length;
  const columns = new Float64Array(count * STRIDE);
  // Device ids once per batch; a record without attributes or rare fields is just its id's index.
  const ids: string[] = [];
  const idIndex = new Map<string, number>();
  const entries: unknown[] = new Array<unknown>(count);
  for (let r = 0; r < count; r++) {
    const p = positions[r]!;
    const base = r * STRIDE;
    let mask = 0;
    for (let c = 0; c < COLUMNS.length; c++) {
      const value = p[COLUMNS[c]!];
      if (value === undefined) continue;
      mask |= 1 << c;
      columns[base + 1 + c] = value === true ? 1 : value === false ? 0 : value;
    }
    columns[base] = mask;
    let extra: Record<string, unknown> | undefined;
    for (const key in p) {
      if (key === 'deviceId' || key === 'attributes' || IS_COLUMN.has(key)) continue;
      const value = p[key as keyof Position];
      if (value === undefined) continue;
      (extra ??= {})[key] = value;
    }
    let id = idIndex.get(p.deviceId);
    if (id === undefined) {
      id = ids.length;
      ids.push(p.deviceId);
      idIndex.set(p.deviceId, id);
    }
    let hasAttributes = false;
    for (const _ in p.attributes) {
      hasAttributes = true;
      break;
    }
    entries[r] = extra ? [id, p.attributes, extra] : hasAttributes ? [id, p.attributes] : id;
  }
  return { count, columns, rest: JSON.stringify([ids, entries]) };
}

/** The positions of a batch, as they were packed (fields absent stay absent). */
export function unpackPositions(batch: PositionBatch): Position[] {
  const { count, columns } = batch;
  const [ids, entries] = JSON.parse(batch.rest) as [
    string[],
    (number | [number, Position['attributes'], object?])[],
  ];
  const out: Position[] = new Array<Position>(count);
  for (let r = 0; r < count; r++) {
    const base = r * STRIDE;
    const entry = entries[r]!;
    const deviceId = ids[typeof entry === 'number' ? entry : entry[0]]!;
    const p = { deviceId } as Record<string, unknown>;
    const mask = columns[base]!;
    for (let c = 0; c < COLUMNS.length; c++) {
      if ((mask & (1 << c)) === 0) continue;
      const value = columns[base + 1 + c]!;
      p[COLUMNS[c]!] = c >= FIRST_BOOLEAN ? value === 1 : value;
    }
    if (typeof entry === 'number') p.attributes = {};
    else {
      if (entry[2]) Object.assign(p, entry[2]);
      p.attributes = entry[1];
    }
    out[r] = p as unknown as Position;
  }
  return out;
}
