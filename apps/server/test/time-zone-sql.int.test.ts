import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import { zonedDay } from '../src/db/time-zone-sql.js';
import { freshDatabase, testBackends } from './harness.js';

for (const backend of testBackends()) {
  describe(`days in the user's zone at the database (${backend})`, () => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await freshDatabase(backend);
    });
    afterAll(() => database.close());

    async function dayOf(instant: number, zone: string | number): Promise<string> {
      const at = new Date(instant).toISOString();
      const { rows } = await sql<{ day: Date }>`
        select ${zonedDay(sql`${at}::timestamptz`, zone)} as day`.execute(database.db);
      return new Date(rows[0]!.day).toISOString();
    }

    it('buckets by Madrid days across the spring and autumn changes (IANA names work)', async () => {
      // Sunday 2026-03-29 00:30 UTC is 01:30 CET: the day began at 23:00 UTC the 28th.
      expect(await dayOf(Date.UTC(2026, 2, 29, 0, 30), 'Europe/Madrid')).toBe(
        '2026-03-28T23:00:00.000Z',
      );
      // Monday 2026-03-30 00:30 CEST (29th 22:30 UTC): that day began at 22:00 UTC.
      expect(await dayOf(Date.UTC(2026, 2, 29, 22, 30), 'Europe/Madrid')).toBe(
        '2026-03-29T22:00:00.000Z',
      );
      // Sunday 2026-10-25 23:30 CET (22:30 UTC): the day began at 22:00 UTC the 24th (CEST).
      expect(await dayOf(Date.UTC(2026, 9, 25, 22, 30), 'Europe/Madrid')).toBe(
        '2026-10-24T22:00:00.000Z',
      );
    });

    it('reads a number as a fixed offset (east positive) and UTC as UTC', async () => {
      expect(await dayOf(Date.UTC(2026, 2, 29, 2, 30), -3)).toBe('2026-03-28T03:00:00.000Z');
      expect(await dayOf(Date.UTC(2026, 2, 29, 22, 30), 5.5)).toBe('2026-03-29T18:30:00.000Z');
      expect(await dayOf(Date.UTC(2026, 2, 29, 22, 30), 'UTC')).toBe('2026-03-29T00:00:00.000Z');
      expect(await dayOf(Date.UTC(2026, 2, 29, 2, 30), 'America/Argentina/Buenos_Aires')).toBe(
        '2026-03-28T03:00:00.000Z',
      );
    });
  });
}
