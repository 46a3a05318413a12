import { MAX_ID } from '@rumbo/contracts';
import {
  REMOVE,
  withField,
  type FuzzCase,
  type Mutator,
  type Operation,
} from './openapi-mutations.js';

// The bad requests the OpenAPI fuzz sends to one operation, built from its valid sample. Pure.

/** Bodies no JSON route may accept, whatever its schema. */
export const MALFORMED_BODIES: { name: string; type: string; body: string | Buffer }[] = [
  { name: 'truncated JSON', type: 'application/json', body: '{"a":' },
  { name: 'trailing garbage', type: 'application/json', body: '{"a":1}}' },
  { name: 'bare word', type: 'application/json', body: 'nul' },
  { name: 'NUL byte', type: 'application/json', body: '\u0000' },
  { name: 'invalid UTF-8', type: 'application/json', body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) },
  { name: '__proto__', type: 'application/json', body: '{"__proto__":{"isAdmin":true}}' },
  {
    name: 'constructor.prototype',
    type: 'application/json',
    body: '{"constructor":{"prototype":{"x":1}}}',
  },
  { name: 'deep nesting', type: 'application/json', body: '['.repeat(5_000) + ']'.repeat(5_000) },
  { name: 'empty JSON', type: 'application/json', body: '' },
  { name: 'form body', type: 'application/x-www-form-urlencoded', body: 'a=1&b=2' },
  { name: 'text body', type: 'text/plain', body: 'hello' },
  { name: 'multipart, no boundary', type: 'multipart/form-data', body: '--x\r\n' },
  {
    name: 'multipart, truncated part',
    type: 'multipart/form-data; boundary=XX',
    body: '--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Ty',
  },
  {
    name: 'multipart, part never closed',
    type: 'multipart/form-data; boundary=XX',
    body:
      '--XX\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\n' +
      'Content-Type: image/png\r\n\r\n\x89PNG\r\n',
  },
  {
    name: 'multipart, wrong field',
    type: 'multipart/form-data; boundary=XX',
    body: '--XX\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--XX--\r\n',
  },
];

/** JSON values of the wrong shape for a whole body. */
export const WRONG_BODIES: { name: string; value: unknown }[] = [
  { name: 'null body', value: null },
  { name: 'array body', value: [] },
  { name: 'string body', value: 'fuzz' },
  { name: 'number body', value: 42 },
  { name: '100k-element array body', value: new Array<number>(100_000).fill(0) },
];

