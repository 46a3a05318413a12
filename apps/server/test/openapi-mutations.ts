// Valid samples and bad-input mutations of the operations of an OpenAPI document (the server's
// own, `app.swagger()`), for the fuzz test. Pure: no I/O.

/** The subset of JSON Schema the zod → OpenAPI transform writes. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `/api/vehicles/history/{id}/trips`. */
  path: string;
  parameters: Parameter[];
  /** JSON body schema, when the operation takes one. */
  body?: Schema;
  bodyRequired: boolean;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A request to send: what differs from the operation's valid sample. */
export interface FuzzCase {
  name: string;
  params: Record<string, string>;
  /** Path values go into the URL as they are (not percent-encoded). */
  rawParams?: boolean;
  /** Query string values; a list repeats the key. */
  query: Record<string, string | string[]>;
  /** The raw body and its content type, or none. */
  payload?: { type: string; body: string | Buffer };
  /** Invalid input: must be answered 4xx. Otherwise only "not 5xx" holds. */
  mustRefuse: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document, `$ref`s resolved lazily by `resolve`. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method] as
        | {
            parameters?: Parameter[];
            requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
          }
        | undefined;
      if (!raw) continue;
      const json = raw.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: raw.parameters ?? [],
        ...(json ? { body: json } : {}),
        bodyRequired: raw.requestBody?.required === true,
      });
    }
  }
  return operations;
}

