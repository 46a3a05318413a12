// The demo's near-limit drivers kept across restarts (decision 0048): placed once and kept in the
// database under a key of what the placement depends on; read back on the next start; placed
// again when the key differs, when the row does not read back, or when it no longer holds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/database.js';
import {
  computeDemoPlacement,
  demoNearLimit,
  demoPlacementKey,
  demoTruckDuty,
} from '../src/demo/demo-duty.js';
import { loadDemoPlacement } from '../src/demo/demo-placement.js';
import { freshDatabase, testBackends } from './harness.js';

const DAY = 86_400_000;
const SEED = 'rumbo-demo';
const VEHICLES = 50;
const ANCHOR = Date.UTC(2026, 8, 17, 9, 5);
const fleet = { seed: SEED, vehicles: VEHICLES, startMs: ANCHOR - 14 * DAY, anchorMs: ANCHOR };

describe.each(testBackends())(
  'the demo placement kept (%s)',
  (backend) => {
    let handle: DatabaseHandle;
    const rows = () =>
      handle.db.selectFrom('demo_placement').select(['key', 'placement']).execute();
    const expected = computeDemoPlacement(SEED, VEHICLES, fleet.startMs, ANCHOR);

    beforeAll(async () => {
      handle = await freshDatabase(backend);
    });
    afterAll(async () => {
      await handle?.close();
    });

    it('is placed on the first start and kept under its key', async () => {
      expect(expected.map((p) => p.limit)).toEqual(['break', 'break', 'day']);
      const first = await loadDemoPlacement(handle.db, fleet);
      expect(first.kept).toBe(false);
      expect(first.placement).toEqual(expected);
      const kept = await rows();
      expect(kept.map((r) => r.key)).toEqual([
        demoPlacementKey(SEED, VEHICLES, fleet.startMs, ANCHOR),
      ]);
      expect(JSON.parse(kept[0]!.placement)).toEqual(expected);
      // What the fleet's trucks and the near-limit list use.
      expect(demoNearLimit(SEED, VEHICLES, fleet.startMs, ANCHOR)).toEqual(
        expected.map(({ driver, limit, leftMin }) => ({ driver, limit, leftMin })),
      );
      expect(demoTruckDuty(SEED, VEHICLES, fleet.startMs, ANCHOR)(expected[2]!.index)).toEqual(
        expected[2]!.duty,
      );
    });

    it('is read back on a restart', async () => {
      expect(await loadDemoPlacement(handle.db, fleet)).toEqual({
        placement: expected,
        kept: true,
      });
    });

    it('is placed again for another fleet start, the old one dropped', async () => {
      const later = { ...fleet, startMs: fleet.startMs + DAY, anchorMs: ANCHOR + DAY };
      const other = await loadDemoPlacement(handle.db, later);
      expect(other.kept).toBe(false);
      expect(other.placement).toEqual(
        computeDemoPlacement(SEED, VEHICLES, later.startMs, later.anchorMs),
      );
      expect((await rows()).map((r) => r.key)).toEqual([
        demoPlacementKey(SEED, VEHICLES, later.startMs, later.anchorMs),
      ]);
      const back = await loadDemoPlacement(handle.db, fleet);
      expect(back).toEqual({ placement: expected, kept: false });
    });

    it('is placed again when the row does not read back or no longer holds', async () => {
      const spoil = async (placement: string) => {
        await sql`update demo_placement set placement = ${placement}`.execute(handle.db);
        const again = await loadDemoPlacement(handle.db, fleet);
        expect(again).toEqual({ placement: expected, kept: false });
        expect(JSON.parse((await rows())[0]!.placement)).toEqual(expected);
      };
      await spoil('{"index": 3, trunc');
      await spoil(JSON.stringify([{ ...expected[0], limit: 'week' }]));
      // Parses, but the driver is not where it says at the anchor (the planner changed, say).
      await spoil(JSON.stringify(expected.map((p, k) => (k === 1 ? { ...p, leftMin: 31 } : p))));
      await spoil(
        JSON.stringify(expected.map((p) => ({ ...p, duty: { ...p.duty, hold: undefined } }))),
      );
      expect((await loadDemoPlacement(handle.db, fleet)).kept).toBe(true);
    });
  },
  180_000,
);
