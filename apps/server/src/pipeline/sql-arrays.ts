// PostgreSQL array literals built in one pass, for the batch statements that unnest column
// arrays (positions on the embedded database, rollups, indicators, vehicle states). node-postgres
// turns a JS array parameter into the same literal element by element, quoting and escaping even
// numbers (two regular expressions each): on the write path that cost more than the rows' own
// work (decision 0042). Each literal is one text parameter, cast in the statement (`::int4[]`).

/** `{1,2.5,NULL,true}`: numbers and booleans as JavaScript prints them, null/undefined as NULL. */
export function arrayLiteral(values: readonly (number | boolean | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    out += value === null || value === undefined ? 'NULL' : String(value);
  }
  return `${out}}`;
}

/** `{"a","b\"c",NULL}`: each text quoted, its backslashes and double quotes escaped. */
export function textArrayLiteral(values: readonly (string | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) out += ',';
    if (value === null || value === undefined) out += 'NULL';
    else if (value.includes('\\') || value.includes('"'))
      out += `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    else out += `"${value}"`;
  }
  return `${out}}`;
}

/** `{2026-01-01T00:00:00.000Z,…}` of epoch milliseconds (ISO needs no quoting), for timestamptz[]. */
export function timestampArrayLiteral(values: readonly number[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    out += new Date(values[i]!).toISOString();
  }
  return `${out}}`;
}
