import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { binaryArray, type BinaryElement } from '../src/pipeline/sql-arrays.js';
import { freshDatabase, testBackends } from './harness.js';

type Value = number | null | undefined;

for (const backend of testBackends()) {
  describe(`binary array parameters read back as sent (${backend})`, () => {
    let h: DatabaseHandle;

    beforeAll(async () => {
      h = await freshDatabase(backend);
    });
    afterAll(async () => {
      await h?.close();
    });

    async function roundTrip(kind: BinaryElement, values: Value[]): Promise<(string | null)[]> {
      const { rows } = await sql<{ v: string | null }>`
        select u::text as v
        from unnest(${binaryArray(kind, values, (v) => v)}::${sql.raw(kind)}[]) with ordinality as t(u, i)
        order by i`.execute(h.db);
      return rows.map((r) => r.v);
    }

    it('sends integers of every width, with NULLs', async () => {
      expect(await roundTrip('int2', [0, -32768, 32767, null, 12])).toEqual([
        '0',
        '-32768',
        '32767',
        null,
        '12',
      ]);
      expect(await roundTrip('int4', [2_147_483_647, -2_147_483_648, undefined])).toEqual([
        '2147483647',
        '-2147483648',
        null,
      ]);
      expect(await roundTrip('int8', [9_007_199_254_740_991, -5, 4_294_967_296, 0])).toEqual([
        '9007199254740991',
        '-5',
        '4294967296',
        '0',
      ]);
    });

    it('sends floats exactly as JavaScript holds them', async () => {
      const floats = [0.1, -1234.5678, 1e-300, 0, Number.NaN, Infinity];
      expect(await roundTrip('float8', floats)).toEqual([
        '0.1',
        '-1234.5678',
        '1e-300',
        '0',
        'NaN',
        'Infinity',
      ]);
      expect(await roundTrip('float4', [45.25, null])).toEqual(['45.25', null]);
    });

    it('sends timestamps as epoch milliseconds, before and after 2000', async () => {
      const { rows } = await sql<{ v: string }>`
        select to_char(u at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') as v
        from unnest(${binaryArray('timestamptz', [Date.UTC(2026, 10, 29, 6, 30, 1, 250), Date.UTC(1999, 11, 31, 23, 59, 59, 999), 0], (v) => v)}::timestamptz[])
          with ordinality as t(u, i) order by i`.execute(h.db);
      expect(rows.map((r) => r.v)).toEqual([
        '2026-11-29 06:30:01.250',
        '1999-12-31 23:59:59.999',
        '1970-01-01 00:00:00.000',
      ]);
    });

    it('sends an empty array', async () => {
      expect(await roundTrip('float8', [])).toEqual([]);
    });

    it('refuses what the column could not hold rather than sending something else', () => {
      expect(() => binaryArray('int4', [1.5], (v) => v)).toThrow(/not an integer/);
      expect(() => binaryArray('int2', [40_000], (v) => v)).toThrow(RangeError);
    });
  });
}
