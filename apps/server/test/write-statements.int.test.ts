import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTransaction, statementName } from '../src/pipeline/copy-positions.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { freshDatabase } from './harness.js';

// PostgreSQL only: the batch's statements are prepared once per write connection.
describe.skipIf(!process.env.TEST_DATABASE_URL)('write path on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  beforeAll(async () => {
    handle = await freshDatabase('postgres');
    pool = new pg.Pool({ ...handle.pool.options, max: 1 });
  });
  afterAll(async () => {
    await pool?.end();
    await handle?.close();
  });

  it('runs a repeated statement of the transaction as a prepared statement of its connection', async () => {
    const vehicles: number[] = [];
    for (let i = 0; i < 3; i++) {
      await copyTransaction(pool, [], async (trx) => {
        const rows = await trx.selectFrom('vehicles').select('id').where('id', '>', 0).execute();
        vehicles.push(rows.length);
      });
    }
    expect(new Set(vehicles).size).toBe(1);
    const prepared = await pool.query<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
    );
    const ours = prepared.rows.filter((r) => r.name.startsWith('rumbo_w'));
    expect(ours.length).toBe(1);
    expect(ours[0]!.statement).toContain('"vehicles"');
  });
});

// After the PostgreSQL test: the second case spends the process's 64 names.
describe('write path statement names', () => {
  it('names a text the second time it is seen, and always the same name', () => {
    const text = `select ${Math.random()} as once`;
    expect(statementName(text)).toBeUndefined();
    const name = statementName(text);
    expect(name).toMatch(/^rumbo_w\d+$/u);
    expect(statementName(text)).toBe(name);
  });

  it('never names more than 64 texts, however many repeat', () => {
    const given = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const text = `select ${i} as many_${Math.random()}`;
      statementName(text);
      const name = statementName(text);
      if (name) given.add(name);
    }
    expect(given.size).toBeLessThanOrEqual(64);
  });
});
