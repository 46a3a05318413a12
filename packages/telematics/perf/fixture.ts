// A compact form of the fixed day for the guard's counted process: numbers in one Float64Array,
// strings and small arrays in a table, each record's keys as one of a few shapes. Rebuilding
// costs a few hundred instructions per record, where v8 deserialization of the objects cost
// ~45,000 (as much as the chain itself, and valgrind runs it 30× slower).
import type { Position } from '../src/index.js';
import type { TruckDay } from './day.js';

type Value = number | string | boolean | readonly unknown[] | Record<string, unknown>;
/** One key of a shape: kind n number, b boolean, s table entry, j JSON table entry, o nested. */
interface Field {
  key: string;
  kind: 'n' | 'b' | 's' | 'j' | 'o';
  fields?: Field[];
}

export interface DayFixture {
  shapes: Field[][];
  strings: string[];
  contexts: unknown[];
  /** Per truck: its record count. */
  counts: number[];
  values: Float64Array;
}

function fieldsOf(o: Record<string, unknown>): Field[] {
  return Object.entries(o).map(([key, v]): Field => {
    if (typeof v === 'number') return { key, kind: 'n' };
    if (typeof v === 'boolean') return { key, kind: 'b' };
    if (typeof v === 'string') return { key, kind: 's' };
    if (Array.isArray(v)) return { key, kind: 'j' };
    if (v && typeof v === 'object')
      return { key, kind: 'o', fields: fieldsOf(v as Record<string, unknown>) };
    throw new Error(`cannot store ${key}: ${String(v)}`);
  });
}

export function encodeDay(day: readonly TruckDay[]): DayFixture {
  const shapeIds = new Map<string, number>();
  const shapes: Field[][] = [];
  const stringIds = new Map<string, number>();
  const strings: string[] = [];
  const out: number[] = [];
  const str = (s: string) => {
    let id = stringIds.get(s);
    if (id === undefined) stringIds.set(s, (id = strings.push(s) - 1));
    return id;
  };
  const put = (o: Record<string, unknown>, fields: Field[]) => {
    for (const f of fields) {
      const v = o[f.key] as Value;
      if (f.kind === 'n') out.push(v as number);
      else if (f.kind === 'b') out.push(v ? 1 : 0);
      else if (f.kind === 's') out.push(str(v as string));
      else if (f.kind === 'j') out.push(str(JSON.stringify(v)));
      else put(v as Record<string, unknown>, f.fields ?? []);
    }
  };
  for (const { positions } of day) {
    for (const p of positions) {
      const fields = fieldsOf(p as unknown as Record<string, unknown>);
      const key = JSON.stringify(fields);
      let id = shapeIds.get(key);
      if (id === undefined) shapeIds.set(key, (id = shapes.push(fields) - 1));
      out.push(id);
      put(p as unknown as Record<string, unknown>, fields);
    }
  }
  return {
    shapes,
    strings,
    contexts: day.map((t) => t.context),
    counts: day.map((t) => t.positions.length),
    values: Float64Array.from(out),
  };
}

/** The fixture as two buffers: its JSON header and its values. */
export function toFiles(f: DayFixture): { header: string; values: Uint8Array } {
  const { values, ...header } = f;
  return { header: JSON.stringify(header), values: new Uint8Array(values.buffer) };
}

export function fromFiles(header: string, values: Uint8Array): DayFixture {
  const copy = new Uint8Array(values.byteLength);
  copy.set(values);
  return {
    ...(JSON.parse(header) as Omit<DayFixture, 'values'>),
    values: new Float64Array(copy.buffer),
  };
}

/** How many values a shape's record takes. */
const width = (fields: Field[]): number =>
  fields.reduce((n, f) => n + (f.fields ? width(f.fields) : 1), 0);

type Build = (v: Float64Array, s: readonly string[], i: number) => Record<string, unknown>;

/**
 * A shape's record as one object literal, built by generated code: the objects have the fast,
 * shared layout the decoder's own records have (properties added one by one past a dozen turn an
 * object into a dictionary, slower to read and heavier to collect).
 */
function builderOf(fields: Field[]): Build {
  let k = 0;
  const literal = (fs: Field[]): string =>
    `{${fs
      .map((f) => {
        const key = JSON.stringify(f.key);
        if (f.fields) return `${key}: ${literal(f.fields)}`;
        const at = `v[i + ${k++}]`;
        if (f.kind === 'n') return `${key}: ${at}`;
        if (f.kind === 'b') return `${key}: ${at} === 1`;
        if (f.kind === 's') return `${key}: s[${at}]`;
        return `${key}: JSON.parse(s[${at}])`;
      })
      .join(', ')}}`;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal per shape, from the fixture's own key names
  return new Function('v', 's', 'i', `return ${literal(fields)};`) as Build;
}

/**
 * The trucks' days one after another (each rebuilt when asked for, so the heap holds one truck's
 * records at a time).
 */
export function* decodeDay(f: DayFixture): Generator<TruckDay> {
  const builders = f.shapes.map(builderOf);
  const widths = f.shapes.map(width);
  const { values, strings } = f;
  let i = 0;
  for (let t = 0; t < f.counts.length; t++) {
    const positions: Position[] = [];
    for (let k = 0; k < f.counts[t]!; k++) {
      const shape = values[i++]!;
      positions.push(builders[shape]!(values, strings, i) as unknown as Position);
      i += widths[shape]!;
    }
    yield { positions, context: f.contexts[t] as TruckDay['context'] };
  }
}