/** A valid request of an operation: path and query values, and the JSON body if it takes one. */
export interface Sample {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** A body as JSON. */
export function json(value: unknown): { type: string; body: string } {
  return { type: 'application/json', body: JSON.stringify(value) ?? '' };
}

/** The sample with nothing changed, as a case. */
export function sampleCase(sample: Sample, name: string, mustRefuse: boolean): FuzzCase {
  const { params, query, body } = sample;
  return {
    name,
    params,
    query,
    ...(body !== undefined ? { payload: json(body) } : {}),
    mustRefuse,
  };
}

/**
 * Every bad variant of an operation's sample: bad path and query values, bad values, missing
 * and unknown fields and huge arrays in the body, bodies of the wrong shape, malformed bodies. A
 * mutating operation gets only the variants it must refuse: a valid one may rightly write.
 */
export function casesOf(
  op: Operation,
  mutator: Mutator,
  sample: Sample,
  /** Every documented `METHOD path`: an empty last segment may name another operation. */
  documented: ReadonlySet<string> = new Set(),
): FuzzCase[] {
  const { params, query, body } = sample;
  const base = sampleCase(sample, '', true);
  const opCases: FuzzCase[] = [];
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const last = `/{${p.name}}`;
    // `/analysis/{from}/{to}/{vehicleId}` with vehicleId '' is `/analysis/{from}/{to}/`, the fleet.
    const isParentRoute =
      op.path.endsWith(last) && documented.has(`${op.method} ${op.path.slice(0, -last.length)}/`);
    for (const bad of mutator.badParamValues(p.schema)) {
      if (bad.name === 'empty' && isParentRoute) continue;
      opCases.push({
        ...base,
        name: `${p.name} ${bad.name}`,
        params: { ...params, [p.name]: bad.value },
        mustRefuse: true,
      });
    }
    opCases.push({
      ...base,
      name: `${p.name} malformed escape`,
      params: { ...params, [p.name]: '%E0%A4%A' },
      rawParams: true,
      mustRefuse: true,
    });
  }
  for (const p of op.parameters.filter((p) => p.in === 'query')) {
    for (const bad of mutator.badParamValues(p.schema)) {
      opCases.push({
        ...base,
        name: `?${p.name} ${bad.name}`,
        query: { ...query, [p.name]: bad.value },
        mustRefuse: true,
      });
    }
    // A list parameter (`vids[]`) may rightly come more than once.
    if (JSON.stringify(p.schema).includes('"array"')) continue;
    opCases.push({
      ...base,
      name: `?${p.name} twice`,
      query: { ...query, [p.name]: [query[p.name]!, query[p.name]!] },
      mustRefuse: true,
    });
    if (p.required) {
      const { [p.name]: _dropped, ...rest } = query;
      opCases.push({ ...base, name: `?${p.name} missing`, query: rest, mustRefuse: true });
    }
  }
  if (op.method === 'GET') {
    opCases.push({
      ...base,
      name: 'unknown query parameter',
      query: { ...query, zzUnknown: 'x' },
      mustRefuse: false,
    });
  }
  if (op.body && body !== undefined) {
    for (const field of mutator.fields(op.body, body)) {
      const label = field.path.join('.');
      for (const bad of mutator.badValues(field.schema)) {
        opCases.push({
          ...base,
          name: `${label} ${bad.name}`,
          payload: json(withField(body, field.path, bad.value)),
          mustRefuse: bad.invalid,
        });
      }
      if (field.required) {
        opCases.push({
          ...base,
          name: `${label} missing`,
          payload: json(withField(body, field.path, REMOVE)),
          mustRefuse: true,
        });
      }
      const schema = mutator.resolve(field.schema);
      const value = field.path.reduce<unknown>(
        (node, key) => (node as Record<string, unknown>)[key],
        body,
      );
      if (Array.isArray(value) && value.length > 0) {
        const huge = new Array<unknown>(100_000).fill(value[0]);
        opCases.push({
          ...base,
          name: `${label} 100k elements`,
          payload: json(withField(body, field.path, huge)),
          mustRefuse: (schema.maxItems ?? Infinity) < huge.length,
        });
      }
      if (value && typeof value === 'object' && !Array.isArray(value) && schema.properties) {
        opCases.push({
          ...base,
          name: `${label} unknown field`,
          payload: json(withField(body, [...field.path, 'zzUnknown'], 1)),
          mustRefuse: true,
        });
      }
    }
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      opCases.push({
        ...base,
        name: 'unknown field',
        payload: json({ ...body, zzUnknown: 1 }),
        mustRefuse: true,
      });
    }
    for (const wrong of WRONG_BODIES) {
      opCases.push({
        ...base,
        name: wrong.name,
        payload: json(wrong.value),
        mustRefuse: wrong.value !== null || !mutator.allowsNull(op.body),
      });
    }
  }
  if (op.method !== 'GET') {
    // A body where none is expected must not reach a handler acting on a real row.
    const safeParams = op.body
      ? params
      : Object.fromEntries(Object.keys(params).map((k) => [k, String(MAX_ID)]));
    for (const malformed of MALFORMED_BODIES) {
      opCases.push({
        ...base,
        params: safeParams,
        name: malformed.name,
        payload: { type: malformed.type, body: malformed.body },
        mustRefuse: true,
      });
    }
  }
  return op.method === 'GET' ? opCases : opCases.filter((c) => c.mustRefuse);
}

/** The URL of a case: path values percent-encoded (unless raw), the query appended. */
export function urlOf(op: Operation, c: FuzzCase): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    c.rawParams ? (c.params[name] ?? '') : encodeURIComponent(c.params[name] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(c.query)) {
    for (const one of Array.isArray(value) ? value : [value]) query.append(key, one);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
