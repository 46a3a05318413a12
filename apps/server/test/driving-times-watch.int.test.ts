import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryBus } from '../src/bus/memory-bus.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { drivingTimesWatch, type RaisedEvent } from '../src/main/driving-times-watch.js';
import { ensureTenant } from '../src/modules/tenants/tenants.repository.js';
import { addTruck } from './api.js';
import { freshDatabase, testBackends } from './harness.js';

// The driving-times watch (issue 26): one `DTB` per episode of driving towards a break. A stop too
// short to count as a break part (10 min: the split break's first part is 15) does not end the
// episode, so the driving after it must not tell the same break warning a second time.

const CARD = 'E26000000000WT01';
const MIN = 60_000;
const H = 60 * MIN;

for (const backend of testBackends()) {
  describe(`driving-times watch (${backend})`, () => {
    let database: DatabaseHandle;
    let tenantId: number;
    let vehicleId: number;

    beforeAll(async () => {
      database = await freshDatabase(backend);
      ({ vehicleId } = await addTruck(database.db, '359000000026101', 'WT026AA'));
      ({ id: tenantId } = await ensureTenant(database.db, 'Transportes Demo'));
    }, 120_000);
    afterAll(() => database?.close());

    it('tells one DTB when the driving goes on after a 10-minute stop', async () => {
      const db = database.db;
      const bus = memoryBus();
      const raised: RaisedEvent[] = [];
      const stop = drivingTimesWatch({
        db,
        bus,
        raise: async (events) => void raised.push(...events),
        log: { warn: () => undefined },
      });
      const t0 = Math.floor(Date.now() / 1000) * 1000 - 5 * H;
      const row = (kind: 'drive' | 'rest', startMs: number, endMs: number | null) => ({
        tenant_id: tenantId,
        vehicle_id: vehicleId,
        card: CARD,
        slot: 1,
        kind,
        start_time: new Date(startMs),
        end_time: endMs === null ? null : new Date(endMs),
      });
      const committed = (kind: 'drive' | 'rest', startMs: number, atMs: number) =>
        bus.publishFacts([
          {
            tag: { tenantId, vehicleId },
            fact: { type: 'driver-activity', atMs, slot: 1, card: CARD, kind, startMs },
          },
        ]);
      const settled = async () => {
        // The watch evaluates in order on its own queue; a DB round trip lets it drain.
        for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      };

      // 4 h 16 of driving: the warning (4 h 15) was reached a minute ago.
      await db
        .insertInto('driver_activities')
        .values(row('drive', t0, null))
        .execute();
      committed('drive', t0, t0 + 4 * H + 16 * MIN);
      await expect.poll(() => raised.length, { timeout: 10_000 }).toBe(1);
      // A 10-minute stop (no break part), then driving again.
      await db
        .updateTable('driver_activities')
        .set({ end_time: new Date(t0 + 4 * H + 16 * MIN) })
        .where('card', '=', CARD)
        .execute();
      await db
        .insertInto('driver_activities')
        .values([
          row('rest', t0 + 4 * H + 16 * MIN, t0 + 4 * H + 26 * MIN),
          row('drive', t0 + 4 * H + 26 * MIN, null),
        ])
        .execute();
      committed('rest', t0 + 4 * H + 16 * MIN, t0 + 4 * H + 16 * MIN);
      committed('drive', t0 + 4 * H + 26 * MIN, t0 + 4 * H + 28 * MIN);
      await settled();
      // Still driving after the limit: the same episode.
      bus.publishLive({
        tenantId,
        vehicleId,
        update: { fixTimeMs: t0 + 4 * H + 45 * MIN },
      } as never);
      committed('drive', t0 + 4 * H + 26 * MIN, t0 + 4 * H + 45 * MIN);
      await settled();
      stop();

      const dtb = raised.filter((e) => e.fact.code === 'DTB');
      expect(dtb).toHaveLength(1);
      // It starts where 4 h 15 of driving were reached.
      expect(dtb[0]!.fact.startTimeMs).toBe(t0 + 4 * H + 15 * MIN);
      const stored = await db
        .selectFrom('events')
        .select(['code', 'start_time'])
        .where('code', '=', 'DTB')
        .where('tenant_id', '=', tenantId)
        .execute();
      expect(stored).toHaveLength(1);
    });
  });
}
