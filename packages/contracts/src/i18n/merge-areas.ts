/** The intersection of a tuple's types: what merging its objects gives. */
type Merged<T extends readonly unknown[]> = T extends readonly [infer Head, ...infer Rest]
  ? Head & Merged<Rest>
  : unknown;

/**
 * One language's strings from its area files, merged deeply: an area may add keys under a shared
 * namespace (`menu`, `error`) without editing the base file. A key is defined by one file only
 * (i18n-bundles.test.ts); were it not, the later file would win.
 */
export function mergeAreas<T extends readonly object[]>(...areas: T): Merged<T> {
  const merged: Record<string, unknown> = {};
  for (const area of areas) mergeInto(merged, area as Record<string, unknown>);
  return merged as Merged<T>;
}

/** Copies `source` into `target`, objects key by key (the imported JSON is never changed). */
function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    if (!isObject(value)) {
      target[key] = value;
      continue;
    }
    let into = target[key];
    if (!isObject(into)) {
      into = {};
      target[key] = into;
    }
    mergeInto(into as Record<string, unknown>, value);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