/** Builds valid samples and mutations; `overrides` gives values by field name (ids, periods). */
export class Mutator {
  private serial = 0;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly overrides: (name: string) => unknown,
  ) {}

  resolve(schema: Schema): Schema {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = this.doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return this.resolve(target);
  }

  /** The variant a sample takes: first non-null branch of a union. */
  private pick(schema: Schema): Schema {
    const resolved = this.resolve(schema);
    const branches = resolved.anyOf ?? resolved.oneOf;
    if (branches) {
      const branch = branches.find((b) => typesOf(this.resolve(b)).some((t) => t !== 'null'));
      return this.pick(branch ?? branches[0]!);
    }
    if (resolved.allOf) {
      return resolved.allOf.reduce<Schema>((merged, part) => {
        const p = this.pick(part);
        return {
          ...merged,
          ...p,
          properties: { ...merged.properties, ...p.properties },
          required: [...(merged.required ?? []), ...(p.required ?? [])],
        };
      }, {});
    }
    return resolved;
  }

  /** A value the schema accepts (every optional property filled in, to reach nested fields). */
  sample(schema: Schema, name = ''): unknown {
    const override = this.overrides(name);
    if (override !== undefined) return override;
    const s = this.pick(schema);
    if (s.const !== undefined) return s.const;
    if (s.enum) return s.enum.find((v) => v !== null) ?? s.enum[0];
    const type = typesOf(s).find((t) => t !== 'null') ?? 'object';
    switch (type) {
      case 'string':
        return this.sampleString(s, name);
      case 'integer':
      case 'number': {
        const low = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : s.minimum;
        return Math.min(Math.max(low ?? 1, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
      }
      case 'boolean':
        return false;
      case 'array':
        return Array.from({ length: Math.max(s.minItems ?? 0, 1) }, () =>
          this.sample(s.items ?? {}, name),
        );
      case 'object':
      default: {
        const out: Record<string, unknown> = {};
        for (const [key, prop] of Object.entries(s.properties ?? {})) {
          out[key] = this.sample(prop, key);
        }
        if (!s.properties && typeof s.additionalProperties === 'object') {
          out.k = this.sample(s.additionalProperties, 'k');
        }
        return out;
      }
    }
  }

  private sampleString(s: Schema, name: string): string {
    this.serial += 1;
    if (s.format === 'email' || /email/i.test(name)) return `fz${this.serial}@rumbo.test`;
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? 64;
    const fit = (v: string) => v.padEnd(Math.max(min, Math.min(8, max)), 'x').slice(0, max);
    const candidates = [
      fit(`fz${this.serial}`),
      fit('fuzz'),
      fit('a1'),
      '0'.repeat(Math.max(min, 1)),
    ];
    const pattern = s.pattern ? new RegExp(s.pattern, 'u') : undefined;
    return candidates.find((v) => !pattern || pattern.test(v)) ?? candidates[0]!;
  }

  /** True when the schema takes `null`. */
  allowsNull(schema: Schema): boolean {
    return this.allowedTypes(this.resolve(schema)).includes('null');
  }

  /** Values of another type than the schema allows (`null` only when it isn't nullable). */
  wrongTypes(schema: Schema): unknown[] {
    const s = this.resolve(schema);
    const allowed = new Set(this.allowedTypes(s));
    const candidates: [string, unknown][] = [
      ['string', 'fuzz'],
      ['number', 12.5],
      ['integer', 12],
      ['boolean', true],
      ['object', { fuzz: 1 }],
      ['array', ['fuzz']],
      ['null', null],
    ];
    return candidates
      .filter(([type]) => {
        if (allowed.has(type)) return false;
        if (type === 'integer' && allowed.has('number')) return false;
        if (type === 'number' && allowed.has('integer')) return true;
        return true;
      })
      .map(([, value]) => value);
  }

  private allowedTypes(s: Schema): string[] {
    const branches = s.anyOf ?? s.oneOf;
    if (branches) return branches.flatMap((b) => this.allowedTypes(this.resolve(b)));
    const types = typesOf(s);
    if (s.enum) return [...new Set(s.enum.map(jsonType)), ...(s.nullable ? ['null'] : [])];
    if (types.length === 0) return ['string', 'number', 'integer', 'boolean', 'object', 'array'];
    return [...types, ...(s.nullable ? ['null'] : [])];
  }

  /**
   * Bad values for a field of this schema: control characters, ids past int32 and −1, numbers out
   * of range, wrong types. `invalid` is false for a value the schema's bounds allow (−1 where
   * negatives are fine): it must then only not fail.
   */
  badValues(schema: Schema): { name: string; value: unknown; invalid: boolean }[] {
    const s = this.pick(schema);
    const type = typesOf(s).find((t) => t !== 'null');
    const out: { name: string; value: unknown; invalid: boolean }[] = [];
    if (type === 'string' && !s.enum) {
      out.push(
        { name: 'NUL', value: 'ab\u0000cd', invalid: true },
        { name: 'control', value: 'ab\u0001\u001b[31mcd', invalid: true },
        { name: 'lone surrogate', value: 'ab\ud800cd', invalid: true },
        { name: 'overlong', value: 'x'.repeat((s.maxLength ?? 10_000) + 1), invalid: true },
      );
    }
    if (type === 'integer' || type === 'number') {
      const outside = (v: number) =>
        (s.minimum !== undefined && v < s.minimum) ||
        (s.maximum !== undefined && v > s.maximum) ||
        (typeof s.exclusiveMinimum === 'number' && v <= s.exclusiveMinimum) ||
        (typeof s.exclusiveMaximum === 'number' && v >= s.exclusiveMaximum);
      for (const [name, value] of [
        ['2^31', 2 ** 31],
        ['-1', -1],
        ['huge', 8_640_000_000_000_000],
        ['1e308', 1e308],
        ['-1e308', -1e308],
      ] as const) {
        out.push({ name, value, invalid: outside(value) });
      }
      if (type === 'integer') out.push({ name: 'fraction', value: 1.5, invalid: true });
    }
    if (s.enum) out.push({ name: 'not in enum', value: 'fuzz-not-a-value', invalid: true });
    // Wrong for every branch of a union (a time zone is a name or a number), not only the one
    // picked above.
    for (const value of this.wrongTypes(schema)) {
      out.push({ name: `wrong type ${JSON.stringify(value)}`, value, invalid: true });
    }
    return out;
  }

  /** Text bad values of a path or query parameter. */
  badParamValues(schema: Schema): { name: string; value: string }[] {
    const s = this.pick(schema);
    const type = typesOf(s).find((t) => t !== 'null');
    const out = [
      { name: 'NUL', value: 'ab\u0000cd' },
      { name: 'control', value: '\u0001\u001b' },
      { name: 'overlong', value: 'x'.repeat(2_000) },
      { name: 'empty', value: '' },
    ];
    if (type === 'integer' || type === 'number') {
      out.push(
        { name: '2^31', value: String(2 ** 31) },
        { name: '-1', value: '-1' },
        { name: '0', value: '0' },
        { name: 'fraction', value: '1.5' },
        { name: 'text', value: 'abc' },
        { name: 'far future', value: '8640000000000000' },
        { name: '1e309', value: '1e309' },
        { name: '20 digits', value: '99999999999999999999' },
      );
    }
    // A number with a declared range (a latitude) takes -1, 0 and 1.5 rightly.
    const inRange = (v: string) =>
      type === 'number' &&
      s.minimum !== undefined &&
      s.maximum !== undefined &&
      v.trim() !== '' &&
      Number(v) >= s.minimum &&
      Number(v) <= s.maximum;
    return out.filter(
      (v) => !(v.name === 'empty' && type !== 'integer' && type !== 'number') && !inRange(v.value),
    );
  }

  /** Every field of a sampled body with its schema, by JSON path, up to `depth` levels. */
  fields(schema: Schema, value: unknown, depth = 3, at: (string | number)[] = []): FieldAt[] {
    if (depth === 0) return [];
    const s = this.pick(schema);
    const out: FieldAt[] = [];
    if (Array.isArray(value) && s.items && value.length > 0) {
      out.push({ path: [...at, 0], schema: s.items, required: false });
      out.push(...this.fields(s.items, value[0], depth - 1, [...at, 0]));
    } else if (value && typeof value === 'object' && s.properties) {
      const required = new Set(s.required ?? []);
      for (const [key, prop] of Object.entries(s.properties)) {
        out.push({ path: [...at, key], schema: prop, required: required.has(key) });
        const child = (value as Record<string, unknown>)[key];
        out.push(...this.fields(prop, child, depth - 1, [...at, key]));
      }
    }
    return out;
  }
}

export interface FieldAt {
  path: (string | number)[];
  schema: Schema;
  required: boolean;
}

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' && Number.isInteger(value) ? 'integer' : typeof value;
}

/** A deep copy of `value` with the field at `path` set (or removed when `value` is REMOVE). */
export function withField(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    node[last] = value;
  }
  return copy;
}

/** Marks a field to remove in `withField`. */
export const REMOVE = Symbol('remove');
